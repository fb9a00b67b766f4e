import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { placeAt } from "../../../src/adapters/weather/SimulatedClimate.js"
import { simulateSeries } from "../../../src/adapters/weather/SimulatedSeries.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"

/**
 * Statistics over a fixed grid: 14 latitudes × 8 longitudes (less the 16 points the geography mask
 * puts far inland) × the 12 months, a 3-day period each (3,456 days, 82,944 hours). Deterministic, so the figures are the same on every run; the bounds are
 * what a plausible climate must show, with room for the model to be retuned.
 */
const LATITUDES = [-62, -52, -42, -32, -22, -12, -2, 8, 18, 28, 38, 48, 58, 66]
const LONGITUDES = [-165, -120, -75, -30, 15, 60, 105, 150]

interface Day {
  readonly latitude: number
  readonly longitude: number
  readonly month: number
  /** Day of the 3-day period, 0..2. */
  readonly index: number
  readonly hours: ReadonlyArray<HourlyPoint>
  readonly maxDaytimeWindKt: number
  readonly maxDaytimeSeasFt: number
  readonly meanAirC: number
  readonly meanWaterC: number
}

const v = (x: number | null) => x!
const daytime = (h: HourlyPoint) => Number(h.time.slice(11, 13)) >= 8 && Number(h.time.slice(11, 13)) <= 18
const mean = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0) / xs.length
const share = <A>(xs: ReadonlyArray<A>, p: (a: A) => boolean) => xs.filter(p).length / xs.length

/** The sea's climate: grid points the geography mask puts far inland (no sea state) are left out here. */
const days: ReadonlyArray<Day> = LATITUDES.flatMap((latitude) =>
  LONGITUDES.filter((longitude) => !placeAt(latitude, longitude).inland).flatMap((longitude) =>
    Array.from({ length: 12 }, (_, m) => m + 1).flatMap((month) => {
      const first = `2026-${String(month).padStart(2, "0")}-`
      const series = Either.getOrThrow(
        simulateSeries({ latitude, longitude }, [`${first}10`, `${first}11`, `${first}12`], `grid ${latitude} ${longitude}`)
      )
      return [0, 1, 2].map((index): Day => {
        const hours = series.hours.slice(index * 24, index * 24 + 24)
        const day = hours.filter(daytime)
        return {
          latitude,
          longitude,
          month,
          index,
          hours,
          maxDaytimeWindKt: Math.max(...day.map((h) => v(h.wind_speed_kt))),
          maxDaytimeSeasFt: Math.max(...day.map((h) => Math.max(v(h.wave_height_ft), v(h.swell_height_ft)))),
          meanAirC: mean(hours.map((h) => v(h.air_temp_c))),
          meanWaterC: mean(hours.map((h) => v(h.water_temp_c)))
        }
      })
    })
  )
)
const hours = days.flatMap((d) => d.hours)

const calm = (d: Day) => d.maxDaytimeWindKt < 10 && d.maxDaytimeSeasFt < 2
const rough = (d: Day) => d.maxDaytimeWindKt > 25 || d.maxDaytimeSeasFt > 6
const winter = (d: Day) => d.latitude >= 0 ? [12, 1, 2].includes(d.month) : [6, 7, 8].includes(d.month)
const summer = (d: Day) => d.latitude >= 0 ? [6, 7, 8].includes(d.month) : [12, 1, 2].includes(d.month)
const high = (d: Day) => Math.abs(d.latitude) >= 50
const tropical = (d: Day) => Math.abs(d.latitude) <= 20

describe("simulated climate over a fixed grid of places and dates", () => {
  it("has calm, moderate and rough days in sensible proportions", () => {
    const c = share(days, calm), r = share(days, rough)
    assert.isAtLeast(c, 0.08)
    assert.isAtMost(c, 0.4)
    assert.isAtLeast(r, 0.05)
    assert.isAtMost(r, 0.35)
    assert.isAtLeast(1 - c - r, 0.35, "most days are in between")
    // every kind of day happens in both hemispheres
    for (const hemisphere of [(d: Day) => d.latitude > 0, (d: Day) => d.latitude < 0]) {
      const here = days.filter(hemisphere)
      assert.isAbove(share(here, calm), 0.03)
      assert.isAbove(share(here, rough), 0.03)
    }
  })

  it("is rougher and colder at high latitudes in winter than in the tropics", () => {
    const wintry = days.filter((d) => high(d) && winter(d)), tropics = days.filter(tropical)
    assert.isAbove(mean(wintry.map((d) => d.maxDaytimeWindKt)), mean(tropics.map((d) => d.maxDaytimeWindKt)) + 5)
    assert.isAbove(mean(wintry.map((d) => d.maxDaytimeSeasFt)), mean(tropics.map((d) => d.maxDaytimeSeasFt)) + 1)
    assert.isAbove(share(wintry, rough), share(tropics, rough) + 0.2)
    assert.isBelow(mean(wintry.map((d) => d.meanAirC)), mean(tropics.map((d) => d.meanAirC)) - 15)
    assert.isBelow(mean(wintry.map((d) => d.meanWaterC)), mean(tropics.map((d) => d.meanWaterC)) - 10)
  })

  it("knows the seasons of each hemisphere: winter is rougher and colder than summer", () => {
    for (const hemisphere of [(d: Day) => d.latitude >= 40, (d: Day) => d.latitude <= -40]) {
      const w = days.filter((d) => hemisphere(d) && winter(d)), s = days.filter((d) => hemisphere(d) && summer(d))
      assert.isAbove(mean(w.map((d) => d.maxDaytimeWindKt)), mean(s.map((d) => d.maxDaytimeWindKt)) + 3)
      assert.isAbove(mean(w.map((d) => d.maxDaytimeSeasFt)), mean(s.map((d) => d.maxDaytimeSeasFt)))
      assert.isBelow(mean(w.map((d) => d.meanAirC)), mean(s.map((d) => d.meanAirC)) - 5)
      assert.isBelow(mean(w.map((d) => d.meanWaterC)), mean(s.map((d) => d.meanWaterC)) - 3)
    }
  })

  it("has steady trade winds and changeable westerlies", () => {
    const spread = (ds: ReadonlyArray<Day>) => {
      const winds = ds.map((d) => mean(d.hours.map((h) => v(h.wind_speed_kt))))
      const m = mean(winds)
      return Math.sqrt(mean(winds.map((x) => (x - m) ** 2))) / m
    }
    const trades = spread(days.filter((d) => Math.abs(d.latitude) >= 12 && Math.abs(d.latitude) <= 18))
    const westerlies = spread(days.filter((d) => Math.abs(d.latitude) >= 42 && Math.abs(d.latitude) <= 58))
    assert.isBelow(trades, westerlies * 0.75)
  })

  it("blows harder in the afternoon than in the early morning, and is warmer", () => {
    const at = (from: number, to: number) =>
      hours.filter((h) => Number(h.time.slice(11, 13)) >= from && Number(h.time.slice(11, 13)) <= to)
    const early = at(3, 6), afternoon = at(13, 16)
    assert.isAbove(mean(afternoon.map((h) => v(h.wind_speed_kt))), mean(early.map((h) => v(h.wind_speed_kt))) + 0.8)
    assert.isAbove(mean(afternoon.map((h) => v(h.air_temp_c))), mean(early.map((h) => v(h.air_temp_c))) + 1.5)
  })

  it("builds seas with the wind, and keeps weather systems over several days", () => {
    const windy = days.filter((d) => d.maxDaytimeWindKt > 25), light = days.filter((d) => d.maxDaytimeWindKt < 10)
    assert.isAbove(mean(windy.map((d) => d.maxDaytimeSeasFt)), 2 * mean(light.map((d) => d.maxDaytimeSeasFt)))
    const pairs = days.flatMap((d, k) => d.index < 2 ? [[d.maxDaytimeWindKt, days[k + 1]!.maxDaytimeWindKt] as const] : [])
    assert.isAbove(correlation(pairs), 0.5, "tomorrow's wind is much like today's")
  })

  it("mostly keeps gusts 1.2 to 1.6 times the wind, gustier in showers", () => {
    const blowing = hours.filter((h) => v(h.wind_speed_kt) >= 5)
    const factor = (h: HourlyPoint) => v(h.wind_gust_kt) / v(h.wind_speed_kt)
    assert.isAtLeast(share(blowing, (h) => factor(h) >= 1.15 && factor(h) <= 1.65), 0.9)
    const showers = blowing.filter((h) => [80, 81, 82, 95].includes(v(h.weather_code)) && v(h.precipitation_mm_per_h) >= 4)
    const dry = blowing.filter((h) => v(h.precipitation_mm_per_h) === 0)
    assert.isAbove(showers.length, 50)
    assert.isAbove(mean(showers.map(factor)), mean(dry.map(factor)) + 0.1)
  })

  it("rains when rain is likely, and heavy rain cuts the visibility", () => {
    const wet = hours.filter((h) => v(h.precipitation_mm_per_h) > 0), dry = hours.filter((h) => v(h.precipitation_mm_per_h) === 0)
    assert.isAbove(wet.length / hours.length, 0.04)
    assert.isBelow(wet.length / hours.length, 0.3)
    assert.isAbove(mean(wet.map((h) => v(h.precipitation_probability_pct))), mean(dry.map((h) => v(h.precipitation_probability_pct))) + 30)
    const heavy = hours.filter((h) => v(h.precipitation_mm_per_h) >= 7.6)
    assert.isAbove(heavy.length, 20)
    assert.isBelow(mean(heavy.map((h) => v(h.visibility_nm))), 2)
    assert.isAbove(mean(dry.map((h) => v(h.visibility_nm))), 6)
  })

  it("has fog episodes, likelier at dawn and over cold water", () => {
    const foggy = (hs: ReadonlyArray<HourlyPoint>) => share(hs, (h) => v(h.visibility_nm) < 1 && v(h.precipitation_mm_per_h) === 0)
    assert.isAbove(foggy(hours), 0.005)
    assert.isBelow(foggy(hours), 0.1)
    const hour = (h: HourlyPoint) => Number(h.time.slice(11, 13))
    assert.isAbove(foggy(hours.filter((h) => hour(h) >= 4 && hour(h) <= 8)), 2 * foggy(hours.filter((h) => hour(h) >= 13 && hour(h) <= 17)))
    const cold = days.filter((d) => placeAt(d.latitude, d.longitude).seaTempAnomalyC < -2).flatMap((d) => d.hours)
    const warm = days.filter((d) => placeAt(d.latitude, d.longitude).seaTempAnomalyC > 0).flatMap((d) => d.hours)
    assert.isAbove(cold.length, 1000)
    assert.isAbove(foggy(cold), 1.5 * foggy(warm))
  })
})

function correlation(pairs: ReadonlyArray<readonly [number, number]>): number {
  const mx = mean(pairs.map((p) => p[0])), my = mean(pairs.map((p) => p[1]))
  const cov = mean(pairs.map(([x, y]) => (x - mx) * (y - my)))
  const sx = Math.sqrt(mean(pairs.map(([x]) => (x - mx) ** 2))), sy = Math.sqrt(mean(pairs.map(([, y]) => (y - my) ** 2)))
  return cov / (sx * sy)
}
