import type { HourlyPoint, WeatherSeries } from "./HourlyWeather.js"

/**
 * Sea-level and current readings some providers add to an hour (issue 15), in canonical units. A null
 * (or absent) value is one the source does not have. The current's direction is where it flows TO
 * (oceanographic convention); the wind's is where it comes FROM.
 */
export interface TideAndCurrent {
  /** Sea level above mean sea level (tide and surge), ft. */
  readonly tide_height_ft?: number | null
  readonly current_speed_kt?: number | null
  readonly current_direction_deg?: number | null
}

export type TimelineHour = HourlyPoint & TideAndCurrent

/** One weather model's own hours, for comparing models (the primary series is one of them). */
export interface ModelRun {
  readonly model: string
  readonly hours: ReadonlyArray<HourlyPoint>
}

/**
 * A provider's answer: the series the rules judge (the primary model), plus what the timeline, the
 * source and the confidence need. Every addition is optional, so a plain `WeatherSeries` still is one.
 */
export interface ForecastWeather extends WeatherSeries {
  readonly hours: ReadonlyArray<TimelineHour>
  /** The models asked for, in order; the first with data is the primary. */
  readonly models?: ReadonlyArray<string>
  /** Each model that answered with wind data, the primary first. */
  readonly runs?: ReadonlyArray<ModelRun>
  /** Models asked for that came back without wind data. */
  readonly missingModels?: ReadonlyArray<string>
}
