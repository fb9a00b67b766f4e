import { assert } from "@effect/vitest"
import { DateTime, Duration, Effect, Either, Option } from "effect"
import fc from "fast-check"
import type { Account } from "../../src/domain/account/Account.js"
import { type ForecastId, LedgerEntryId, SpotCastId } from "../../src/domain/Ids.js"
import { aggregate, creditsUsed, type Tally } from "../../src/domain/usage/UsageCounters.js"
import { DAY_MILLIS, HOUR_MILLIS, resolveRange } from "../../src/domain/usage/UsageRange.js"
import { backingSpotCast, refreshed, type Widget } from "../../src/domain/widget/Widget.js"
import type { WebhookDelivery } from "../../src/domain/webhook/WebhookDelivery.js"
import { WEATHER_UNAVAILABLE } from "../../src/application/spotcast/ProcessForecast.js"
import { AccountStore } from "../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import { UsageStore } from "../../src/ports/UsageStore.js"
import { type ClaimedDelivery, WebhookOutbox } from "../../src/ports/WebhookOutbox.js"
import { WidgetStore } from "../../src/ports/WidgetStore.js"
import { seedAccount } from "../support/Accounts.js"
import { at, seedDelivery } from "../support/WebhookDeliveries.js"
import * as F from "./Fixtures.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"
import { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"
import { chargeNewWidget, chargeWidgetRefresh } from "../../src/application/widget/Widgets.js"
import { chargeSpotCastRefresh } from "../../src/application/spotcast/RefreshSpotCast.js"
import { completeForecast, failForecast } from "../../src/application/finish/Finish.js"

/** 2026-03-01T00:00Z: the suite's day 0. */
const DAY0 = Date.UTC(2026, 2, 1)
const utc = (millis: number) => DateTime.unsafeMake(millis)
const analysis = { summary: "Calm", daily_classifications: [{ date: "2026-03-01", classification: "GO" as const, summary: "Calm" }] }

const tallies = (account: Pick<Account, "id">, startMillis: number, endMillis: number, bucketMillis = HOUR_MILLIS) =>
  Effect.flatMap(UsageStore, (s) => s.tallies(account.id, startMillis, endMillis, bucketMillis))

/** The report GET /v3/usage would build from the store for `from`..`to` (dates). */
const report = (account: Pick<Account, "id">, from: string, to: string, granularity: "day" | "hour" = "day") =>
  Effect.gen(function*() {
    const range = Either.getOrThrow(resolveRange({ from, to, granularity }, DAY0))
    return aggregate(range, yield* tallies(account, range.startMillis, range.endMillis, granularity === "day" ? DAY_MILLIS : HOUR_MILLIS))
  })

const sumOf = (list: ReadonlyArray<Tally>, measure: Tally["measure"]) =>
  list.filter((t) => t.measure === measure).reduce((sum, t) => sum + t.amount, 0)

const dateOf = (millis: number) => new Date(millis).toISOString().slice(0, 10)

/** One step of the property's random histories. */
type Op =
  | { readonly _tag: "wait"; readonly minutes: number }
  | { readonly _tag: "create"; readonly price: number }
  | { readonly _tag: "refresh"; readonly pick: number }
  | { readonly _tag: "widget"; readonly price: number }
  | { readonly _tag: "refreshWidget"; readonly pick: number }
  | { readonly _tag: "finish"; readonly pick: number; readonly fail: boolean }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ _tag: fc.constant("wait" as const), minutes: fc.integer({ min: 1, max: 36 * 60 }) }), weight: 4 },
  { arbitrary: fc.record({ _tag: fc.constant("create" as const), price: fc.integer({ min: 2, max: 5 }) }), weight: 3 },
  { arbitrary: fc.record({ _tag: fc.constant("refresh" as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ _tag: fc.constant("widget" as const), price: fc.integer({ min: 1, max: 5 }) }), weight: 2 },
  { arbitrary: fc.record({ _tag: fc.constant("refreshWidget" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ _tag: fc.constant("finish" as const), pick: fc.nat(), fail: fc.boolean() }), weight: 4 }
)

/** Random histories, the same on every adapter (fixed seed). */
const HISTORIES = fc.sample(fc.array(opArb, { minLength: 5, maxLength: 30 }), { seed: 14, numRuns: 8 })

/** The usage store's contract, run against every adapter with its own layer. */
export const usageStoreContract = (it: ContractIt) => {
  it.effect("usage: every range's credits equal the ledger's change of total_credits_used, over random histories of creates, refreshes, refunds and widget charges", () =>
    onFreshStorage(Effect.gen(function*() {
      const spotcasts = yield* SpotCastStore
      const widgets = yield* WidgetStore
      const accounts = yield* AccountStore
      for (const [run, history] of HISTORIES.entries()) {
        const start = DAY0 + run * 40 * DAY_MILLIS + 7 * HOUR_MILLIS
        const account = yield* at(start)(F.seed(10_000))
        // Another account acts at the same times: none of it may show in the first one's usage.
        const other = yield* at(start)(F.seed(10_000))
        let now = start
        const finished: Array<{ spotcastId: SpotCastId }> = []
        const idleWidgets: Array<Widget> = []
        const processing: Array<{ forecastId: ForecastId; widget?: Widget; spotcastId?: SpotCastId }> = []
        const counts = { created: 0, completed: 0, failed: 0 }
        const used: Array<{ at: number; used: number }> = [{ at: now, used: 0 }]
        for (const op of history) {
          const t = utc(now)
          switch (op._tag) {
            case "wait":
              now += op.minutes * 60_000
              continue
            case "create":
              for (const owner of [account, other]) {
                const command = yield* at(now)(F.createCommand(owner, op.price))
                yield* chargeNewSpotCast(command)
                if (owner === account) processing.push({ forecastId: command.forecast.id, spotcastId: command.spotcast.id })
              }
              counts.created++
              break
            case "refresh": {
              const target = finished.splice(op.pick % Math.max(1, finished.length), 1)[0]
              if (target === undefined) continue
              const forecast = F.forecast({ id: target.spotcastId, accountId: account.id }, t)
              yield* chargeSpotCastRefresh({
                accountId: account.id,
                spotcastId: target.spotcastId,
                forecast,
                price: 3,
                chargeId: LedgerEntryId.make(F.id("led")),
                estimatedCompletionSeconds: 10
              })
              processing.push({ forecastId: forecast.id, spotcastId: target.spotcastId })
              counts.created++
              break
            }
            case "widget": {
              const widget = F.widget(account, t, { numDays: op.price })
              const spotcast = backingSpotCast(widget, t)
              const forecast = F.forecast(spotcast, t)
              yield* chargeNewWidget({ widget, spotcast, forecast, price: op.price, chargeId: LedgerEntryId.make(F.id("led")), estimatedCompletionSeconds: 10 })
              processing.push({ forecastId: forecast.id, widget })
              counts.created++
              break
            }
            case "refreshWidget": {
              const widget = idleWidgets.splice(op.pick % Math.max(1, idleWidgets.length), 1)[0]
              if (widget === undefined) continue
              const forecast = F.forecast({ id: widget.spotcastId, accountId: account.id }, t)
              yield* chargeWidgetRefresh({
                accountId: account.id,
                widgetId: widget.id,
                forecast,
                aim: (w) => backingSpotCast(w, t),
                refreshed: (w) => refreshed(w, t),
                price: widget.numDays,
                chargeId: LedgerEntryId.make(F.id("led")),
                estimatedCompletionSeconds: 10
              })
              processing.push({ forecastId: forecast.id, widget })
              counts.created++
              break
            }
            case "finish": {
              const job = processing.splice(op.pick % Math.max(1, processing.length), 1)[0]
              if (job === undefined) continue
              const done = op.fail
                ? yield* failForecast({ forecastId: job.forecastId, error: WEATHER_UNAVAILABLE, at: t, refundId: LedgerEntryId.make(F.id("led")) })
                : yield* completeForecast({ forecastId: job.forecastId, analysis, at: t })
              assert.isTrue(done)
              if (op.fail) counts.failed++
              else counts.completed++
              if (job.widget !== undefined) idleWidgets.push(job.widget)
              else finished.push({ spotcastId: job.spotcastId! })
              break
            }
          }
          used.push({ at: now, used: (yield* accounts.balance(account.id)).totalUsed })
          now += 1_000
        }
        /** total_credits_used just before `millis`: after every step dated earlier. */
        const usedBefore = (millis: number) => used.filter((u) => u.at < millis).at(-1)?.used ?? 0
        const lastDay = Math.floor(now / DAY_MILLIS)
        const firstDay = Math.floor(start / DAY_MILLIS)
        for (let from = firstDay - 1; from <= lastDay + 1; from++) {
          for (let to = from; to <= lastDay + 1; to++) {
            const r = yield* report(account, dateOf(from * DAY_MILLIS), dateOf(to * DAY_MILLIS))
            assert.strictEqual(
              creditsUsed(r.totals),
              usedBefore((to + 1) * DAY_MILLIS) - usedBefore(from * DAY_MILLIS),
              `run ${run}, ${dateOf(from * DAY_MILLIS)}..${dateOf(to * DAY_MILLIS)}`
            )
          }
        }
        const whole = yield* report(account, dateOf(start), dateOf(now))
        const balance = yield* accounts.balance(account.id)
        assert.strictEqual(creditsUsed(whole.totals), balance.totalUsed)
        assert.strictEqual(whole.totals.creditsCharged - whole.totals.creditsRefunded, balance.totalUsed)
        assert.deepInclude(whole.totals, {
          forecastsCreated: counts.created,
          forecastsCompleted: counts.completed,
          forecastsFailed: counts.failed
        })
        const byProduct = whole.totals.byProduct
        assert.strictEqual(byProduct.spotcast.charged + byProduct.widget.charged + byProduct.route.charged, whole.totals.creditsCharged)
        assert.strictEqual(byProduct.route.charged, 0)
        // By hour over the first days: the same credits as by day.
        const firstDays = yield* report(account, dateOf(start), dateOf(Math.min(now, start + 20 * DAY_MILLIS)), "hour")
        const sameDays = yield* report(account, dateOf(start), dateOf(Math.min(now, start + 20 * DAY_MILLIS)))
        assert.deepStrictEqual(firstDays.totals, sameDays.totals)
      }
    })), 120_000)

  it.effect("usage: charges are dated when made, refunds when refunded, each by its product; a widget's count as widget", () =>
    onFreshStorage(Effect.gen(function*() {
      const spotcasts = yield* SpotCastStore
      const account = yield* at(DAY0)(F.seed(100))
      const t1 = DAY0 + 5 * HOUR_MILLIS + 17 * 60_000
      const command = yield* at(t1)(F.createCommand(account, 4))
      yield* chargeNewSpotCast(command)
      const t2 = DAY0 + DAY_MILLIS + 2 * HOUR_MILLIS
      yield* failForecast({ forecastId: command.forecast.id, error: WEATHER_UNAVAILABLE, at: utc(t2), refundId: LedgerEntryId.make(F.id("led")) })
      const widget = F.widget(account, utc(t2), { numDays: 3 })
      const spotcast = backingSpotCast(widget, utc(t2))
      yield* chargeNewWidget({ widget, spotcast, forecast: F.forecast(spotcast, utc(t2)), price: 3, chargeId: LedgerEntryId.make(F.id("led")), estimatedCompletionSeconds: 10 })

      const list = yield* tallies(account, DAY0, DAY0 + 2 * DAY_MILLIS)
      const credits = list.filter((t) => t.measure.startsWith("credits")).map((t) => ({ ...t, product: t.product }))
      assert.sameDeepMembers(credits, [
        { bucketMillis: DAY0 + 5 * HOUR_MILLIS, measure: "credits_charged", amount: 4, product: "spotcast" },
        { bucketMillis: t2, measure: "credits_refunded", amount: 4, product: "spotcast" },
        { bucketMillis: t2, measure: "credits_charged", amount: 3, product: "widget" }
      ])
      assert.strictEqual(sumOf(list, "forecasts_created"), 2)
      assert.sameDeepMembers(list.filter((t) => t.measure === "forecasts_failed"), [{ bucketMillis: t2, measure: "forecasts_failed", amount: 1 }])
      const byDay = yield* tallies(account, DAY0, DAY0 + 2 * DAY_MILLIS, DAY_MILLIS)
      assert.sameDeepMembers(byDay.filter((t) => t.measure.startsWith("credits")), [
        { bucketMillis: DAY0, measure: "credits_charged", amount: 4, product: "spotcast" },
        { bucketMillis: DAY0 + DAY_MILLIS, measure: "credits_refunded", amount: 4, product: "spotcast" },
        { bucketMillis: DAY0 + DAY_MILLIS, measure: "credits_charged", amount: 3, product: "widget" }
      ])
      // The range's end is excluded, its start included.
      assert.strictEqual(sumOf(yield* tallies(account, DAY0 + 6 * HOUR_MILLIS, t2), "credits_charged"), 0)
      assert.strictEqual(sumOf(yield* tallies(account, t2, t2 + 1), "credits_charged"), 3)
      // Grants are not usage.
      yield* accounts_grant(account, t2)
      assert.strictEqual(sumOf(yield* tallies(account, DAY0, DAY0 + 2 * DAY_MILLIS), "credits_charged"), 7)
    })))

  it.effect("usage: request counts add up per account and hour, from any number of batches", () =>
    onFreshStorage(Effect.gen(function*() {
      const store = yield* UsageStore
      const a = yield* at(DAY0)(F.seed(0))
      const b = yield* at(DAY0)(F.seed(0))
      const h = (n: number) => DAY0 + n * HOUR_MILLIS
      yield* store.addRequests([
        { accountId: a.id, hourMillis: h(1), requests: 5, rateLimited: 1 },
        { accountId: b.id, hourMillis: h(1), requests: 7, rateLimited: 0 }
      ])
      yield* store.addRequests([{ accountId: a.id, hourMillis: h(1), requests: 3, rateLimited: 2 }])
      yield* store.addRequests([{ accountId: a.id, hourMillis: h(30), requests: 1, rateLimited: 0 }])
      yield* store.addRequests([])
      const list = yield* tallies(a, DAY0, DAY0 + 2 * DAY_MILLIS)
      assert.sameDeepMembers(list.filter((t) => t.amount > 0), [
        { bucketMillis: h(1), measure: "requests", amount: 8 },
        { bucketMillis: h(1), measure: "rate_limited_requests", amount: 3 },
        { bucketMillis: h(30), measure: "requests", amount: 1 }
      ])
      assert.strictEqual(sumOf(yield* tallies(b, DAY0, DAY0 + DAY_MILLIS), "requests"), 7)
      // In day buckets, dated by the day's start.
      assert.sameDeepMembers((yield* tallies(a, DAY0, DAY0 + 2 * DAY_MILLIS, DAY_MILLIS)).filter((t) => t.measure === "requests"), [
        { bucketMillis: DAY0, measure: "requests", amount: 8 },
        { bucketMillis: DAY0 + DAY_MILLIS, measure: "requests", amount: 1 }
      ])
      assert.strictEqual(sumOf(yield* tallies(a, h(2), h(30)), "requests"), 0)
      const byDay = yield* report(a, "2026-03-01", "2026-03-02")
      assert.deepStrictEqual(byDay.data.map((p) => [p.counters.requests, p.counters.rateLimitedRequests]), [[8, 3], [1, 0]])
    })))

  it.effect("usage: concurrent batches for the same hour lose no count", () =>
    onFreshStorage(Effect.gen(function*() {
      const store = yield* UsageStore
      const a = yield* at(DAY0)(F.seed(0))
      yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => i),
        (i) => store.addRequests([{ accountId: a.id, hourMillis: DAY0, requests: i + 1, rateLimited: i % 2 }]),
        { concurrency: 5 }
      )
      const list = yield* tallies(a, DAY0, DAY0 + HOUR_MILLIS)
      assert.strictEqual(sumOf(list, "requests"), 210)
      assert.strictEqual(sumOf(list, "rate_limited_requests"), 10)
    })))

  it.effect("usage: webhook deliveries count by final outcome, dated when delivered or by the failed one's last attempt", () =>
    onFreshStorage(Effect.gen(function*() {
      const outbox = yield* WebhookOutbox
      const t0 = DAY0 + 10 * HOUR_MILLIS
      const { account } = yield* at(t0)(seedAccount(100))
      const ok = yield* at(t0)(seedDelivery(account, { url: "https://hooks.example.com/a", outcome: "completed" }))
      const bad = yield* at(t0)(seedDelivery(account, { url: "https://hooks.example.com/b", outcome: "failed" }))
      const lease = Duration.seconds(60)
      const deliveredAt = t0 + 3 * HOUR_MILLIS + 5_000
      const retryAt = t0 + HOUR_MILLIS
      const lastAt = t0 + 26 * HOUR_MILLIS
      // The first attempt of each fails; the retries settle them.
      for (const delivery of [ok, bad]) {
        const claimed = Option.getOrThrow(yield* at(t0)(outbox.claim("w", lease)))
        assert.include([ok.id, bad.id], claimed.delivery.id)
        assert.isTrue(yield* outbox.record(F.attempted(claimed, "w", { at: utc(t0), durationMs: 5, statusCode: 500, next: { _tag: "Retry", at: utc(retryAt) } })))
      }
      /** Claims what is due at `millis` until it holds `id` (the others stay leased until released). */
      const settle = (millis: number, id: WebhookDelivery["id"], next: "Delivered" | "Failed") =>
        Effect.gen(function*() {
          const passed: Array<WebhookDelivery["id"]> = []
          let claimed: ClaimedDelivery
          for (;;) {
            claimed = Option.getOrThrow(yield* at(millis)(outbox.claim("w", lease)))
            if (claimed.delivery.id === id) break
            passed.push(claimed.delivery.id)
          }
          assert.isTrue(yield* outbox.record(F.attempted(claimed, "w", {
            at: utc(millis),
            durationMs: 5,
            ...(next === "Delivered" ? { statusCode: 204, next: { _tag: "Delivered" as const, at: utc(millis) } } : { statusCode: 503, next: { _tag: "Failed" as const } })
          })))
          for (const other of passed) yield* outbox.release(account.id, other, "w")
        })
      yield* settle(deliveredAt, ok.id, "Delivered")
      yield* settle(lastAt, bad.id, "Failed")
      const list = yield* tallies(account, DAY0, DAY0 + 3 * DAY_MILLIS)
      assert.sameDeepMembers(list.filter((t) => t.measure.startsWith("webhook")), [
        { bucketMillis: t0 + 3 * HOUR_MILLIS, measure: "webhook_deliveries_succeeded", amount: 1 },
        { bucketMillis: lastAt, measure: "webhook_deliveries_failed", amount: 1 }
      ])
      const other = yield* at(t0)(F.seed(0))
      assert.deepStrictEqual(yield* tallies(other, DAY0, DAY0 + 3 * DAY_MILLIS), [])
    })))
}

const accounts_grant = (account: Pick<Account, "id">, millis: number) =>
  Effect.flatMap(AccountStore, (s) => s.grant(F.grant(account, 50, utc(millis))))
