import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import fc from "fast-check"
import { productOf } from "../../../src/domain/billing/Ledger.js"
import { aggregate, creditsUsed, Measure, PRODUCTS, type Tally, type UsageCounters } from "../../../src/domain/usage/UsageCounters.js"
import { HOUR_MILLIS, resolveRange } from "../../../src/domain/usage/UsageRange.js"
import { WidgetId } from "../../../src/domain/Ids.js"
import { id } from "../../support/TestIds.js"

const widgetId = (seed: number) => WidgetId.make(id("wgt", seed))

const NOW = Date.UTC(2026, 10, 24, 12)
const range = (from: string, to: string, granularity: "day" | "hour" = "day") =>
  Either.getOrThrow(resolveRange({ from, to, granularity }, NOW))

const sumOf = (periods: ReadonlyArray<UsageCounters>, pick: (c: UsageCounters) => number) =>
  periods.reduce((sum, c) => sum + pick(c), 0)

const tallyArb = (startMillis: number, hours: number) =>
  fc.record({
    bucketMillis: fc.integer({ min: -48, max: hours + 48 }).map((h) => startMillis + h * HOUR_MILLIS),
    measure: fc.constantFrom(...Measure.literals),
    amount: fc.integer({ min: 0, max: 50 }),
    product: fc.constantFrom(...PRODUCTS)
  }) satisfies fc.Arbitrary<Tally>

describe("aggregate", () => {
  it("fills every period with zeros, oldest first", () => {
    const report = aggregate(range("2026-11-01", "2026-11-03"), [])
    assert.deepStrictEqual(report.data.map((p) => p.startMillis), [Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 2), Date.UTC(2026, 10, 3)])
    for (const p of [...report.data.map((p) => p.counters), report.totals]) {
      assert.strictEqual(p.creditsCharged + p.requests + p.forecastsCreated + p.webhookDeliveriesFailed, 0)
      assert.deepStrictEqual(p.byProduct.route, { charged: 0, refunded: 0 })
    }
  })

  it("puts each tally in its period and product; the totals are the sum of the periods; outside tallies are left out", () => {
    const r = range("2026-11-01", "2026-11-02")
    const report = aggregate(r, [
      { bucketMillis: Date.UTC(2026, 10, 1, 5), measure: "credits_charged", amount: 3, product: "spotcast" },
      { bucketMillis: Date.UTC(2026, 10, 1, 23), measure: "credits_charged", amount: 2, product: "widget" },
      { bucketMillis: Date.UTC(2026, 10, 2, 0), measure: "credits_refunded", amount: 3, product: "spotcast" },
      { bucketMillis: Date.UTC(2026, 10, 2, 7), measure: "credits_charged", amount: 4, product: "route" },
      { bucketMillis: Date.UTC(2026, 10, 2, 7), measure: "requests", amount: 9 },
      { bucketMillis: Date.UTC(2026, 10, 2, 7), measure: "rate_limited_requests", amount: 2 },
      { bucketMillis: Date.UTC(2026, 10, 3, 0), measure: "credits_charged", amount: 100, product: "spotcast" },
      { bucketMillis: Date.UTC(2026, 9, 31, 23), measure: "requests", amount: 100 }
    ])
    const [first, second] = report.data.map((p) => p.counters)
    assert.deepInclude(first!, { creditsCharged: 5, creditsRefunded: 0, requests: 0 })
    assert.deepInclude(second!, { creditsCharged: 4, creditsRefunded: 3, requests: 9, rateLimitedRequests: 2 })
    assert.deepInclude(report.totals, { creditsCharged: 9, creditsRefunded: 3, requests: 9 })
    assert.deepStrictEqual(report.totals.byProduct, {
      spotcast: { charged: 3, refunded: 3 },
      widget: { charged: 2, refunded: 0 },
      route: { charged: 4, refunded: 0 }
    })
    assert.strictEqual(creditsUsed(report.totals), 6)
  })

  it("property: by day or by hour, every total is the sum of its periods, and products sum to the credits", () => {
    const r = range("2026-11-01", "2026-11-03", "hour")
    const byDay = range("2026-11-01", "2026-11-03")
    fc.assert(fc.property(fc.array(tallyArb(r.startMillis, 72), { maxLength: 200 }), (tallies) => {
      const hourly = aggregate(r, tallies)
      const daily = aggregate(byDay, tallies)
      assert.strictEqual(hourly.data.length, 72)
      assert.deepStrictEqual(daily.totals, hourly.totals)
      for (const report of [hourly, daily]) {
        const periods = report.data.map((p) => p.counters)
        for (const pick of [(c: UsageCounters) => c.creditsCharged, (c: UsageCounters) => c.requests, (c: UsageCounters) => c.webhookDeliveriesSucceeded]) {
          assert.strictEqual(sumOf(periods, pick), pick(report.totals))
        }
        assert.strictEqual(PRODUCTS.reduce((s, p) => s + report.totals.byProduct[p].charged, 0), report.totals.creditsCharged)
        assert.strictEqual(PRODUCTS.reduce((s, p) => s + report.totals.byProduct[p].refunded, 0), report.totals.creditsRefunded)
      }
      const inside = tallies.filter((t) => t.bucketMillis >= r.startMillis && t.bucketMillis < r.endMillis && t.measure === "requests")
      assert.strictEqual(hourly.totals.requests, inside.reduce((s, t) => s + t.amount, 0))
    }))
  })
})

describe("productOf", () => {
  it("reads the recorded product, else a widget's when the entry names one, else a SpotCast's", () => {
    assert.strictEqual(productOf({}), "spotcast")
    assert.strictEqual(productOf({ widgetId: widgetId(1) }), "widget")
    assert.strictEqual(productOf({ product: "route" }), "route")
    assert.strictEqual(productOf({ product: "spotcast", widgetId: widgetId(1) }), "spotcast")
  })
})
