import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import * as fc from "fast-check"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { reduceHours } from "../../../src/domain/safety/ReduceHours.js"
import { UNIVERSAL, waveSteepness } from "../../../src/domain/safety/Thresholds.js"

/**
 * reduceHours as it was written before it became one pass (sorts and filtered lists): the one-pass
 * version must give the same result, field order included, for any hours (ties, nulls, -0 and all).
 */
const known = (values: ReadonlyArray<number | null>): Array<number> => values.filter((v): v is number => v !== null)
const max = (values: ReadonlyArray<number | null>) => {
  const xs = known(values)
  return xs.length === 0 ? undefined : Math.max(...xs)
}
const min = (values: ReadonlyArray<number | null>) => {
  const xs = known(values)
  return xs.length === 0 ? undefined : Math.min(...xs)
}
const gustOf = (p: HourlyPoint): number | null =>
  p.wind_speed_kt === null
    ? p.wind_gust_kt
    : p.wind_gust_kt === null
    ? p.wind_speed_kt * UNIVERSAL.gustFactorWhenUnknown
    : Math.max(p.wind_gust_kt, p.wind_speed_kt)
const periodFor = (height: number, hours: ReadonlyArray<HourlyPoint>): number | undefined => {
  const paired = hours.filter((p) => p.wave_height_ft !== null && p.wave_period_s !== null && p.wave_period_s > 0)
  const highest = paired.sort((a, b) => b.wave_height_ft! - a.wave_height_ft! || a.wave_period_s! - b.wave_period_s!)[0]
  if (highest === undefined) return undefined
  const steepest = Math.max(
    0,
    ...paired.filter((p) => p.wave_height_ft! >= UNIVERSAL.steepMinHeightFt).map((p) => waveSteepness(p.wave_height_ft!, p.wave_period_s!))
  )
  return steepest > waveSteepness(height, highest.wave_period_s!)
    ? Math.sqrt(waveSteepness(height, 1) / steepest)
    : highest.wave_period_s!
}
const optional = (key: string, value: number | undefined) => (value === undefined ? {} : { [key]: value })
const reference = (hours: ReadonlyArray<HourlyPoint>) => {
  const windy = hours.filter((p) => p.wind_speed_kt !== null).sort((a, b) => b.wind_speed_kt! - a.wind_speed_kt!)
  const first = windy[0]
  if (first === undefined) return Either.left("no wind data")
  const direction = windy.find((p) => p.wind_direction_deg !== null)?.wind_direction_deg
  if (direction === undefined || direction === null) return Either.left("no wind direction data")
  const waveHeight = max(hours.map((p) => p.wave_height_ft))
  const wavePeriod = waveHeight === undefined ? undefined : periodFor(waveHeight, hours)
  const highestSwell = hours.filter((p) => p.swell_height_ft !== null).sort((a, b) => b.swell_height_ft! - a.swell_height_ft!)[0]
  return Either.right({
    wind_speed_kt: first.wind_speed_kt!,
    wind_gust_kt: max(hours.map(gustOf))!,
    wind_direction_deg: direction,
    ...optional("wave_height_ft", waveHeight),
    ...optional("wave_period_s", wavePeriod),
    ...optional("swell_height_ft", highestSwell?.swell_height_ft ?? undefined),
    ...optional("swell_period_s", highestSwell?.swell_period_s ?? undefined),
    ...optional("visibility_nm", min(hours.map((p) => p.visibility_nm))),
    ...optional("precipitation_probability_pct", max(hours.map((p) => p.precipitation_probability_pct))),
    ...optional("precipitation_mm_per_h", max(hours.map((p) => p.precipitation_mm_per_h))),
    ...optional("air_temp_c", min(hours.map((p) => p.air_temp_c))),
    ...optional("water_temp_c", min(hours.map((p) => p.water_temp_c))),
    ...optional("weather_code", max(hours.map((p) => p.weather_code))),
    ...optional("cape_j_per_kg", max(hours.map((p) => p.cape_j_per_kg ?? null)))
  })
}

// Few distinct values, so that ties are common; -0 beside 0; null often.
const reading = (values: ReadonlyArray<number>) => fc.option(fc.constantFrom(...values), { nil: null, freq: 4 })
const hour: fc.Arbitrary<HourlyPoint> = fc.record({
  time: fc.constant("2026-07-01T10:00"),
  wind_speed_kt: reading([0, -0, 5, 12, 12.5, 30]),
  wind_gust_kt: reading([0, 8, 12, 40]),
  wind_direction_deg: reading([0, -0, 90, 270]),
  wave_height_ft: reading([0, -0, 2, 3, 3, 6.5]),
  wave_period_s: reading([0, -1, 3, 4, 8]),
  wave_direction_deg: reading([0, 180]),
  swell_height_ft: reading([0, 1, 4, 4]),
  swell_period_s: reading([6, 12]),
  swell_direction_deg: reading([0, 200]),
  visibility_nm: reading([0.05, 0.5, 10]),
  precipitation_probability_pct: reading([0, 50, 100]),
  precipitation_mm_per_h: reading([0, -0, 1.5]),
  air_temp_c: reading([-5, -0, 0, 20]),
  water_temp_c: reading([-1, 0, 15]),
  weather_code: reading([0, 3, 95]),
  cape_j_per_kg: reading([0, 900, 1000, 2600])
})

describe("reduceHours, one pass", () => {
  it("gives what the sorting version gave, field order and signed zeros included", () => {
    fc.assert(
      fc.property(fc.array(hour, { maxLength: 30 }), (hours) => {
        const got = reduceHours(hours)
        const want = reference(hours)
        assert.deepStrictEqual(got, want)
        if (Either.isRight(got) && Either.isRight(want)) {
          assert.deepStrictEqual(Object.keys(got.right), Object.keys(want.right))
          for (const key of Object.keys(want.right)) {
            assert.isTrue(Object.is((got.right as Record<string, unknown>)[key], (want.right as Record<string, unknown>)[key]), key)
          }
        }
      }),
      { numRuns: 3000 }
    )
  })
})
