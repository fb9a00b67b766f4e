import { Duration, Option, Schedule } from "effect"

/** Attempts in total, the first one included; after the last failure the delivery is failed. */
export const MAX_DELIVERY_ATTEMPTS = 5

/** The contract's waits before retries 1-4. */
export const RETRY_DELAYS: ReadonlyArray<Duration.Duration> = [
  Duration.minutes(5),
  Duration.minutes(30),
  Duration.hours(2),
  Duration.hours(24)
]

/**
 * The wait after the given attempt (1-based) failed, or none when that was the last attempt.
 * Attempt 1 is immediate; the following start 5 min, 35 min, 2 h 35 min and 26 h 35 min after the event.
 */
export const delayAfterFailedAttempt = (attempt: number): Option.Option<Duration.Duration> =>
  Number.isInteger(attempt) && attempt >= 1 && attempt < MAX_DELIVERY_ATTEMPTS
    ? Option.some(RETRY_DELAYS[attempt - 1]!)
    : Option.none()

/** The same rule as an Effect `Schedule`: `Effect.retry(send, retrySchedule)` makes exactly five attempts. */
export const retrySchedule: Schedule.Schedule<Duration.Duration> = Schedule.fromDelays(
  RETRY_DELAYS[0]!,
  ...RETRY_DELAYS.slice(1)
)

export const retryScheduleSeconds: ReadonlyArray<number> = RETRY_DELAYS.map((d) => Duration.toSeconds(d))
