import { DateTime, Either, Option } from "effect"
import type { Coordinates } from "../../domain/spotcast/Coordinates.js"
import { parseStartDate } from "../../domain/forecast/ForecastPeriod.js"
import type { HourlyPoint, WeatherSeries } from "../../domain/weather/HourlyWeather.js"
import { type Air, airAt } from "./SimulatedAir.js"
import { type Spot, spotAt } from "./SimulatedClimate.js"
import { seaAt, seaTempAt } from "./SimulatedSea.js"
import type { Site } from "./SimulatedSite.js"
import { type Wind, windAt } from "./SimulatedWind.js"

const M_TO_FT = 3.280839895
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Rounds to `digits` decimals, never to -0 (same bytes whatever the sign of a near-zero value). */
const round = (x: number, digits: number) => {
  const p = 10 ** digits
  return Math.round(x * p) / p + 0
}
const degrees = (d: number) => Math.round(d) % 360

/** A WMO weather code (as Open-Meteo reports it) for the hour's rain, snow, fog or cloud. */
const weatherCode = (air: Air, mmPerH: number, gustKt: number): number => {
  if (mmPerH >= 0.1) {
    if (air.airTempC <= 0.5) return air.showery ? (mmPerH < 2 ? 85 : 86) : mmPerH < 1 ? 71 : mmPerH < 4 ? 73 : 75
    if (air.showery) return mmPerH >= 7.6 && gustKt >= 25 ? 95 : mmPerH < 2.5 ? 80 : mmPerH < 7.6 ? 81 : 82
    return mmPerH < 2.5 ? 61 : mmPerH < 7.6 ? 63 : 65
  }
  if (air.fog) return 45
  const p = air.precipitationProbabilityPct
  return p < 15 ? 0 : p < 30 ? 1 : p < 50 ? 2 : 3
}

/** Far inland and on lakes there is no sea: the marine fields are null, as a real marine model leaves them. */
const seaFields = (spot: Spot, utcHours: number, windOf: (utcHours: number) => Wind) => {
  if (spot.place.inland || spot.place.lake) {
    return { wave_height_ft: null, wave_period_s: null, wave_direction_deg: null, swell_height_ft: null, swell_period_s: null, swell_direction_deg: null }
  }
  const sea = seaAt(spot, utcHours, windOf)
  const waveFt = round(sea.waveHeightM * M_TO_FT, 1)
  return {
    wave_height_ft: waveFt,
    wave_period_s: round(sea.wavePeriodS, 1),
    wave_direction_deg: degrees(sea.waveFromDeg),
    swell_height_ft: Math.min(waveFt, round(sea.swellHeightM * M_TO_FT, 1)),
    swell_period_s: round(sea.swellPeriodS, 1),
    swell_direction_deg: degrees(sea.swellFromDeg)
  }
}

const hourAt = (spot: Spot, utcHours: number, time: string, windOf: (utcHours: number) => Wind): HourlyPoint => {
  const wind = windOf(utcHours)
  const seaTempC = spot.place.inland ? undefined : seaTempAt(spot, utcHours)
  const air = airAt(spot, utcHours, wind.speedKt, seaTempC)
  const windKt = round(wind.speedKt, 1)
  const gustKt = Math.max(windKt, round(wind.speedKt * air.gustFactor, 1))
  const mmPerH = round(air.precipitationMmPerH, 1)
  const visibility = air.visibilityNm
  // The sea's fields listed, not spread in: Node 20 builds an object with a spread in the middle ~20× slower.
  const sea = seaFields(spot, utcHours, windOf)
  return {
    time,
    wind_speed_kt: windKt,
    wind_gust_kt: gustKt,
    wind_direction_deg: degrees(wind.fromDeg),
    wave_height_ft: sea.wave_height_ft,
    wave_period_s: sea.wave_period_s,
    wave_direction_deg: sea.wave_direction_deg,
    swell_height_ft: sea.swell_height_ft,
    swell_period_s: sea.swell_period_s,
    swell_direction_deg: sea.swell_direction_deg,
    visibility_nm: Math.max(0.05, round(visibility, visibility < 1 ? 2 : 1)),
    precipitation_probability_pct: Math.round(air.precipitationProbabilityPct),
    precipitation_mm_per_h: mmPerH,
    air_temp_c: round(air.airTempC, 1),
    water_temp_c: seaTempC === undefined ? null : round(seaTempC, 1),
    weather_code: weatherCode(air, mmPerH, gustKt)
  }
}

/** The IANA name of a whole-hour fixed offset (POSIX sign: `Etc/GMT-3` is UTC+3). */
const zoneName = (offsetHours: number) =>
  offsetHours === 0 ? "Etc/GMT" : `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`

/**
 * Every local hour of `dates` at the point, simulated. A pure function of (point, date, seed, site) for
 * each hour: the same request gives the same series, and overlapping requests agree on the dates they
 * share. Local hours are in the site's real time zone (its offset at the first date), else in a whole-hour
 * zone of longitude ÷ 15. Left (with a reason) for coordinates out of range or a date that is not `YYYY-MM-DD`.
 */
export const simulateSeries = (
  coordinates: Coordinates,
  dates: ReadonlyArray<string>,
  seed: string,
  site?: Site
): Either.Either<WeatherSeries, string> => {
  const { latitude, longitude } = coordinates
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) {
    return Either.left(`coordinates out of range: ${latitude}, ${longitude}`)
  }
  const spot = spotAt(latitude, longitude, seed, site)
  const offsetSeconds = site === undefined ? spot.place.utcOffsetHours * 3600 : site.zone.utcOffsetSeconds
  const hours: Array<HourlyPoint> = []
  // The wind at each whole hour, computed once: an hour's sea reads the wind of the ten hours before it.
  const winds = new Map<number, Wind>()
  const windOf = (t: number): Wind => {
    let wind = winds.get(t)
    if (wind === undefined) {
      wind = windAt(spot, t)
      winds.set(t, wind)
    }
    return wind
  }
  for (const date of dates) {
    const midnight = DATE_ONLY.test(date) ? parseStartDate(date) : Option.none()
    if (Option.isNone(midnight)) return Either.left(`not a calendar date: ${date}`)
    const firstHour = (DateTime.toEpochMillis(midnight.value) / 1000 - offsetSeconds) / 3600
    for (let h = 0; h < 24; h++) {
      hours.push(hourAt(spot, firstHour + h, `${date}T${String(h).padStart(2, "0")}:00`, windOf))
    }
  }
  const timezone = site === undefined ? zoneName(spot.place.utcOffsetHours) : site.zone.timezone
  return Either.right({ source: "simulated", utcOffsetSeconds: offsetSeconds, timezone, hours })
}
