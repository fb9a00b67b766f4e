import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import fc from "fast-check"
import { bucketByLocalDate, type DaySlots, hoursIn, windHoursIn } from "../../../src/domain/safety/LocalDays.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { calmHour } from "./Hours.js"

/** The reading as it was first written (a regex and `slice`s), which the loops must match exactly. */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}/
const reference = (hours: ReadonlyArray<HourlyPoint>) => {
  const days = new Map<string, Array<Array<HourlyPoint>>>()
  for (const [i, point] of hours.entries()) {
    const match = LOCAL_TIME.exec(point.time)
    const hour = match === null ? NaN : Number(match[2])
    if (match === null || !(hour >= 0 && hour <= 23)) return Either.left(`hour ${i} of the weather series has a malformed time "${point.time}"`)
    let slots = days.get(match[1]!)
    if (slots === undefined) {
      slots = Array.from({ length: 24 }, () => [])
      days.set(match[1]!, slots)
    }
    slots[hour]!.push(point)
  }
  return Either.right(days)
}

/** Times near the format: well formed, and each way one character can break it. */
const time = fc.oneof(
  fc.record({
    date: fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true }),
    hour: fc.integer({ min: 0, max: 29 }),
    minute: fc.integer({ min: 0, max: 59 })
  }).map(({ date, hour, minute }) =>
    `${date.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`
  ),
  fc.tuple(fc.constantFrom("2026-07-01T03:00", "2026-07-01T23:59", "2026-07-02T00:00:00Z"), fc.nat(15), fc.constantFrom("x", "-", "T", ":", "٣", " ", "")).map(
    ([t, i, c]) => `${t.slice(0, i)}${c}${t.slice(i + 1)}`
  ),
  fc.string({ maxLength: 18 })
)

describe("LocalDays", () => {
  it("buckets every hour by its local date and hour, and refuses a malformed time, exactly as the regex reading", () =>
    fc.assert(
      fc.property(fc.array(time, { maxLength: 30 }), (times) => {
        const hours = times.map((t): HourlyPoint => ({ ...calmHour, time: t }))
        assert.deepStrictEqual(bucketByLocalDate(hours), reference(hours))
      }),
      { numRuns: 500 }
    ))

  it("takes a window's hours and counts those with wind as slicing the slots would", () =>
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.boolean(), { maxLength: 2 }), { minLength: 24, maxLength: 24 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 24 }),
        (winds, start, end) => {
          const slots: DaySlots = winds.map((slot, h) =>
            slot.map((wind, k) => ({ ...calmHour, ...(wind ? {} : { wind_speed_kt: null }), time: `2026-07-01T${String(h).padStart(2, "0")}:0${k}` }))
          )
          assert.deepStrictEqual(hoursIn(slots, start, end), slots.slice(start, end).flat())
          assert.strictEqual(windHoursIn(slots, start, end), slots.slice(start, end).filter((s) => s.some((p) => p.wind_speed_kt !== null)).length)
        }
      )
    ))
})
