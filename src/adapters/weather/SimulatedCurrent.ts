import type { ForecastWeather } from "../../domain/weather/ForecastWeather.js"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import type { WeatherSeries } from "../../domain/weather/HourlyWeather.js"
import { placeHash, type TideParams, tideAt, tideFtAt, tideParams, utcHoursOf } from "./SimulatedTide.js"

/**
 * A tidal stream that follows the simulated tide: strongest at mid-tide, slack at high and low water,
 * flooding one way while the water rises and ebbing the opposite way while it falls. Peak 0.2-2.2 kt
 * and the flood direction depend on the place only.
 */
export const currentAt = (p: TideParams, peakKt: number, floodToDeg: number, utcHours: number) => {
  const step = 0.25
  const rate = (tideAt(p, utcHours + step) - tideAt(p, utcHours - step)) / (2 * step)
  // The steepest rise or fall of the curve: M2's plus S2's amplitude times their angular speeds.
  const fastest = p.amplitudeM * (2 * Math.PI / 12.42) + (p.amplitudeM / 3) * (2 * Math.PI / 12)
  return {
    speedKt: Math.round(peakKt * Math.min(1, Math.abs(rate) / fastest) * 100) / 100,
    toDeg: Math.round(rate >= 0 ? floodToDeg : floodToDeg + 180) % 360
  }
}

/** The series with a simulated tide (semi-diurnal curve) and tidal current on every hour that has a sea. */
export const withTideAndCurrent = (series: WeatherSeries, at: Coordinates): ForecastWeather => {
  const p = tideParams(at.latitude, at.longitude)
  const peakKt = 0.2 + 2 * placeHash(at.latitude, at.longitude, 4)
  const floodToDeg = 360 * placeHash(at.latitude, at.longitude, 5)
  return {
    ...series,
    models: ["simulated"],
    hours: series.hours.map((h) => {
      // As tideHeightFt: no sea, no tide. The hour's UTC time is parsed once for both.
      // Object.assign, not `{ ...h, more }`: Node 20 builds a spread object with added fields ~20× slower.
      if (h.wave_height_ft === null) return Object.assign({}, h, { tide_height_ft: null, current_speed_kt: null, current_direction_deg: null })
      const utcHours = utcHoursOf(h.time, series.utcOffsetSeconds)
      const current = currentAt(p, peakKt, floodToDeg, utcHours)
      return Object.assign({}, h, { tide_height_ft: tideFtAt(p, utcHours), current_speed_kt: current.speedKt, current_direction_deg: current.toDeg })
    })
  }
}
