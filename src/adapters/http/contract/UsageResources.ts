import { Schema } from "effect"
import type { ChargeProduct } from "../../../domain/billing/Ledger.js"
import { creditsUsed, PRODUCTS, type ProductCredits, type UsageCounters, type UsageReport } from "../../../domain/usage/UsageCounters.js"
import { DEFAULT_DAYS, formatDate, Granularity, MAX_DAYS_BY_DAY, MAX_DAYS_BY_HOUR } from "../../../domain/usage/UsageRange.js"
import { says } from "./SchemaAnnotations.js"

const date = (what: string) =>
  Schema.optional(Schema.String.annotations({
    description: `${what} (YYYY-MM-DD, UTC, included)`,
    jsonSchema: {
      type: "string",
      format: "date",
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
      description: `${what} (YYYY-MM-DD, UTC, included); from must not be after to, and the range is at most ${MAX_DAYS_BY_DAY} days by day, ${MAX_DAYS_BY_HOUR} by hour (invalid_date_range)`
    }
  }))

/** `from`, `to` and `granularity` as they arrive in the query string (dates are checked by the domain). */
export const UsageQueryParams = Schema.Struct({
  from: date(`First day; default: ${DEFAULT_DAYS} days ending at to`),
  to: date("Last day; default: today"),
  granularity: Schema.optional(Granularity.annotations({
    ...says("granularity must be day or hour"),
    description: `day (default; at most ${MAX_DAYS_BY_DAY} days) or hour (at most ${MAX_DAYS_BY_HOUR} days)`
  }))
})

const Count = Schema.Int.pipe(Schema.nonNegative())

const ProductCreditsResource = Schema.Struct({
  credits_charged: Count,
  credits_refunded: Count,
  credits_used: Schema.Int
})

/** Every counter of a period (or of the whole range). */
export const UsageCountersResource = Schema.Struct({
  credits_charged: Count.annotations({ description: "Credits charged (creates and refreshes of every product)" }),
  credits_refunded: Count.annotations({ description: "Credits refunded (failed forecasts)" }),
  credits_used: Schema.Int.annotations({ description: "credits_charged − credits_refunded: the change of total_credits_used" }),
  forecasts_created: Count,
  forecasts_completed: Count,
  forecasts_failed: Count,
  requests: Count.annotations({ description: "API requests made with the account's keys (rate-limited ones included)" }),
  rate_limited_requests: Count.annotations({ description: "Requests answered 429 rate_limit_exceeded" }),
  webhook_deliveries_succeeded: Count.annotations({ description: "Deliveries acknowledged with a 2xx, dated when delivered" }),
  webhook_deliveries_failed: Count.annotations({ description: "Deliveries that failed for good, dated by their last attempt" }),
  by_product: Schema.Struct({
    spotcast: ProductCreditsResource,
    widget: ProductCreditsResource,
    route: ProductCreditsResource
  }).annotations({ description: "The credits by product" })
}).annotations({ identifier: "UsageCounters" })
export type UsageCountersResource = typeof UsageCountersResource.Type

export const UsagePeriodResource = Schema.Struct({
  period: Schema.String.annotations({
    description: "The period's start: the date (by day) or the hour as YYYY-MM-DDTHH:00:00Z (by hour), UTC"
  }),
  ...UsageCountersResource.fields
}).annotations({ identifier: "UsagePeriod" })

/** GET /v3/usage. */
export const UsageResource = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  granularity: Granularity,
  totals: UsageCountersResource,
  data: Schema.Array(UsagePeriodResource).annotations({
    description: "One entry per period, oldest first; periods without activity are included with zeros"
  })
}).annotations({ identifier: "Usage" })
export type UsageResource = typeof UsageResource.Type

const productResource = (p: ProductCredits) => ({
  credits_charged: p.charged,
  credits_refunded: p.refunded,
  credits_used: p.charged - p.refunded
})

export const countersResource = (c: UsageCounters): UsageCountersResource => ({
  credits_charged: c.creditsCharged,
  credits_refunded: c.creditsRefunded,
  credits_used: creditsUsed(c),
  forecasts_created: c.forecastsCreated,
  forecasts_completed: c.forecastsCompleted,
  forecasts_failed: c.forecastsFailed,
  requests: c.requests,
  rate_limited_requests: c.rateLimitedRequests,
  webhook_deliveries_succeeded: c.webhookDeliveriesSucceeded,
  webhook_deliveries_failed: c.webhookDeliveriesFailed,
  by_product: {
    spotcast: productResource(c.byProduct.spotcast),
    widget: productResource(c.byProduct.widget),
    route: productResource(c.byProduct.route)
  }
})

/** A period's name on the wire: its date by day, its hour (`2026-11-24T09:00:00Z`) by hour. */
export const periodName = (startMillis: number, granularity: Granularity): string =>
  granularity === "day" ? formatDate(startMillis) : `${new Date(startMillis).toISOString().slice(0, 13)}:00:00Z`

export const usageResource = (report: UsageReport): UsageResource => ({
  from: report.range.from,
  to: report.range.to,
  granularity: report.range.granularity,
  totals: countersResource(report.totals),
  data: report.data.map((p) => ({ period: periodName(p.startMillis, report.range.granularity), ...countersResource(p.counters) }))
})

const COUNTER_COLUMNS = [
  "credits_charged",
  "credits_refunded",
  "credits_used",
  "forecasts_created",
  "forecasts_completed",
  "forecasts_failed",
  "requests",
  "rate_limited_requests",
  "webhook_deliveries_succeeded",
  "webhook_deliveries_failed"
] as const

const PRODUCT_COLUMNS = ["credits_charged", "credits_refunded", "credits_used"] as const

/** The CSV header: `period`, the counters, then `<product>_credits_…` for every product. */
export const CSV_COLUMNS: ReadonlyArray<string> = [
  "period",
  ...COUNTER_COLUMNS,
  ...PRODUCTS.flatMap((product: ChargeProduct) => PRODUCT_COLUMNS.map((column) => `${product}_${column}`))
]

/**
 * GET /v3/usage/export: the same periods as GET /v3/usage, one CSV row each (RFC 4180, CRLF line
 * ends, a header row; no totals row, so every row is a period). Every cell is a date or an integer,
 * so nothing needs quoting.
 */
export const usageCsv = (usage: UsageResource): string => {
  const rows = usage.data.map((p) =>
    [
      p.period,
      ...COUNTER_COLUMNS.map((column) => String(p[column])),
      ...PRODUCTS.flatMap((product) => PRODUCT_COLUMNS.map((column) => String(p.by_product[product][column])))
    ].join(",")
  )
  return [CSV_COLUMNS.join(","), ...rows].map((line) => `${line}\r\n`).join("")
}

/** The file name a browser saves the export as. */
export const csvFileName = (usage: Pick<UsageResource, "from" | "to" | "granularity">) =>
  `usage-${usage.from}-${usage.to}-${usage.granularity}.csv`
