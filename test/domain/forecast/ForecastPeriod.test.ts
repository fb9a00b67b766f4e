import { assert, describe, it } from "@effect/vitest"
import { DateTime, FastCheck as fc, Option } from "effect"
import { checkWindow, makePeriod, parseStartDate } from "../../../src/domain/forecast/ForecastPeriod.js"

const iso = (input: string) => Option.map(parseStartDate(input), DateTime.formatIso)

describe("ForecastPeriod", () => {
  it("parses date-only starts as midnight UTC and timestamps with Z or an offset", () => {
    assert.deepStrictEqual(iso("2026-11-23"), Option.some("2026-11-23T00:00:00.000Z"))
    assert.deepStrictEqual(iso("2026-11-23T06:30:00Z"), Option.some("2026-11-23T06:30:00.000Z"))
    assert.deepStrictEqual(iso("2026-11-23T06:30:00.250+02:00"), Option.some("2026-11-23T04:30:00.250Z"))
    assert.deepStrictEqual(iso("2026-11-23T06:30-05:30"), Option.some("2026-11-23T12:00:00.000Z"))
  })

  it("refuses impossible dates, zone-less timestamps and other spellings", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "2026-11-23T24:00:00Z", "2026-11-23T10:00:00", "23/11/2026", "2026-11-23 10:00Z", "", "2026-11-23T10:00:00+25:00"]) {
      assert.isTrue(Option.isNone(parseStartDate(bad)), bad)
    }
    assert.isTrue(Option.isSome(parseStartDate("2028-02-29")))
  })

  it("ends a period at the last second of its last day and lists its dates", () => {
    const period = makePeriod(Option.getOrThrow(parseStartDate("2026-12-30T15:00:00Z")), 3)
    assert.strictEqual(DateTime.formatIso(period.end), "2027-01-02T14:59:59.000Z")
    assert.deepStrictEqual(period.dates, ["2026-12-30", "2026-12-31", "2027-01-01"])
  })

  it.prop("a period of n days has n consecutive dates and lasts n days less a second", [
    fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
    fc.integer({ min: 1, max: 5 })
  ], ([start, n]) => {
    const period = makePeriod(DateTime.unsafeMake(start), n)
    assert.strictEqual(period.dates.length, n)
    assert.strictEqual(DateTime.toEpochMillis(period.end) - start.getTime(), n * 86_400_000 - 1000)
    assert.strictEqual(period.dates[0], start.toISOString().slice(0, 10))
  })

  it("opens the window at the start of yesterday and closes it at the horizon", () => {
    const now = DateTime.unsafeMake("2026-11-22T10:00:00Z")
    const at = (s: string, n: number) => checkWindow(makePeriod(Option.getOrThrow(parseStartDate(s)), n), now, 16)
    assert.strictEqual(at("2026-11-21", 1), "ok")
    assert.strictEqual(at("2026-11-20T23:59:59Z", 1), "too_early")
    assert.strictEqual(at("2026-12-03", 5), "ok")
    assert.strictEqual(at("2026-12-04", 5), "beyond_horizon")
  })
})
