import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { waveSteepness } from "../../../src/domain/safety/Thresholds.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { reduceHours } from "../../../src/domain/safety/ReduceHours.js"
import { calmHour, noMarine, type Reading } from "./Hours.js"

const hours = (...readings: Array<Partial<Reading>>): Array<HourlyPoint> =>
  readings.map((r, i) => ({ time: `2026-07-01T${String(10 + i).padStart(2, "0")}:00`, ...calmHour, ...r }))

const reduce = (...readings: Array<Partial<Reading>>) => Either.getOrThrow(reduceHours(hours(...readings)))

describe("reduceHours", () => {
  it("keeps the worst of each field", () => {
    const day = reduce(
      { wind_speed_kt: 8, wind_gust_kt: 12, wind_direction_deg: 100, visibility_nm: 9, precipitation_probability_pct: 20, air_temp_c: 24 },
      { wind_speed_kt: 14, wind_gust_kt: 18, wind_direction_deg: 200, visibility_nm: 3, precipitation_mm_per_h: 2, water_temp_c: 18 },
      { wind_speed_kt: 10, wind_gust_kt: 21, wind_direction_deg: 300, swell_height_ft: 2, swell_period_s: 12, weather_code: 61 }
    )
    assert.deepStrictEqual(day, {
      wind_speed_kt: 14,
      wind_gust_kt: 21,
      wind_direction_deg: 200,
      wave_height_ft: 1,
      wave_period_s: 8,
      swell_height_ft: 2,
      swell_period_s: 12,
      visibility_nm: 3,
      precipitation_probability_pct: 20,
      precipitation_mm_per_h: 2,
      air_temp_c: 22,
      water_temp_c: 18,
      weather_code: 61
    })
  })

  it("keeps the highest CAPE of the window, and leaves it out when no hour has one", () => {
    assert.strictEqual(reduce({ cape_j_per_kg: 400 }, { cape_j_per_kg: null }, { cape_j_per_kg: 1300 }, {}).cape_j_per_kg, 1300)
    assert.notProperty(reduce({ cape_j_per_kg: null }, {}), "cape_j_per_kg")
  })

  it("never reports a gust below the sustained wind, and estimates missing gusts at 1.4 times the wind", () => {
    assert.strictEqual(reduce({ wind_speed_kt: 15, wind_gust_kt: 12 }).wind_gust_kt, 15)
    assert.strictEqual(reduce({ wind_speed_kt: 15, wind_gust_kt: null }, { wind_speed_kt: 5, wind_gust_kt: 9 }).wind_gust_kt, 21)
  })

  it("pairs the highest seas with a period that keeps the steepest hour's steepness, and invents none", () => {
    // The highest hour is not steep; a lower hour of 3 ft or more is (3.2 ft at 3.2 s).
    const steep = reduce({ wave_height_ft: 4, wave_period_s: 10 }, { wave_height_ft: 3.2, wave_period_s: 3.2 })
    assert.strictEqual(steep.wave_height_ft, 4)
    // Issue 11: steepness is H/L (L = gT²/2π), so the day keeps the steep hour's H/L, not its ft ÷ s.
    assert.approximately(waveSteepness(steep.wave_height_ft!, steep.wave_period_s!), waveSteepness(3.2, 3.2), 1e-12)
    assert.strictEqual(classifyDay(steep).classification, "AVOID")
    // Short-period chop under 3 ft is not steep seas, and must not make the day's 4 ft at 10 s look steep.
    const chop = reduce({ wave_height_ft: 4, wave_period_s: 10 }, { wave_height_ft: 2.5, wave_period_s: 2.5 })
    assert.deepStrictEqual([chop.wave_height_ft, chop.wave_period_s], [4, 10])
    assert.isFalse(classifyDay(chop).reasons.some((r) => r.factor === "steep_seas"))
  })

  it("leaves out what no hour knows, never as zero", () => {
    const day = reduce(noMarine(calmHour), { ...noMarine(calmHour), visibility_nm: null })
    assert.isUndefined(day.wave_height_ft)
    assert.isUndefined(day.wave_period_s)
    assert.isUndefined(day.swell_height_ft)
    assert.isUndefined(day.water_temp_c)
    assert.strictEqual(day.visibility_nm, 10)
  })

  it("is Left without a sustained wind, or without any wind direction", () => {
    assert.isTrue(Either.isLeft(reduceHours(hours({ wind_speed_kt: null }, { wind_speed_kt: null }))))
    assert.isTrue(Either.isLeft(reduceHours(hours({ wind_direction_deg: null }))))
    assert.isTrue(Either.isLeft(reduceHours([])))
    assert.strictEqual(reduce({ wind_speed_kt: 20, wind_direction_deg: null }, { wind_speed_kt: 10, wind_direction_deg: 45 }).wind_direction_deg, 45)
  })
})
