import { Schema } from "effect"

const Reading = Schema.Finite

/**
 * One day's conditions over the trip window, exactly the fields of the scenario table (docs/safety.md).
 * Sea-state and water fields are absent where no marine data exists (inland, beyond the wave model's
 * horizon); absent never means calm.
 */
export const DayConditions = Schema.Struct({
  wind_speed_kt: Reading,
  wind_gust_kt: Reading,
  wind_direction_deg: Reading,
  wave_height_ft: Schema.optional(Reading),
  wave_period_s: Schema.optional(Reading),
  swell_height_ft: Schema.optional(Reading),
  swell_period_s: Schema.optional(Reading),
  visibility_nm: Schema.optional(Reading),
  precipitation_probability_pct: Schema.optional(Reading),
  precipitation_mm_per_h: Schema.optional(Reading),
  air_temp_c: Schema.optional(Reading),
  water_temp_c: Schema.optional(Reading),
  /** Beyond the scenario table: the highest WMO weather code of the window (95-99 are thunderstorms). */
  weather_code: Schema.optional(Reading),
  /** Beyond the scenario table: the highest CAPE (J/kg) of the window, where the source gives it. */
  cape_j_per_kg: Schema.optional(Reading),
  /** Beyond the scenario table (issue 11): whole hours of daylight on the date, 0 in a polar night. */
  daylight_hours: Schema.optional(Reading),
  /** Beyond the scenario table (issue 11): hours of the trip window outside daylight. */
  dark_hours: Schema.optional(Reading),
  /** Beyond the scenario table: the seas are estimated from wind and fetch (no marine model has them there). */
  waves_estimated: Schema.optional(Schema.Literal(true))
})
export type DayConditions = typeof DayConditions.Type
