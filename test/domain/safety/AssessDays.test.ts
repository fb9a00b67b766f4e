import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { severityOf } from "../../../src/domain/forecast/Analysis.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { reduceHours } from "../../../src/domain/safety/ReduceHours.js"
import { defaultVessel, type Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { calmHour, galeHour, noMarine, type Reading, series } from "./Hours.js"

const equator = { latitude: 0, longitude: 0 }
const newport = { latitude: 41.13, longitude: -71.71 }

const assess = (s: Parameters<typeof assessDays>[0]["series"], dates: Array<string>, extra: { vessel?: Vessel; tripDurationHours?: number; coordinates?: { latitude: number; longitude: number } } = {}) =>
  assessDays({ series: s, dates, coordinates: extra.coordinates ?? equator, vessel: extra.vessel ?? defaultVessel, tripDurationHours: extra.tripDurationHours })

const days = (result: ReturnType<typeof assessDays>): ReadonlyArray<DayAssessment> =>
  Either.getOrElse(result, (e) => assert.fail(`expected days, got Left: ${e}`))

describe("assessDays", () => {
  it("gives one judged day per forecast date, in order", () => {
    const s = series("2026-07-01", 3, (date) => (date === "2026-07-02" ? galeHour : calmHour))
    const out = days(assess(s, ["2026-07-01", "2026-07-02", "2026-07-03"]))
    assert.deepStrictEqual(out.map((d) => [d.date, d.classification]), [["2026-07-01", "GO"], ["2026-07-02", "AVOID"], ["2026-07-03", "GO"]])
  })

  it("buckets hours by the spot's local date, whatever the UTC offset", () => {
    // Newport RI, UTC-4: 22:00 local on 1 October is 02:00 UTC on the 2nd, and belongs to the 1st.
    const s = series("2026-10-01", 2, (date, h) => (date === "2026-10-01" && h >= 22 ? galeHour : calmHour), -4 * 3600)
    const [first, second] = days(assess(s, ["2026-10-01", "2026-10-02"], { coordinates: newport }))
    assert.strictEqual(first!.classification, "GO")
    assert.includeMembers([...first!.worseOutsideWindow], ["wind", "gust", "seas"])
    assert.strictEqual(second!.classification, "GO")
    assert.deepStrictEqual(second!.worseOutsideWindow, [])
  })

  it("takes all daylight when no trip duration is given, from the sun at the spot in local time", () => {
    // Block Island Sound on 1 October: sunrise 06:43, sunset 18:28 local (EDT, as astronomy-engine has
    // it): the whole hours 07:00 to 18:00, none of it before sunrise or after sunset.
    const s = series("2026-10-01", 1, () => calmHour, -4 * 3600)
    const [day] = days(assess(s, ["2026-10-01"], { coordinates: newport }))
    assert.deepStrictEqual(day!.window, { startHour: 7, endHour: 18 })
    assert.include(day!.conditions, { dark_hours: 0 })
    assert.approximately(day!.conditions.daylight_hours!, 11 + 45 / 60, 2 / 60)
    // The same place read as if its hours were UTC would put daylight at 10:43-22:28.
    const [utc] = days(assess(series("2026-10-01", 1, () => calmHour, 0), ["2026-10-01"], { coordinates: newport }))
    assert.deepStrictEqual(utc!.window, { startHour: 11, endHour: 22 })
  })

  it("picks the least severe trip window, then the calmest, then the earliest", () => {
    const wind = [6, 6, 6, 6, 6, 6, 14, 14, 10, 8, 8, 9, 15, 15, 15, 9, 9, 9, 14, 14, 6, 6, 6, 6]
    const s = series("2026-07-01", 1, (_, h) => ({ ...calmHour, wind_speed_kt: wind[h]!, wind_gust_kt: wind[h]! + 3 }))
    const [three] = days(assess(s, ["2026-07-01"], { tripDurationHours: 3 }))
    assert.deepStrictEqual(three!.window, { startHour: 9, endHour: 12 })
    assert.strictEqual(three!.classification, "GO")
    assert.strictEqual(three!.conditions.wind_speed_kt, 9)
    assert.include([...three!.worseOutsideWindow], "wind")
    const [ten] = days(assess(s, ["2026-07-01"], { tripDurationHours: 10 }))
    assert.strictEqual(ten!.window.endHour - ten!.window.startHour, 10)
    assert.strictEqual(ten!.classification, "CAUTION")
    // Equal days everywhere: the earliest daylight window.
    const [flat] = days(assess(series("2026-07-01", 1, () => calmHour), ["2026-07-01"], { tripDurationHours: 2 }))
    assert.deepStrictEqual(flat!.window, { startHour: 6, endHour: 8 })
  })

  it("stretches a trip longer than daylight around all of it, capped at the day", () => {
    const s = series("2026-07-01", 1, () => calmHour)
    const [day] = days(assess(s, ["2026-07-01"], { tripDurationHours: 16 }))
    assert.isAtMost(day!.window.startHour, 6)
    assert.isAtLeast(day!.window.endHour, 18)
    assert.strictEqual(day!.window.endHour - day!.window.startHour, 16)
    const [long] = days(assess(s, ["2026-07-01"], { tripDurationHours: 72 }))
    assert.deepStrictEqual(long!.window, { startHour: 0, endHour: 24 })
  })

  it("uses the whole day in a polar day, and the whole day (or the best run) in a polar night", () => {
    const tromso = { latitude: 69.65, longitude: 18.96 }
    const summer = series("2026-06-21", 1, () => calmHour, 7200)
    assert.deepStrictEqual(days(assess(summer, ["2026-06-21"], { coordinates: tromso }))[0]!.window, { startHour: 0, endHour: 24 })
    const winter = series("2026-12-21", 1, (_, h) => (h < 12 ? galeHour : calmHour), 3600)
    const [night] = days(assess(winter, ["2026-12-21"], { coordinates: tromso }))
    assert.deepStrictEqual(night!.window, { startHour: 0, endHour: 24 })
    assert.strictEqual(night!.classification, "AVOID")
    const [short] = days(assess(winter, ["2026-12-21"], { coordinates: tromso, tripDurationHours: 4 }))
    assert.deepStrictEqual(short!.window, { startHour: 12, endHour: 16 })
    // Issue 11: no daylight at all is AVOID for an open boat under 26 ft (the default 20 ft power boat)...
    assert.strictEqual(short!.classification, "AVOID")
    assert.deepStrictEqual(short!.reasons.map((r) => `${r.factor}:${r.classification}`), ["darkness:AVOID"])
    assert.include(short!.conditions, { daylight_hours: 0, dark_hours: 4 })
    // ...and CAUTION for a 40 ft sailboat, which is not an open boat.
    const [big] = days(assess(winter, ["2026-12-21"], { coordinates: tromso, tripDurationHours: 4, vessel: { type: "sailboat", lengthFt: 40 } }))
    assert.strictEqual(big!.classification, "CAUTION")
  })

  it("never counts missing marine data as calm: sea_state_unavailable, and no GO", () => {
    const s = series("2026-07-01", 1, () => noMarine(calmHour))
    const [day] = days(assess(s, ["2026-07-01"]))
    assert.strictEqual(day!.classification, "CAUTION")
    assert.isTrue(day!.reasons.some((r) => r.factor === "sea_state_unavailable"))
    assert.isUndefined(day!.conditions.wave_height_ft)
    const [gale] = days(assess(series("2026-07-01", 1, () => noMarine(galeHour)), ["2026-07-01"]))
    assert.strictEqual(gale!.classification, "AVOID")
  })

  it("is Left when a day has no wind data in its window, or none at all", () => {
    const noWind = (r: Reading): Reading => ({ ...r, wind_speed_kt: null, wind_gust_kt: null })
    const none = series("2026-07-01", 2, (date) => (date === "2026-07-02" ? noWind(calmHour) : calmHour))
    const result = assess(none, ["2026-07-01", "2026-07-02"])
    assert.isTrue(Either.isLeft(result))
    assert.include(Either.isLeft(result) ? result.left : "", "2026-07-02")
    // Wind only at night cannot judge a daylight trip; a date the series lacks cannot be judged either.
    const nightOnly = series("2026-07-01", 1, (_, h) => (h >= 6 && h < 18 ? noWind(calmHour) : calmHour))
    assert.isTrue(Either.isLeft(assess(nightOnly, ["2026-07-01"])))
    assert.isTrue(Either.isLeft(assess(series("2026-07-01", 1, () => calmHour), ["2026-07-05"])))
    // Half the window with readings is enough.
    const half = series("2026-07-01", 1, (_, h) => (h % 2 === 0 ? noWind(calmHour) : calmHour))
    assert.isTrue(Either.isRight(assess(half, ["2026-07-01"])))
  })

  it("refuses a series with a malformed time", () => {
    const s = series("2026-07-01", 1, () => calmHour)
    const broken = { ...s, hours: s.hours.map((h, i) => (i === 3 ? { ...h, time: "2026-07-01 03h" } : h)) }
    assert.isTrue(Either.isLeft(assess(broken, ["2026-07-01"])))
  })
})

const reading = fc.record({
  wind_speed_kt: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null, freq: 8 }),
  wind_gust_kt: fc.option(fc.integer({ min: 0, max: 80 }), { nil: null, freq: 8 }),
  wind_direction_deg: fc.integer({ min: 0, max: 359 }),
  wave_height_ft: fc.option(fc.double({ min: 0, max: 30, noNaN: true }), { nil: null, freq: 8 }),
  wave_period_s: fc.option(fc.integer({ min: 2, max: 18 }), { nil: null, freq: 8 }),
  wave_direction_deg: fc.constant(null),
  swell_height_ft: fc.option(fc.double({ min: 0, max: 20, noNaN: true }), { nil: null, freq: 8 }),
  swell_period_s: fc.option(fc.integer({ min: 4, max: 20 }), { nil: null, freq: 8 }),
  swell_direction_deg: fc.constant(null),
  visibility_nm: fc.option(fc.double({ min: 0, max: 30, noNaN: true }), { nil: null, freq: 8 }),
  precipitation_probability_pct: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null, freq: 8 }),
  precipitation_mm_per_h: fc.option(fc.double({ min: 0, max: 40, noNaN: true }), { nil: null, freq: 8 }),
  air_temp_c: fc.option(fc.integer({ min: -10, max: 40 }), { nil: null, freq: 8 }),
  water_temp_c: fc.option(fc.integer({ min: -2, max: 32 }), { nil: null, freq: 8 }),
  weather_code: fc.option(fc.constantFrom(0, 1, 2, 3, 45, 61, 63, 80, 95), { nil: null, freq: 8 })
})
const vessel = fc.record({
  type: fc.constantFrom("powerBoat" as const, "sailboat" as const, "pwc" as const, "yacht" as const, "catamaran" as const),
  lengthFt: fc.integer({ min: 8, max: 300 })
})
const day = fc.array(reading, { minLength: 24, maxLength: 24 })
const trip = fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined })

describe("assessDays, properties", () => {
  it.prop("a day's class is at least that of every hour of its window", [day, vessel, trip], ([hours, v, d]) => {
    const result = assess(series("2026-07-01", 1, (_, h) => hours[h]!), ["2026-07-01"], { vessel: v, ...(d === undefined ? {} : { tripDurationHours: d }) })
    if (Either.isLeft(result)) return
    const judged = result.right[0]!
    for (let h = judged.window.startHour; h < judged.window.endHour; h++) {
      const one = reduceHours([{ time: "", ...hours[h]! }])
      if (Either.isLeft(one)) continue
      // An hour's missing seas are covered by the window's other hours (the day reads the window's
      // readings together), so a lone hour's "sea state unavailable" is not a reading the day ignored.
      const hourly = classifyDay(one.right, v).reasons.filter((r) => r.factor !== "sea_state_unavailable")
      for (const r of hourly) assert.isAtLeast(severityOf(judged.classification), severityOf(r.classification), `hour ${h}: ${r.factor}`)
    }
  })

  it.prop("without the marine data a day is never GO, and never calmer than with it unless only the seas made it AVOID", [day, vessel, trip], ([hours, v, d]) => {
    const opts = { vessel: v, ...(d === undefined ? {} : { tripDurationHours: d }) }
    const withData = assess(series("2026-07-01", 1, (_, h) => hours[h]!), ["2026-07-01"], opts)
    const without = assess(series("2026-07-01", 1, (_, h) => noMarine(hours[h]!)), ["2026-07-01"], opts)
    assert.strictEqual(Either.isLeft(withData), Either.isLeft(without))
    if (Either.isLeft(withData) || Either.isLeft(without)) return
    const a = withData.right[0]!
    const b = without.right[0]!
    assert.isTrue(b.reasons.some((r) => r.factor === "sea_state_unavailable"))
    assert.notStrictEqual(b.classification, "GO")
    assert.isAtLeast(severityOf(b.classification), Math.min(severityOf(a.classification), severityOf("CAUTION")))
  })
})
