import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { type Classification, severityOf } from "../../../src/domain/forecast/Analysis.js"
import { hourClass } from "../../../src/domain/forecast/Timeline.js"
import { assessDays, earliestHourOn } from "../../../src/domain/safety/AssessDays.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { isPolarNight } from "../../../src/domain/safety/DarknessRule.js"
import { darkHoursIn, daylightOn, sunHours, sunSpan } from "../../../src/domain/safety/Daylight.js"
import { windowOffered } from "../../../src/domain/safety/TripWindowChoice.js"
import { profileOf } from "../../../src/domain/safety/VesselProfile.js"
import { defaultVessel, type Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { calmHour, galeHour, type Reading, series } from "./Hours.js"

const tromso = { latitude: 69.6496, longitude: 18.956 }

const judged = (
  s: ReturnType<typeof series>,
  dates: ReadonlyArray<string>,
  at: { latitude: number; longitude: number },
  extra: { vessel?: Vessel; tripDurationHours?: number | undefined; notBeforeMillis?: number } = {}
): ReadonlyArray<DayAssessment> =>
  Either.getOrElse(
    assessDays({ series: s, dates, coordinates: at, vessel: extra.vessel ?? defaultVessel, ...extra }),
    (e) => assert.fail(`expected days, got Left: ${e}`)
  )

describe("daylight to the minute", () => {
  it("Tromsø at the start of the polar night: minutes of sun are judged as the sunless day after", () => {
    // As astronomy-engine has it (+01:00): 26 Nov sun 10:57-12:05 (an hour of daylight, 11:00-12:00);
    // 27 Nov 11:20-11:42; 28 Nov: none.
    const s = series("2026-11-26", 3, () => calmHour, 3600)
    const [d26, d27, d28] = judged(s, ["2026-11-26", "2026-11-27", "2026-11-28"], tromso)
    assert.deepStrictEqual(d26!.window, { startHour: 11, endHour: 12 })
    assert.strictEqual(d26!.classification, "GO")
    assert.isTrue(windowOffered(d26!))
    for (const day of [d27!, d28!]) {
      assert.strictEqual(day.classification, "AVOID", day.date)
      assert.deepStrictEqual(day.reasons.map((r) => `${r.factor}:${r.classification}`), ["darkness:AVOID"])
      assert.deepStrictEqual(day.window, { startHour: 0, endHour: 24 })
      assert.isFalse(windowOffered(day))
    }
    assert.isTrue(isPolarNight(d27!.conditions.daylight_hours))
    // A 40 ft sailboat is not an open boat: CAUTION on both sunless days, never GO on the first.
    const sail = judged(s, ["2026-11-27", "2026-11-28"], tromso, { vessel: { type: "sailboat", lengthFt: 40 } })
    assert.deepStrictEqual(sail.map((d) => d.classification), ["CAUTION", "CAUTION"])
  })

  it("never starts a window before the issue time, and marks a date already over", () => {
    // Issued at 14:21 UTC at the equator (offset 0): today's window starts at 15:00, not at sunrise.
    const s = series("2026-07-01", 2, () => calmHour)
    const issued = Date.UTC(2026, 6, 1, 14, 21)
    const [today, tomorrow] = judged(s, ["2026-07-01", "2026-07-02"], { latitude: 0, longitude: 0 }, { notBeforeMillis: issued, tripDurationHours: 3 })
    assert.deepStrictEqual(today!.window, { startHour: 15, endHour: 18 })
    assert.isTrue(windowOffered(today!))
    assert.deepStrictEqual(tomorrow!.window, { startHour: 6, endHour: 9 })
    // Issued after sunset: the rest of the day is dark, judged and never offered.
    const late = judged(s, ["2026-07-01"], { latitude: 0, longitude: 0 }, { notBeforeMillis: Date.UTC(2026, 6, 1, 19, 5) })[0]!
    assert.deepStrictEqual(late.window, { startHour: 20, endHour: 24 })
    assert.strictEqual(late.classification, "CAUTION")
    assert.isFalse(windowOffered(late))
    // Issued the next day: the date is over, its window past.
    const past = judged(s, ["2026-07-01"], { latitude: 0, longitude: 0 }, { notBeforeMillis: Date.UTC(2026, 6, 2, 1) })[0]!
    assert.isTrue(past.windowPast)
    assert.isFalse(windowOffered(past))
    assert.strictEqual(earliestHourOn("2026-07-01", Date.UTC(2026, 6, 1, 14), 0), 14)
    assert.strictEqual(earliestHourOn("2026-07-02", Date.UTC(2026, 6, 1, 14), 0), 0)
    assert.strictEqual(earliestHourOn("2026-07-01", Date.UTC(2026, 6, 1, 14, 0, 1), -3600), 14)
  })

  it("a night hour is CAUTION for every vessel and a polar-night hour AVOID for an open boat, as their days", () => {
    const sun = sunSpan(daylightOn("2026-07-01", { latitude: 0, longitude: 0 }, 0))
    const hour = (h: number) => ({ time: `2026-07-01T${String(h).padStart(2, "0")}:00`, ...calmHour })
    assert.strictEqual(hourClass(hour(12), defaultVessel, sun), "GO")
    assert.strictEqual(hourClass(hour(2), defaultVessel, sun), "CAUTION")
    assert.strictEqual(hourClass(hour(18), defaultVessel, sun), "CAUTION") // sunset ~18:07
    const night = sunSpan(daylightOn("2026-12-21", tromso, 3600))
    assert.strictEqual(hourClass(hour(12), defaultVessel, night), "AVOID")
    assert.strictEqual(hourClass(hour(12), { type: "yacht", lengthFt: 80 }, night), "CAUTION")
  })
})

const vessels: ReadonlyArray<Vessel> = [
  defaultVessel,
  { type: "pwc", lengthFt: 11 },
  { type: "sailboat", lengthFt: 35 },
  { type: "yacht", lengthFt: 120 }
]

const pad = (n: number) => String(n).padStart(2, "0")

const scenario = fc.record({
  latitude: fc.double({ min: -85, max: 85, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  dayOfYear: fc.integer({ min: 0, max: 364 }),
  offsetHours: fc.integer({ min: -12, max: 14 }),
  duration: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  issueMinutes: fc.integer({ min: -600, max: 3 * 24 * 60 }),
  vessel: fc.constantFrom(...vessels),
  rough: fc.array(fc.boolean(), { minLength: 72, maxLength: 72 })
})

describe("daylight and windows, properties", () => {
  it("an offered window is in daylight, after the issue time and never on an AVOID day; no window starts before the issue time", () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const first = new Date(Date.UTC(2026, 0, 1) + sc.dayOfYear * 86_400_000).toISOString().slice(0, 10)
        const offset = sc.offsetHours * 3600
        const s = series(first, 3, (_, h) => (sc.rough[h]! ? galeHour : calmHour), offset)
        const dates = [0, 1, 2].map((d) => new Date(Date.parse(first) + d * 86_400_000).toISOString().slice(0, 10))
        // The issue time in UTC, from local midnight of the first date.
        const notBeforeMillis = Date.parse(first) - offset * 1000 + sc.issueMinutes * 60_000
        const at = { latitude: sc.latitude, longitude: sc.longitude }
        const days = judged(s, dates, at, { vessel: sc.vessel, tripDurationHours: sc.duration, notBeforeMillis })
        for (const day of days) {
          const sun = sunSpan(daylightOn(day.date, at, offset))
          const windowStartUtc = Date.parse(`${day.date}T${pad(day.window.startHour)}:00:00Z`) - offset * 1000
          if (day.windowPast !== true) assert.isAtLeast(windowStartUtc, notBeforeMillis, `${day.date} window before issue`)
          // A trip that fits in the daylight left (whole hours from the issue time) is never put in the dark.
          const earliest = day.windowPast === true ? 0 : earliestHourOn(day.date, notBeforeMillis, offset)
          const length = Math.min(sc.duration ?? 1, 24)
          let fits = false
          for (let h = Math.max(earliest, 0); h + length <= 24; h++) if (h >= sun.start && h + length <= sun.end) fits = true
          if (fits) assert.strictEqual(day.conditions.dark_hours, 0, `${day.date}: ${JSON.stringify(day.window)} with the sun ${JSON.stringify(sun)}`)
          if (!windowOffered(day)) continue
          assert.notStrictEqual(day.classification, "AVOID")
          assert.isAtLeast(day.window.startHour, sun.start, "starts before sunrise")
          assert.isAtMost(day.window.endHour, sun.end, "ends after sunset")
          assert.isAtLeast(sunHours(sun), 1)
        }
      }),
      { numRuns: 300 }
    )
  })

  it("an hour's class is never less severe than darkness allows", () => {
    const severity = (c: Classification | null) => (c === null ? -1 : severityOf(c))
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(...vessels),
        fc.boolean(),
        (latitude, dayOfYear, h, vessel, rough) => {
          const date = new Date(Date.UTC(2026, 0, 1) + dayOfYear * 86_400_000).toISOString().slice(0, 10)
          const sun = sunSpan(daylightOn(date, { latitude, longitude: 0 }, 0))
          const reading: Reading = rough ? galeHour : calmHour
          const cls = hourClass({ time: `${date}T${pad(h)}:00`, ...reading }, vessel, sun)
          const floor = isPolarNight(sunHours(sun))
            ? profileOf(vessel).openBoat ? "AVOID" : "CAUTION"
            : darkHoursIn(sun, h, h + 1) > 0
            ? "CAUTION"
            : "GO"
          assert.isAtLeast(severity(cls), severityOf(floor), `${date} ${h}:00 at ${latitude}`)
        }
      ),
      { numRuns: 500 }
    )
  })
})

