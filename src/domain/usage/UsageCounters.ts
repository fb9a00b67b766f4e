import { Schema } from "effect"
import { type ChargeProduct } from "../billing/Ledger.js"
import { periodOf, periodStarts, type UsageRange } from "./UsageRange.js"

/** Every product credits are reported for, in the order reports list them. */
export const PRODUCTS: ReadonlyArray<ChargeProduct> = ["spotcast", "widget", "route"]

/**
 * What storage counts, per account and UTC hour: credit movements (by product), forecasts reaching
 * each state, API requests, and webhook deliveries reaching their final outcome.
 */
export const Measure = Schema.Literal(
  "credits_charged",
  "credits_refunded",
  "forecasts_created",
  "forecasts_completed",
  "forecasts_failed",
  "requests",
  "rate_limited_requests",
  "webhook_deliveries_succeeded",
  "webhook_deliveries_failed"
)
export type Measure = typeof Measure.Type

/** One count of a measure in one bucket, a UTC hour or day (credits also name their product). */
export interface Tally {
  /** The start of the bucket it counts in. */
  readonly bucketMillis: number
  readonly measure: Measure
  readonly amount: number
  readonly product?: ChargeProduct | undefined
}

export interface ProductCredits {
  readonly charged: number
  readonly refunded: number
}

export interface UsageCounters {
  readonly creditsCharged: number
  readonly creditsRefunded: number
  readonly forecastsCreated: number
  readonly forecastsCompleted: number
  readonly forecastsFailed: number
  readonly requests: number
  readonly rateLimitedRequests: number
  readonly webhookDeliveriesSucceeded: number
  readonly webhookDeliveriesFailed: number
  readonly byProduct: Readonly<Record<ChargeProduct, ProductCredits>>
}

/** Credits used: what was charged less what was refunded (the change of `total_credits_used`). */
export const creditsUsed = (c: Pick<UsageCounters, "creditsCharged" | "creditsRefunded">): number =>
  c.creditsCharged - c.creditsRefunded

type Mutable = { -readonly [K in keyof UsageCounters]: UsageCounters[K] } & {
  byProduct: Record<ChargeProduct, { charged: number; refunded: number }>
}

const zero = (): Mutable => ({
  creditsCharged: 0,
  creditsRefunded: 0,
  forecastsCreated: 0,
  forecastsCompleted: 0,
  forecastsFailed: 0,
  requests: 0,
  rateLimitedRequests: 0,
  webhookDeliveriesSucceeded: 0,
  webhookDeliveriesFailed: 0,
  byProduct: { spotcast: { charged: 0, refunded: 0 }, widget: { charged: 0, refunded: 0 }, route: { charged: 0, refunded: 0 } }
})

export const emptyCounters: UsageCounters = zero()

/** The counter each measure adds to (credits also to their product's). */
const COUNTER_OF: Readonly<Record<Measure, Exclude<keyof UsageCounters, "byProduct">>> = {
  credits_charged: "creditsCharged",
  credits_refunded: "creditsRefunded",
  forecasts_created: "forecastsCreated",
  forecasts_completed: "forecastsCompleted",
  forecasts_failed: "forecastsFailed",
  requests: "requests",
  rate_limited_requests: "rateLimitedRequests",
  webhook_deliveries_succeeded: "webhookDeliveriesSucceeded",
  webhook_deliveries_failed: "webhookDeliveriesFailed"
}

const add = (into: Mutable, tally: Tally): void => {
  into[COUNTER_OF[tally.measure]] += tally.amount
  if (tally.measure === "credits_charged") into.byProduct[tally.product ?? "spotcast"].charged += tally.amount
  else if (tally.measure === "credits_refunded") into.byProduct[tally.product ?? "spotcast"].refunded += tally.amount
}

export interface UsagePeriod {
  readonly startMillis: number
  readonly counters: UsageCounters
}

export interface UsageReport {
  readonly range: UsageRange
  readonly totals: UsageCounters
  /** One entry per period of the range, oldest first, quiet periods included with zeros. */
  readonly data: ReadonlyArray<UsagePeriod>
}

/**
 * Sums tallies (in buckets no longer than the range's periods) into the periods and the totals. Tallies outside the range are left
 * out, so the totals are exactly the sum of the periods.
 */
export const aggregate = (range: UsageRange, tallies: Iterable<Tally>): UsageReport => {
  const starts = periodStarts(range)
  const periods = new Map<number, Mutable>(starts.map((start) => [start, zero()]))
  const totals = zero()
  for (const tally of tallies) {
    if (tally.bucketMillis < range.startMillis || tally.bucketMillis >= range.endMillis || tally.amount === 0) continue
    const period = periods.get(periodOf(tally.bucketMillis, range.granularity))
    if (period === undefined) continue
    add(period, tally)
    add(totals, tally)
  }
  return { range, totals, data: starts.map((startMillis) => ({ startMillis, counters: periods.get(startMillis)! })) }
}
