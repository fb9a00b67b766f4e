import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Option, TestClock } from "effect"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import { renderWidgetPage } from "../../../src/adapters/http/embed/EmbedPage.js"
import { refreshDueWidgets, startWidgetScheduler } from "../../../src/application/widget/AutoRefreshWidgets.js"
import { createWidget, getWidget } from "../../../src/application/widget/Widgets.js"
import type { Account } from "../../../src/domain/account/Account.js"
import { defaultPreferences } from "../../../src/domain/spotcast/Preferences.js"
import type { WidgetConfig } from "../../../src/domain/widget/Widget.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"
import { completeForecast } from "../../../src/application/finish/Finish.js"

const NOW = Date.UTC(2026, 10, 22, 10)
const HOUR = 3_600_000

const config = (over: Partial<WidgetConfig> = {}): WidgetConfig => ({
  name: "Harbour",
  displayType: "mini",
  coordinates: { latitude: 41.13, longitude: -71.71 },
  numDays: 2,
  preferences: defaultPreferences,
  autoRefreshHours: 6,
  ...over
})

const at = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.zipRight(TestClock.setTime(NOW), self).pipe(Effect.provide(MemoryCore.layer))

/** Completes the widget's newest forecast, as a worker would. */
const finishLatest = (account: Account, widgetId: string) =>
  Effect.gen(function*() {
    const { latest } = yield* getWidget(account, widgetId)
    const done = yield* completeForecast({
      forecastId: latest.id,
      analysis: { summary: "Calm", daily_classifications: [{ date: "2026-11-22", classification: "GO", summary: "Calm" }] },
      at: yield* DateTime.now
    })
    assert.isTrue(done)
  })

const balance = (account: Account) =>
  Effect.flatMap(AccountStore, (store) => Effect.map(store.balance(account.id), (b) => b.creditBalance))

const widgetCharges = (account: Account, widgetId: string) =>
  Effect.map(MemoryDatabase, (db) => (db.ledger.get(account.id) ?? []).filter((e) => e.kind === "charge" && e.widgetId === widgetId))

describe("widget auto-refresh", () => {
  it.effect("refreshes a widget when due, charged like a manual refresh, and schedules the next", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const { view } = yield* createWidget(account, config())
      assert.strictEqual(DateTime.toEpochMillis(view.widget.nextRefreshAt!), NOW + 6 * HOUR)
      yield* finishLatest(account, view.widget.id)

      yield* TestClock.adjust("5 hours")
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 0, stopped: 0, skipped: 0 })
      yield* TestClock.adjust("1 hour")
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 1, stopped: 0, skipped: 0 })

      const after = yield* getWidget(account, view.widget.id)
      assert.notStrictEqual(after.latest.id, view.latest.id)
      assert.strictEqual(DateTime.toEpochMillis(after.widget.lastRefreshedAt), NOW + 6 * HOUR)
      assert.strictEqual(DateTime.toEpochMillis(after.widget.nextRefreshAt!), NOW + 12 * HOUR)
      assert.strictEqual(yield* balance(account), 6)
      assert.strictEqual((yield* widgetCharges(account, view.widget.id)).length, 2)
      // Nothing more is due until the next period.
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 0, stopped: 0, skipped: 0 })
    })))

  it.effect("an unfinished forecast is skipped and retried once the claim's lease ends", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const { view } = yield* createWidget(account, config())
      yield* TestClock.adjust("6 hours")
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 0, stopped: 0, skipped: 1 })
      yield* finishLatest(account, view.widget.id)
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 0, stopped: 0, skipped: 0 })
      yield* TestClock.adjust("5 minutes")
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 1, stopped: 0, skipped: 0 })
    })))

  it.effect("stops when the account cannot pay; the page says the forecast is from when; updating re-arms it", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(3)
      const { view } = yield* createWidget(account, config())
      yield* finishLatest(account, view.widget.id)
      yield* TestClock.adjust("6 hours")
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 0, stopped: 1, skipped: 0 })
      assert.strictEqual(yield* balance(account), 1)
      const stopped = yield* getWidget(account, view.widget.id)
      assert.isUndefined(stopped.widget.nextRefreshAt)
      assert.strictEqual(DateTime.toEpochMillis(stopped.widget.autoRefreshStoppedAt!), NOW + 6 * HOUR)
      assert.strictEqual(stopped.latest.id, view.latest.id)
      const page = renderWidgetPage(stopped, "mini")
      assert.include(page, "Forecast made 2026-11-22 10:00 UTC (automatic updates paused)")
      yield* TestClock.adjust("24 hours")
      assert.deepStrictEqual(yield* refreshDueWidgets(), { refreshed: 0, stopped: 0, skipped: 0 })
      assert.strictEqual((yield* widgetCharges(account, view.widget.id)).length, 1)
    })))

  it.effect("two workers passing at once refresh a due widget once", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(20)
      const widgets = yield* Effect.forEach([1, 2, 3], () => createWidget(account, config({ numDays: 1 })))
      for (const w of widgets) yield* finishLatest(account, w.view.widget.id)
      yield* TestClock.adjust("6 hours")
      const passes = yield* Effect.all([refreshDueWidgets(), refreshDueWidgets()], { concurrency: 2 })
      assert.strictEqual(passes[0].refreshed + passes[1].refreshed, 3)
      for (const w of widgets) assert.strictEqual((yield* widgetCharges(account, w.view.widget.id)).length, 2)
      assert.strictEqual(yield* balance(account), 20 - 6)
    })))

  it.scoped("the scheduler runs passes on its interval under the clock", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const { account } = yield* seedAccount(10)
      const { view } = yield* createWidget(account, config({ autoRefreshHours: 12 }))
      yield* finishLatest(account, view.widget.id)
      yield* startWidgetScheduler({ pollInterval: "1 minute" })
      yield* TestClock.adjust("11 hours")
      assert.strictEqual((yield* widgetCharges(account, view.widget.id)).length, 1)
      yield* TestClock.adjust("61 minutes")
      const after = yield* getWidget(account, view.widget.id)
      assert.notStrictEqual(after.latest.id, view.latest.id)
      assert.strictEqual((yield* widgetCharges(account, view.widget.id)).length, 2)
      assert.isTrue(Option.isSome(Option.fromNullable(after.widget.nextRefreshAt)))
    }).pipe(Effect.provide(MemoryCore.layer)))
})
