import { assert, describe } from "@effect/vitest"
import { DateTime, Effect, Either, Option } from "effect"
import { backingSpotCast, refreshed, type Widget } from "../../src/domain/widget/Widget.js"
import { LedgerEntryId, WidgetId } from "../../src/domain/Ids.js"
import type { Account } from "../../src/domain/account/Account.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import { WidgetStore } from "../../src/ports/WidgetStore.js"
import * as F from "./Fixtures.js"
import { balance, hiddenSpotCastChargingContract } from "./HiddenSpotCastContract.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"
import { chargeNewWidget, chargeWidgetRefresh } from "../../src/application/widget/Widgets.js"
import { completeForecast, failForecast } from "../../src/application/finish/Finish.js"

const analysis = { summary: "Calm", daily_classifications: [{ date: "2026-03-01", classification: "GO" as const, summary: "Calm" }] }

/** Stores a new widget of `owner` at the clock's time (plus `offsetSeconds`), charged its num_days. */
const created = (owner: Pick<Account, "id">, over: Partial<Widget> = {}, offsetSeconds = 0) =>
  Effect.gen(function*() {
    const at = DateTime.add(yield* DateTime.now, { seconds: offsetSeconds })
    const widget = F.widget(owner, at, over)
    const spotcast = backingSpotCast(widget, at)
    const forecast = F.forecast(spotcast, at)
    const charged = yield* chargeNewWidget({
      widget,
      spotcast,
      forecast,
      price: widget.numDays,
      chargeId: LedgerEntryId.make(F.id("led")),
      estimatedCompletionSeconds: 10
    })
    return { widget, forecast, charged }
  })

const refreshCommand = (widget: Widget, at: DateTime.Utc, automatic?: DateTime.Utc) => ({
  accountId: widget.accountId,
  widgetId: widget.id,
  forecast: F.forecast({ id: widget.spotcastId, accountId: widget.accountId }, at),
  aim: (w: Widget) => backingSpotCast(w, at),
  refreshed: (w: Widget) => refreshed(w, at),
  price: widget.numDays,
  chargeId: LedgerEntryId.make(F.id("led")),
  estimatedCompletionSeconds: 10,
  ...(automatic === undefined ? {} : { automatic: { dueAt: automatic } })
})

const complete = (forecastId: typeof F.forecast extends (...a: any) => infer R ? R extends { id: infer I } ? I : never : never) =>
  Effect.flatMap(SpotCastStore, (store) =>
    Effect.flatMap(DateTime.now, (at) => completeForecast({ forecastId, analysis, at })))

export const widgetStoreContract = (it: ContractIt) =>
  describe("WidgetStore", () => {
    it.effect("create charges atomically and stores the widget; its SpotCast is hidden from SpotCast reads but workable", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* WidgetStore
        const spotcasts = yield* SpotCastStore
        const owner = yield* F.seed(5)
        const { charged, forecast, widget } = yield* created(owner, { numDays: 3 })
        assert.strictEqual(charged._tag, "Created")
        assert.strictEqual(charged.receipt.creditsRemaining, 2)
        assert.strictEqual(yield* balance(owner), 2)
        const view = Option.getOrThrow(yield* store.get(owner.id, widget.id))
        assert.deepStrictEqual(view.widget, widget)
        assert.strictEqual(view.latest.id, forecast.id)
        assert.deepStrictEqual(Option.getOrThrow(yield* store.getPublic(widget.id)).widget, widget)
        assert.isTrue(Option.isNone(yield* spotcasts.get(owner.id, widget.spotcastId)))
        assert.deepStrictEqual(yield* spotcasts.list(owner.id, { limit: 10 }), [])
        const work = Option.getOrThrow(yield* spotcasts.work(forecast.id))
        assert.strictEqual(work.spotcast.id, widget.spotcastId)
        assert.strictEqual(work.spotcast.numDays, 3)
      })))

    it.effect("list: live widgets of the account only, newest first, keyset after the cursor", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* WidgetStore
        const owner = yield* F.seed(20)
        const other = yield* F.seed(20)
        const mine = []
        for (let i = 0; i < 4; i++) mine.push((yield* created(owner, { numDays: 1 }, i)).widget)
        yield* created(other, { numDays: 1 })
        assert.isTrue(yield* store.remove(owner.id, mine[1]!.id, yield* DateTime.now))
        assert.isFalse(yield* store.remove(owner.id, mine[1]!.id, yield* DateTime.now))
        assert.isFalse(yield* store.remove(other.id, mine[0]!.id, yield* DateTime.now))
        const page = yield* store.list(owner.id, { limit: 2 })
        assert.deepStrictEqual(page.map((v) => v.widget.id), [mine[3]!.id, mine[2]!.id])
        const last = page[1]!.widget
        const rest = yield* store.list(owner.id, {
          limit: 10,
          after: { createdAtMillis: DateTime.toEpochMillis(last.createdAt), id: last.id }
        })
        assert.deepStrictEqual(rest.map((v) => v.widget.id), [mine[0]!.id])
        assert.isTrue(Option.isNone(yield* store.get(owner.id, mine[1]!.id)))
        assert.isTrue(Option.isNone(yield* store.getPublic(mine[1]!.id)))
        assert.isTrue(Option.isNone(yield* store.get(other.id, mine[0]!.id)))
      })))

    it.effect("update replaces the configuration; created keeps the widget as it was created", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* WidgetStore
        const owner = yield* F.seed(5)
        const { widget } = yield* created(owner)
        const updated = Option.getOrThrow(yield* store.update(owner.id, widget.id, (w) => ({ ...w, name: "Renamed", numDays: 4 })))
        assert.strictEqual(updated.widget.name, "Renamed")
        assert.strictEqual(Option.getOrThrow(yield* store.get(owner.id, widget.id)).widget.numDays, 4)
        assert.deepStrictEqual(Option.getOrThrow(yield* store.created(owner.id, widget.spotcastId)), widget)
        assert.isTrue(Option.isNone(yield* store.update(owner.id, F.id("wgt"), (w) => w)))
      })))

    it.effect("refresh: 409 while unfinished; then charged, re-aims the SpotCast; a failure is refunded once", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* WidgetStore
        const spotcasts = yield* SpotCastStore
        const owner = yield* F.seed(10)
        const { forecast, widget } = yield* created(owner, { numDays: 2 })
        const now = yield* DateTime.now
        const early = yield* Effect.either(chargeWidgetRefresh(refreshCommand(widget, now)))
        assert.isTrue(Either.isLeft(early) && early.left._tag === "WidgetRefreshInProgress")
        assert.isTrue(yield* complete(forecast.id))
        yield* store.update(owner.id, widget.id, (w) => ({ ...w, numDays: 4 }))
        const later = DateTime.add(now, { hours: 30 })
        const command = refreshCommand({ ...widget, numDays: 4 }, later)
        const charged = yield* chargeWidgetRefresh(command)
        assert.strictEqual(charged._tag, "Created")
        assert.strictEqual(yield* balance(owner), 4)
        const view = Option.getOrThrow(yield* store.get(owner.id, widget.id))
        assert.strictEqual(view.latest.id, command.forecast.id)
        assert.strictEqual(DateTime.toEpochMillis(view.widget.lastRefreshedAt), DateTime.toEpochMillis(later))
        const work = Option.getOrThrow(yield* spotcasts.work(command.forecast.id))
        assert.strictEqual(work.spotcast.numDays, 4)
        assert.strictEqual(DateTime.toEpochMillis(work.spotcast.start), Date.UTC(2026, 2, 2))
        const error = { code: "weather_data_unavailable" as const, message: "none" }
        assert.isTrue(yield* failForecast({ forecastId: command.forecast.id, error, at: later, refundId: F.refundId() }))
        assert.isFalse(yield* failForecast({ forecastId: command.forecast.id, error, at: later, refundId: F.refundId() }))
        assert.strictEqual(yield* balance(owner), 8)
        const missing = yield* Effect.either(chargeWidgetRefresh(refreshCommand({ ...widget, id: WidgetId.make(F.id("wgt")) }, later)))
        assert.isTrue(Either.isLeft(missing) && missing.left._tag === "WidgetNotFound")
      })))

    it.effect("claimDue: due widgets only, each claimed by one caller; a stale claim cannot refresh", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* WidgetStore
        const owner = yield* F.seed(20)
        const now = yield* DateTime.now
        const due = []
        for (let i = 0; i < 4; i++) {
          const made = yield* created(owner, { numDays: 1, autoRefreshHours: 6, nextRefreshAt: DateTime.subtract(now, { minutes: i + 1 }) })
          yield* complete(made.forecast.id)
          due.push(made.widget)
        }
        yield* created(owner, { numDays: 1, autoRefreshHours: 6, nextRefreshAt: DateTime.add(now, { hours: 1 }) })
        const [a, b] = yield* Effect.all([store.claimDue(now, 3, 60), store.claimDue(now, 3, 60)], { concurrency: 2 })
        const ids = [...a!, ...b!].map((c) => c.widget.id)
        assert.strictEqual(ids.length, 4)
        assert.deepStrictEqual(new Set(ids), new Set(due.map((w) => w.id)))
        assert.deepStrictEqual(yield* store.claimDue(now, 10, 60), [])
        const claim = a![0]!
        assert.strictEqual(DateTime.toEpochMillis(claim.dueAt), DateTime.toEpochMillis(now) + 60_000)
        const stale = yield* Effect.either(chargeWidgetRefresh(refreshCommand(claim.widget, now, DateTime.add(claim.dueAt, { seconds: 1 }))))
        assert.isTrue(Either.isLeft(stale) && stale.left._tag === "WidgetNotFound")
        const ok = yield* chargeWidgetRefresh(refreshCommand(claim.widget, now, claim.dueAt))
        assert.strictEqual(ok._tag, "Created")
        const after = Option.getOrThrow(yield* store.get(owner.id, claim.widget.id)).widget
        assert.strictEqual(DateTime.toEpochMillis(after.nextRefreshAt!), DateTime.toEpochMillis(now) + 6 * 3_600_000)
      })))

    hiddenSpotCastChargingContract(it, {
      name: "widget",
      price: 1,
      create: (owner, price) =>
        Effect.map(created(owner, { numDays: price }), ({ forecast, widget }) => ({ made: widget, forecast })),
      refresh: (widget, at) => Effect.flatMap(WidgetStore, (store) => chargeWidgetRefresh(refreshCommand(widget, at))),
      complete,
      list: (owner) => Effect.flatMap(WidgetStore, (store) => store.list(owner.id, { limit: 10 })),
      leftBelow: 3
    })
  })
