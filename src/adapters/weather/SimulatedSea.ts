import { type Spot, winterness } from "./SimulatedClimate.js"
import { smooth } from "./SimulatedNoise.js"
import { systemIndex, type Wind, windAt } from "./SimulatedWind.js"

const SEA_TEMP = 20
const SWELL = 21
const SWELL_PERIOD = 22
const SWELL_TURN = 23

const G = 9.81
const KT_TO_MS = 0.514444
const RAD = Math.PI / 180

/**
 * Sea surface temperature: the zone's (or its enclosed sea's own), the place's current, and a season
 * that lags the air's (45 days in the open ocean, less in shallow seas such as the Persian Gulf).
 */
export const seaTempAt = (spot: Spot, utcHours: number): number =>
  Math.max(
    -1.8,
    spot.zone.seaTempC + spot.place.seaTempAnomalyC +
      spot.zone.seaTempSeasonC * (1 - 2 * winterness(utcHours, spot.place.latitude, spot.zone.seaLagDays)) +
      0.4 * smooth(spot.key, SEA_TEMP, utcHours, 150)
  )

/** Hours before now, with weights, over which the wind builds the sea it is blowing on (duration). */
const BUILD_UP: ReadonlyArray<readonly [number, number]> = [[0, 0.3], [2, 0.25], [4, 0.2], [7, 0.15], [10, 0.1]]

export interface Sea {
  readonly waveHeightM: number
  readonly wavePeriodS: number
  readonly waveFromDeg: number
  readonly swellHeightM: number
  readonly swellPeriodS: number
  readonly swellFromDeg: number
}

/**
 * Wind sea from the last ten hours' wind over the place's fetch (JONSWAP fetch-limited growth, capped
 * by the Pierson-Moskowitz fully developed sea), plus swell from distant storms (the zone's background,
 * larger in winter and in the southern ocean, the place's exposure, and yesterday's systems). Combined
 * seas add energies, so swell never exceeds them. `windOf`: the spot's wind at a time (a series passes a
 * memo, since consecutive hours share most of their ten hours).
 */
export const seaAt = (spot: Spot, utcHours: number, windOf: (utcHours: number) => Wind = (t) => windAt(spot, t)): Sea => {
  const { place, zone } = spot
  let x = 0, y = 0, speed = 0
  for (const [lag, weight] of BUILD_UP) {
    const wind = windOf(utcHours - lag)
    speed += weight * wind.speedKt
    x += weight * wind.speedKt * Math.sin(wind.fromDeg * RAD)
    y += weight * wind.speedKt * Math.cos(wind.fromDeg * RAD)
  }
  const u = Math.max(0.5, speed * KT_TO_MS)
  const fetch = place.fetchKm * 1000
  const windSea = Math.min(0.0016 * u * Math.sqrt(fetch / G), 0.0248 * u * u)
  const peak = Math.min(0.286 * (u / G) * Math.cbrt((G * fetch) / (u * u)), 0.785 * u)
  const windPeriod = Math.max(1.5, 0.85 * peak)
  const windFrom = (Math.atan2(x, y) / RAD + 360) % 360

  const w = winterness(utcHours, place.latitude)
  const storms = 0.6 * smooth(spot.key, SWELL, utcHours, 90) + 0.55 * systemIndex(spot, utcHours - 30)
  const swell = place.swellExposure * zone.swellM * (1 + 0.35 * zone.seasonality * (2 * w - 1)) *
    Math.exp(0.45 * storms - 0.07)
  const swellPeriod = Math.min(18, Math.max(6, 7 + 3 * swell + 1.3 * smooth(spot.key, SWELL_PERIOD, utcHours, 48)))
  const swellFrom = (zone.swellFromDeg + 35 * smooth(spot.key, SWELL_TURN, utcHours, 72) + 360) % 360

  const e1 = windSea * windSea, e2 = swell * swell, energy = e1 + e2
  const dx = e1 * Math.sin(windFrom * RAD) + e2 * Math.sin(swellFrom * RAD)
  const dy = e1 * Math.cos(windFrom * RAD) + e2 * Math.cos(swellFrom * RAD)
  return {
    waveHeightM: Math.sqrt(energy),
    wavePeriodS: (e1 * windPeriod + e2 * swellPeriod) / energy,
    waveFromDeg: (Math.atan2(dx, dy) / RAD + 360) % 360,
    swellHeightM: swell,
    swellPeriodS: swellPeriod,
    swellFromDeg: swellFrom
  }
}
