import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { placeAt } from "../../../src/adapters/weather/SimulatedClimate.js"
import { aridityAt, currentAt, regionAt } from "../../../src/adapters/weather/SimulatedGeography.js"
import { simulateSeries } from "../../../src/adapters/weather/SimulatedSeries.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"

const SEEDS = ["geo-a", "geo-b", "geo-c", "geo-d"]

/** Every hour of days 5-25 of `month` (2026) at the point, for four seeds. */
const hoursOf = (latitude: number, longitude: number, months: ReadonlyArray<number>): ReadonlyArray<HourlyPoint> =>
  months.flatMap((month) => {
    const dates = Array.from({ length: 21 }, (_, i) => `2026-${String(month).padStart(2, "0")}-${String(i + 5).padStart(2, "0")}`)
    return SEEDS.flatMap((seed) => Either.getOrThrow(simulateSeries({ latitude, longitude }, dates, seed)).hours)
  })

const values = (hours: ReadonlyArray<HourlyPoint>, k: Exclude<keyof HourlyPoint, "time">) =>
  hours.map((h) => h[k]).filter((x): x is number => x !== null)
const max = (xs: ReadonlyArray<number>) => Math.max(...xs)
const min = (xs: ReadonlyArray<number>) => Math.min(...xs)
const FOG = 45

describe("simulated geography: named places", () => {
  it("the Sahara in July: no rain, no fog, no sea state (far inland), hot afternoons", () => {
    const hours = hoursOf(23, 5, [7])
    assert.strictEqual(regionAt(23, 5)?._tag, "Inland")
    assert.strictEqual(hours.length, 21 * 24 * SEEDS.length)
    assert.strictEqual(max(values(hours, "precipitation_mm_per_h")), 0)
    assert.isBelow(max(values(hours, "precipitation_probability_pct")), 5)
    assert.strictEqual(hours.filter((h) => h.weather_code === FOG).length, 0)
    assert.isAbove(min(values(hours, "visibility_nm")), 3)
    for (const k of ["wave_height_ft", "swell_height_ft", "wave_period_s", "water_temp_c"] as const) {
      assert.deepStrictEqual(values(hours, k), [], `${k} is null inland`)
    }
    const afternoons = hours.filter((h) => h.time.endsWith("T15:00"))
    assert.isAbove(min(values(afternoons, "air_temp_c")), 30)
    assert.isBelow(max(values(hours, "air_temp_c")), 50)
  })

  it("Tokyo Bay, all year: a short fetch and no ocean swell, so never more than a few feet of sea", () => {
    const hours = hoursOf(35.5, 139.8, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    assert.strictEqual(regionAt(35.5, 139.8)?._tag, "Enclosed")
    assert.isAtMost(placeAt(35.5, 139.8).fetchKm, 30)
    assert.isAtMost(max(values(hours, "wave_height_ft")), 6)
    assert.isAtMost(max(values(hours, "swell_height_ft")), 1)
    // Strong winds still raise a chop there: the bay is not simply flat.
    assert.isAbove(max(values(hours, "wave_height_ft")), 2)
  })

  it("off Dubai (Persian Gulf): 31-35 °C water in July, 20-25 °C in February, and no rain in July", () => {
    const july = hoursOf(25.2, 55.3, [7])
    const february = hoursOf(25.2, 55.3, [2])
    assert.isAtLeast(min(values(july, "water_temp_c")), 31)
    assert.isAtMost(max(values(july, "water_temp_c")), 35)
    assert.isAtLeast(min(values(february, "water_temp_c")), 20)
    assert.isAtMost(max(values(february, "water_temp_c")), 25)
    assert.strictEqual(max(values(july, "precipitation_mm_per_h")), 0)
    assert.isAtMost(max(values(july, "wave_height_ft")), 6)
  })

  it("cold currents and inland cities: Lima's water is cool, Moscow has no sea", () => {
    assert.isBelow(currentAt(-12.05, -77.15)!, 0)
    assert.isAtMost(max(values(hoursOf(-12.05, -77.15, [1, 7]), "water_temp_c")), 21)
    const moscow = hoursOf(55.75, 37.6, [1])
    assert.deepStrictEqual(values(moscow, "wave_height_ft"), [])
    assert.isBelow(min(values(moscow, "air_temp_c")), -5)
  })

  it("the open ocean keeps its big seas: the Southern Ocean in winter", () => {
    assert.isUndefined(regionAt(-50, -120))
    assert.isAbove(max(values(hoursOf(-50, -120, [7]), "wave_height_ft")), 12)
  })
})

describe("simulated geography: a sweep of the globe", () => {
  const LATITUDES = [-70, -60, -50, -40, -30, -20, -10, 0, 10, 20, 30, 40, 50, 60, 70]
  const LONGITUDES = Array.from({ length: 18 }, (_, i) => -180 + 20 * i)
  const points = LATITUDES.flatMap((latitude) => LONGITUDES.map((longitude) => ({ latitude, longitude })))
  const MONTHS = ["01", "04", "07", "10"]
  const sweep = points.map((p) => ({
    ...p,
    place: placeAt(p.latitude, p.longitude),
    aridity: aridityAt(p.latitude, p.longitude),
    region: regionAt(p.latitude, p.longitude),
    hours: MONTHS.flatMap((m) => Either.getOrThrow(simulateSeries(p, [`2026-${m}-14`, `2026-${m}-15`], "sweep")).hours)
  }))

  it("covers inland, desert, enclosed and open-ocean points", () => {
    assert.isAbove(sweep.filter((s) => s.place.inland).length, 30)
    assert.isAbove(sweep.filter((s) => s.aridity >= 0.8).length, 8)
    assert.isAbove(sweep.filter((s) => s.region?._tag === "Basin").length, 3)
    assert.isAbove(sweep.filter((s) => s.region === undefined).length, 100)
  })

  it("every point is plausible for its kind", () => {
    const problems: Array<string> = []
    const check = (ok: boolean, what: string, s: (typeof sweep)[number]) => {
      if (!ok) problems.push(`${s.latitude},${s.longitude}: ${what}`)
    }
    for (const s of sweep) {
      const water = values(s.hours, "water_temp_c")
      const air = values(s.hours, "air_temp_c")
      check(air.every((t) => t >= -55 && t <= 50), `air ${min(air)}..${max(air)} °C`, s)
      if (s.place.inland) {
        check(s.hours.every((h) => h.wave_height_ft === null && h.swell_height_ft === null && h.water_temp_c === null), "sea state inland", s)
      } else {
        check(water.length === s.hours.length, "water temperature at sea", s)
        check(water.every((t) => t >= -1.8 && t <= 35.5), `water ${min(water)}..${max(water)} °C`, s)
        const abs = Math.abs(s.latitude)
        if (abs <= 10 && currentAt(s.latitude, s.longitude) === undefined) check(min(water) >= 22, `tropical water ${min(water)} °C`, s)
        if (abs >= 70) check(max(water) <= 8, `polar water ${max(water)} °C`, s)
        if (abs >= 60) check(max(water) <= 17, `subpolar water ${max(water)} °C`, s)
        if (s.region?._tag === "Enclosed") check(max(values(s.hours, "wave_height_ft")) <= 8, "enclosed seas", s)
      }
      if (s.aridity >= 0.8) {
        check(s.hours.filter((h) => (h.precipitation_mm_per_h ?? 0) > 0).length <= s.hours.length * 0.02, "rain in a desert", s)
        check(s.hours.every((h) => h.weather_code !== FOG || !s.place.inland), "fog in an inland desert", s)
      }
    }
    assert.deepStrictEqual(problems, [])
  })
})
