import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either } from "effect"
import { WidgetId } from "../../../src/domain/Ids.js"
import * as TestIds from "../../support/TestIds.js"
import {
  applyPatch,
  autoRefreshStopped,
  backingSpotCast,
  checkWidgetRefreshable,
  isRefreshDue,
  refreshed,
  type Widget
} from "../../../src/domain/widget/Widget.js"

const T0 = DateTime.unsafeMake(Date.UTC(2026, 10, 22, 10, 30))
const at = (hours: number) => DateTime.add(T0, { hours })
const ms = (t: DateTime.Utc | undefined) => (t === undefined ? undefined : DateTime.toEpochMillis(t))

const widget = (over: Partial<Widget> = {}): Widget => ({
  id: WidgetId.make(TestIds.id("wgt", 1)),
  accountId: TestIds.accountId(1),
  spotcastId: TestIds.spotCastId(1),
  name: "Harbour",
  displayType: "mini",
  coordinates: { latitude: 41.13, longitude: -71.71 },
  numDays: 2,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  createdAt: T0,
  updatedAt: T0,
  lastRefreshedAt: T0,
  ...over
})

describe("widget state decisions", () => {
  it("the hidden SpotCast forecasts the widget's configuration from today's midnight UTC", () => {
    const s = backingSpotCast(widget({ numDays: 4, vessel: { type: "sailboat", lengthFt: 30 } }), at(20))
    assert.strictEqual(ms(s.start), Date.UTC(2026, 10, 23))
    assert.strictEqual(s.numDays, 4)
    assert.deepStrictEqual(s.vessel, { type: "sailboat", lengthFt: 30 })
    assert.isUndefined(s.webhookUrl)
    assert.isUndefined(s.metadata)
  })

  it("a refresh restarts the schedule from its time and clears a stop", () => {
    const w = refreshed(widget({ autoRefreshHours: 6, autoRefreshStoppedAt: at(1) }), at(3))
    assert.strictEqual(ms(w.lastRefreshedAt), ms(at(3)))
    assert.strictEqual(ms(w.nextRefreshAt), ms(at(9)))
    assert.isUndefined(w.autoRefreshStoppedAt)
    assert.isUndefined(refreshed(widget(), at(3)).nextRefreshAt)
  })

  it("a patch's units: named ones are taken, the rest kept unless the audience changes", () => {
    const base = widget({})
    // Only names: nothing about units changes.
    assert.deepStrictEqual(applyPatch(base, { name: "x" }, at(1)).preferences, base.preferences)
    // Same audience, one unit named: the other is kept.
    assert.deepStrictEqual(
      applyPatch(base, { preferences: { heightUnits: "m" } }, at(1)).preferences,
      { ...base.preferences, heightUnits: "m" }
    )
    // A new audience (French with km): the units it does not name are its defaults.
    assert.deepStrictEqual(
      applyPatch(base, { preferences: { language: "fr", distanceUnits: "km" } }, at(1)).preferences,
      { language: "fr", distanceUnits: "km", speedUnits: "kts", heightUnits: "m", temperatureUnits: "c" }
    )
    // A new audience with a unit named: that one is taken, the other is the default.
    assert.deepStrictEqual(
      applyPatch(base, { preferences: { distanceUnits: "mi", temperatureUnits: "c" } }, at(1)).preferences,
      { language: "en", distanceUnits: "mi", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }
    )
  })

  it("a patch changes only what it names; null turns auto-refresh off", () => {
    const base = widget({ autoRefreshHours: 12, nextRefreshAt: at(12), tripDurationHours: 5 })
    const renamed = applyPatch(base, { name: "New", preferences: { speedUnits: "mph" } }, at(1))
    assert.strictEqual(renamed.name, "New")
    // English with mph reads like a US audience: the units it did not name are that audience's defaults.
    assert.deepStrictEqual(renamed.preferences, { language: "en", distanceUnits: "nm", speedUnits: "mph", heightUnits: "ft", temperatureUnits: "f" })
    assert.strictEqual(renamed.autoRefreshHours, 12)
    assert.strictEqual(ms(renamed.nextRefreshAt), ms(at(12)))
    assert.strictEqual(renamed.tripDurationHours, 5)
    assert.strictEqual(ms(renamed.updatedAt), ms(at(1)))
    const off = applyPatch(base, { autoRefreshHours: null }, at(1))
    assert.isUndefined(off.autoRefreshHours)
    assert.isUndefined(off.nextRefreshAt)
  })

  it("turning auto-refresh on (or changing it) schedules from the last refresh, or now when that has passed; it re-arms a stop", () => {
    const on = applyPatch(widget(), { autoRefreshHours: 6 }, at(1))
    assert.strictEqual(ms(on.nextRefreshAt), ms(at(6)))
    const late = applyPatch(widget(), { autoRefreshHours: 6 }, at(30))
    assert.strictEqual(ms(late.nextRefreshAt), ms(at(30)))
    const stopped = autoRefreshStopped(widget({ autoRefreshHours: 6, nextRefreshAt: at(6) }), at(6))
    assert.isUndefined(stopped.nextRefreshAt)
    assert.strictEqual(ms(stopped.autoRefreshStoppedAt), ms(at(6)))
    const rearmed = applyPatch(stopped, { autoRefreshHours: 24 }, at(7))
    assert.isUndefined(rearmed.autoRefreshStoppedAt)
    assert.strictEqual(ms(rearmed.nextRefreshAt), ms(at(24)))
  })

  it("due exactly from next_refresh_at; refreshable once the newest forecast finished", () => {
    assert.isFalse(isRefreshDue(widget(), at(100)))
    assert.isFalse(isRefreshDue(widget({ nextRefreshAt: at(6) }), DateTime.subtract(at(6), { millis: 1 })))
    assert.isTrue(isRefreshDue(widget({ nextRefreshAt: at(6) }), at(6)))
    const id = TestIds.forecastId(1)
    assert.isTrue(Either.isLeft(checkWidgetRefreshable(widget().id, { id, status: "processing" })))
    assert.isTrue(Either.isRight(checkWidgetRefreshable(widget().id, { id, status: "failed" })))
    assert.isTrue(Either.isRight(checkWidgetRefreshable(widget().id, { id, status: "completed" })))
  })
})
