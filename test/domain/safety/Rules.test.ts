import { assert, describe, it } from "@effect/vitest"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import { profileOf } from "../../../src/domain/safety/VesselProfile.js"
import type { Vessel, VesselType } from "../../../src/domain/spotcast/Vessel.js"

const calm: DayConditions = {
  wind_speed_kt: 6, wind_gust_kt: 9, wind_direction_deg: 90, wave_height_ft: 1, wave_period_s: 8, swell_height_ft: 0.5,
  swell_period_s: 10, visibility_nm: 10, precipitation_probability_pct: 5, precipitation_mm_per_h: 0, air_temp_c: 24, water_temp_c: 22
}
const boat = (type: VesselType, lengthFt: number): Vessel => ({ type, lengthFt })
const classOf = (change: Partial<DayConditions>, vessel?: Vessel) => classifyDay({ ...calm, ...change }, vessel).classification
const factors = (change: Partial<DayConditions>, vessel?: Vessel) =>
  classifyDay({ ...calm, ...change }, vessel).reasons.map((r) => `${r.factor}:${r.classification}`)

describe("near-freezing water (issue 11)", () => {
  it("is AVOID for a pwc and boats under 16 ft at 5 °C or less with 15 kt or more, CAUTION otherwise", () => {
    assert.strictEqual(classOf({ water_temp_c: 4, wind_speed_kt: 15, wind_gust_kt: 15 }, boat("pwc", 10)), "AVOID")
    assert.strictEqual(classOf({ water_temp_c: 5, wind_speed_kt: 16, wind_gust_kt: 16 }, boat("powerBoat", 14)), "AVOID")
    assert.strictEqual(classOf({ water_temp_c: 5.5, wind_speed_kt: 16, wind_gust_kt: 16 }, boat("powerBoat", 14)), "CAUTION")
    assert.strictEqual(classOf({ water_temp_c: 4, wind_speed_kt: 9, wind_gust_kt: 12 }, boat("powerBoat", 14)), "CAUTION")
    assert.notStrictEqual(classOf({ water_temp_c: 4, wind_speed_kt: 15, wind_gust_kt: 15 }, boat("powerBoat", 20)), "AVOID")
  })
})

describe("multihull gusts (issue 11)", () => {
  it("rates a catamaran's gusts one band stricter than a monohull of the same length, and says why", () => {
    for (const [length, gust] of [[30, 19], [45, 22], [90, 26], [250, 30]] as const) {
      assert.strictEqual(classOf({ wind_gust_kt: gust }, boat("powerBoat", length)), "GO", `${length} ft monohull, ${gust} kt`)
      assert.strictEqual(classOf({ wind_gust_kt: gust }, boat("catamaran", length)), "CAUTION", `${length} ft catamaran, ${gust} kt`)
    }
    const gust = classifyDay({ ...calm, wind_gust_kt: 29 }, boat("catamaran", 30)).reasons.find((r) => r.factor === "gust")
    assert.strictEqual(gust?.classification, "AVOID")
    assert.include(gust?.detail, "capsize")
  })

  it("never rates a catamaran's gusts calmer than a monohull's", () => {
    for (const length of [10, 20, 30, 45, 90, 250]) {
      for (let g = 0; g <= 70; g += 1) {
        const rank = (c: string) => ["GO", "CAUTION", "AVOID"].indexOf(c)
        assert.isAtLeast(rank(classOf({ wind_gust_kt: g }, boat("catamaran", length))), rank(classOf({ wind_gust_kt: g }, boat("sailboat", length))))
      }
    }
  })
})

describe("vessel profiles", () => {
  it("bands by length, a pwc is a pwc at any length", () => {
    assert.deepStrictEqual([10, 15.9, 16, 25.9, 26, 39.9, 40, 79.9, 80, 199, 200, 500].map((l) => profileOf(boat("powerBoat", l)).band),
      ["XS", "XS", "S", "S", "M", "M", "L", "L", "XL", "XL", "XXL", "XXL"])
    assert.strictEqual(profileOf(boat("pwc", 60)).band, "pwc")
    assert.isTrue(profileOf(boat("pwc", 60)).under16)
  })

  it("gives yachts from 40 ft one band at most of allowance, never out of the gale rule", () => {
    assert.strictEqual(profileOf(boat("yacht", 35)).band, "M")
    assert.strictEqual(profileOf(boat("yacht", 60)).band, "L")
    assert.strictEqual(profileOf(boat("yacht", 70)).band, "XL")
    assert.include(profileOf(boat("yacht", 70)).label, "yacht allowance")
    assert.strictEqual(profileOf(boat("yacht", 190)).band, "XL")
    assert.strictEqual(classOf({ wind_speed_kt: 36, wind_gust_kt: 40 }, boat("yacht", 199)), "AVOID")
    // 14 ft seas: AVOID for a 70 ft power boat, CAUTION for a 70 ft yacht.
    assert.strictEqual(classOf({ wave_height_ft: 14, wave_period_s: 16 }, boat("powerBoat", 70)), "AVOID")
    assert.strictEqual(classOf({ wave_height_ft: 14, wave_period_s: 16 }, boat("yacht", 70)), "CAUTION")
  })
})

describe("universal rules and grey-zone decisions", () => {
  it("never GO from 22 kt; gale AVOID under 200 ft; between gale and storm CAUTION from 200 ft; storm AVOID", () => {
    assert.strictEqual(classOf({ wind_speed_kt: 22, wind_gust_kt: 26 }, boat("powerBoat", 300)), "CAUTION")
    assert.strictEqual(classOf({ wind_speed_kt: 21, wind_gust_kt: 26 }, boat("powerBoat", 300)), "GO")
    assert.strictEqual(classOf({ wind_speed_kt: 34, wind_gust_kt: 40 }, boat("yacht", 150)), "AVOID")
    assert.strictEqual(classOf({ wind_speed_kt: 40, wind_gust_kt: 50 }, boat("yacht", 250)), "CAUTION")
    assert.strictEqual(classOf({ wind_speed_kt: 48, wind_gust_kt: 55 }, boat("yacht", 250)), "AVOID")
    assert.strictEqual(classOf({ wind_speed_kt: 24, wind_gust_kt: 29 }, boat("sailboat", 30)), "CAUTION")
  })

  it("counts gusts of gale force: 34 kt under 40 ft, 40 kt (table) to 199 ft", () => {
    assert.strictEqual(classOf({ wind_speed_kt: 12, wind_gust_kt: 34 }, boat("sailboat", 39)), "AVOID")
    assert.strictEqual(classOf({ wind_speed_kt: 12, wind_gust_kt: 38 }, boat("sailboat", 45)), "CAUTION")
    assert.strictEqual(classOf({ wind_speed_kt: 12, wind_gust_kt: 40 }, boat("sailboat", 45)), "AVOID")
    assert.strictEqual(classOf({ wind_speed_kt: 12, wind_gust_kt: 45 }, boat("powerBoat", 150)), "AVOID")
  })

  it("steep seas are AVOID under 40 ft (pwc included) and CAUTION above", () => {
    const steep = { wave_height_ft: 3.5, wave_period_s: 3.5 }
    assert.deepStrictEqual(factors(steep, boat("catamaran", 38)).filter((f) => f.startsWith("steep")), ["steep_seas:AVOID"])
    assert.strictEqual(classOf(steep, boat("catamaran", 38)), "AVOID")
    assert.strictEqual(classOf(steep, boat("catamaran", 45)), "CAUTION")
    assert.strictEqual(classOf({ wave_height_ft: 2.9, wave_period_s: 2 }, boat("powerBoat", 30)), "GO")
  })

  it("rates visibility: moderate and poor CAUTION, dense fog AVOID under 40 ft and CAUTION above", () => {
    assert.strictEqual(classOf({ visibility_nm: 5 }), "GO")
    assert.strictEqual(classOf({ visibility_nm: 4 }), "CAUTION")
    assert.strictEqual(classOf({ visibility_nm: 0.5 }), "CAUTION")
    assert.strictEqual(classOf({ visibility_nm: 0.3 }, boat("sailboat", 35)), "AVOID")
    assert.strictEqual(classOf({ visibility_nm: 0.3 }, boat("sailboat", 45)), "CAUTION")
    assert.strictEqual(classOf({ visibility_nm: 0.1 }, boat("yacht", 250)), "CAUTION")
  })

  it("rates rain and thunderstorms", () => {
    assert.strictEqual(classOf({ precipitation_probability_pct: 50, precipitation_mm_per_h: 1 }), "CAUTION")
    assert.strictEqual(classOf({ precipitation_probability_pct: 40, precipitation_mm_per_h: 5 }), "GO")
    assert.strictEqual(classOf({ precipitation_probability_pct: 60, precipitation_mm_per_h: 0.5 }), "GO")
    const { precipitation_mm_per_h: _, ...noRate } = calm
    // Issue 11 item 5: an unknown rain rate is no factor by itself (it used to be taken at its worst: CAUTION).
    assert.strictEqual(classifyDay({ ...noRate, precipitation_probability_pct: 60 }).classification, "GO")
    assert.strictEqual(classifyDay({ ...noRate, precipitation_probability_pct: 100 }).classification, "GO")
    const { precipitation_probability_pct: __, ...noChance } = calm
    assert.strictEqual(classifyDay({ ...noChance, precipitation_mm_per_h: 2 }).classification, "CAUTION")
    assert.strictEqual(classOf({ precipitation_probability_pct: 90, precipitation_mm_per_h: 12 }), "CAUTION")
    assert.strictEqual(classOf({ precipitation_probability_pct: 90, precipitation_mm_per_h: 12, wind_gust_kt: 38 }, boat("yacht", 300)), "AVOID")
    assert.deepStrictEqual(factors({ weather_code: 95 }, boat("yacht", 300)), ["thunderstorm:AVOID"])
    assert.strictEqual(classOf({ weather_code: 63 }), "GO")
  })

  it("rates CAPE of 1,000 J/kg or more with rain likely as a thunderstorm squall risk, CAUTION for every vessel", () => {
    const vessels = [boat("pwc", 10), boat("powerBoat", 20), boat("sailboat", 35), boat("catamaran", 45), boat("yacht", 300)]
    for (const vessel of vessels) {
      const label = `${vessel.type} ${vessel.lengthFt} ft`
      assert.deepStrictEqual(factors({ cape_j_per_kg: 1000, precipitation_probability_pct: 50 }, vessel), ["thunderstorm:CAUTION"], label)
      assert.strictEqual(classOf({ cape_j_per_kg: 3500, precipitation_probability_pct: 80 }, vessel), "CAUTION", label)
      // Under the line, or with rain unlikely, the instability alone is no factor.
      assert.strictEqual(classOf({ cape_j_per_kg: 999, precipitation_probability_pct: 90 }, vessel), "GO", label)
      assert.strictEqual(classOf({ cape_j_per_kg: 2000, precipitation_probability_pct: 49 }, vessel), "GO", label)
    }
    const detail = classifyDay({ ...calm, cape_j_per_kg: 1850, precipitation_probability_pct: 70 }).reasons
      .find((r) => r.factor === "thunderstorm")!.detail
    assert.include(detail, "CAPE 1850 J/kg")
    assert.include(detail, "squall")
    // An unknown chance of rain is taken at its worst.
    const { precipitation_probability_pct: _, ...noChance } = calm
    assert.strictEqual(classifyDay({ ...noChance, cape_j_per_kg: 1200 }).classification, "CAUTION")
    // A forecast thunderstorm stays AVOID, and says so by its weather code, whatever the CAPE.
    const storm = classifyDay({ ...calm, weather_code: 96, cape_j_per_kg: 1500, precipitation_probability_pct: 80 })
    assert.strictEqual(storm.classification, "AVOID")
    assert.include(storm.reasons.find((r) => r.factor === "thunderstorm")!.detail, "weather code 96")
    // No CAPE from the source changes nothing.
    assert.deepStrictEqual(classifyDay({ ...calm, precipitation_probability_pct: 90 }), classifyDay({ ...calm, precipitation_probability_pct: 90, cape_j_per_kg: 0 }))
  })

  it("cold water is CAUTION only for a pwc or a boat under 21 ft, a note for the others", () => {
    assert.strictEqual(classOf({ water_temp_c: 14 }, boat("powerBoat", 15)), "CAUTION")
    assert.strictEqual(classOf({ water_temp_c: 14 }, boat("pwc", 12)), "CAUTION")
    assert.strictEqual(classOf({ water_temp_c: 15 }, boat("pwc", 12)), "GO")
    // Issue 11: 16-20 ft boats are CAUTION too (`uscg-boating-stats`: 8 in 10 drowned on boats under 21 ft).
    assert.strictEqual(classOf({ water_temp_c: 4 }, boat("powerBoat", 16)), "CAUTION")
    assert.strictEqual(classOf({ water_temp_c: 14.9 }, boat("sailboat", 20.9)), "CAUTION")
    assert.strictEqual(classOf({ water_temp_c: 4 }, boat("powerBoat", 21)), "GO")
    assert.deepStrictEqual(factors({ water_temp_c: 4 }, boat("powerBoat", 21)), ["cold_water:GO"])
    // Near-freezing water with 15 kt stays AVOID under 16 ft only.
    assert.strictEqual(classOf({ water_temp_c: 4, wind_speed_kt: 15, wind_gust_kt: 15 }, boat("powerBoat", 15)), "AVOID")
    assert.strictEqual(classOf({ water_temp_c: 4, wind_speed_kt: 15, wind_gust_kt: 15 }, boat("powerBoat", 18)), "CAUTION")
  })

  it("light air is a note for sailboats, never a class", () => {
    assert.deepStrictEqual(factors({ wind_speed_kt: 2, wind_gust_kt: 3 }, boat("sailboat", 30)), ["light_air:GO"])
    assert.deepStrictEqual(factors({ wind_speed_kt: 2, wind_gust_kt: 3 }, boat("powerBoat", 30)), [])
  })

  it("unknown seas are CAUTION with sea_state_unavailable; unknown period of 3 ft or more too", () => {
    const { swell_height_ft: _s, swell_period_s: _p, wave_height_ft: _h, wave_period_s: _t, ...noSeas } = calm
    assert.deepStrictEqual(classifyDay(noSeas).reasons.map((r) => `${r.factor}:${r.classification}`), ["sea_state_unavailable:CAUTION"])
    const { wave_period_s: _t2, ...noPeriod } = calm
    assert.strictEqual(classifyDay({ ...noPeriod, wave_height_ft: 1.5 }).classification, "GO")
    assert.deepStrictEqual(classifyDay({ ...noPeriod, wave_height_ft: 3 }, boat("yacht", 100)).reasons.map((r) => r.factor), ["sea_state_unavailable"])
    // Seas are the larger of wave height and swell.
    assert.strictEqual(classOf({ swell_height_ft: 6 }), "AVOID")
  })

  it("CAUTION factors never add up to AVOID", () => {
    const many = { wind_speed_kt: 20, wind_gust_kt: 26, wave_height_ft: 5, wave_period_s: 9, visibility_nm: 1, precipitation_probability_pct: 90, precipitation_mm_per_h: 5 }
    assert.strictEqual(classOf(many), "CAUTION")
    assert.isAtLeast(factors(many).length, 5)
  })
})
