import { Schema } from "effect"

const Reading = Schema.NullOr(Schema.Finite)

/**
 * One hour of weather at the spot in the service's canonical units (kt, ft, s, degrees, nm, %, mm/h, °C).
 * A null is a value the source does not have for that hour (never a zero).
 */
export const HourlyPoint = Schema.Struct({
  /**
   * As a provider writes it, `YYYY-MM-DDTHH:00` local at the series' one offset (UTC = local -
   * series.utcOffsetSeconds); once read in the spot's zone (`ZonedSeries.inZone`), RFC 3339 local time
   * at the offset in force at that instant (`2027-03-29T13:00:00+02:00`).
   */
  time: Schema.String,
  wind_speed_kt: Reading,
  wind_gust_kt: Reading,
  wind_direction_deg: Reading,
  wave_height_ft: Reading,
  wave_period_s: Reading,
  wave_direction_deg: Reading,
  swell_height_ft: Reading,
  swell_period_s: Reading,
  swell_direction_deg: Reading,
  visibility_nm: Reading,
  precipitation_probability_pct: Reading,
  precipitation_mm_per_h: Reading,
  air_temp_c: Reading,
  water_temp_c: Reading,
  weather_code: Reading,
  /** Convective available potential energy (J/kg); absent where the source has none. */
  cape_j_per_kg: Schema.optional(Reading),
  /** Mean-sea-level pressure (hPa), for a marked fall of the barometer; absent where the source has none. */
  pressure_msl_hpa: Schema.optional(Reading),
  /** The wave fields are estimated from the wind and the fetch (no marine model has waves there). */
  waves_estimated: Schema.optional(Schema.Literal(true))
})
export type HourlyPoint = typeof HourlyPoint.Type

/** The sandbox's simulated weather: the one source the domain knows by name (it is never credited). */
export const SIMULATED = "simulated"

/** Who a provider's data comes from, as its licence asks to be credited: the adapter says it. */
export const WeatherCredit = Schema.Struct({
  provider: Schema.String,
  attribution: Schema.String,
  link: Schema.optional(Schema.String),
  license: Schema.optional(Schema.String),
  /** The model named when the provider does not say which of its models answered. */
  defaultModel: Schema.String
})
export type WeatherCredit = typeof WeatherCredit.Type

/** What a weather provider returns for a point and its forecast dates. */
export const WeatherSeries = Schema.Struct({
  /** The provider's id, as its adapter names it; `SIMULATED` for the sandbox's simulated weather. */
  source: Schema.String,
  credit: Schema.optional(WeatherCredit),
  /** The one offset the provider wrote the whole series at (its hours' instants; not the zone's offset at each). */
  utcOffsetSeconds: Schema.Int,
  timezone: Schema.optional(Schema.String),
  hours: Schema.Array(HourlyPoint)
})
export type WeatherSeries = typeof WeatherSeries.Type

export class WeatherUnavailable extends Schema.TaggedError<WeatherUnavailable>()("WeatherUnavailable", {
  reason: Schema.String
}) {}
