import { Schema } from "effect"
import { DisplayUnits } from "./DisplayUnits.js"
import { Direction } from "../weather/Directions.js"

// Issue 15's additions to `ai_analysis`. Every field is optional: clients written for the contract
// ignore them, and analyses stored before them still decode. Nothing here imports Analysis.ts (which
// imports this), so the class literal is repeated.

const Level = Schema.Literal("GO", "CAUTION", "AVOID")

/** Local wall-clock time at the spot with its UTC offset, as the provider reported it. */
export const LocalTime = Schema.String.annotations({
  description: "Local time at the spot with its UTC offset (RFC 3339)",
  examples: ["2026-06-01T06:00:00+02:00"]
})

const Reading = Schema.NullOr(Schema.Number)

export const Range = Schema.Struct({ min: Schema.Number, max: Schema.Number }).annotations({
  identifier: "Range",
  examples: [{ min: 8.2, max: 14.6 }]
})
export type Range = typeof Range.Type

export const ConditionSpan = Schema.Struct({
  wind_speed: Schema.optional(Range),
  wind_gust: Schema.optional(Range),
  wave_height: Schema.optional(Range),
  swell_height: Schema.optional(Range),
  wind_direction: Schema.optional(Direction),
  wave_direction: Schema.optional(Direction),
  swell_direction: Schema.optional(Direction),
  waves_estimated: Schema.optional(Schema.Literal(true)).annotations({
    description: "Addition: the wave heights are estimated from the wind and the fetch (lakes, enclosed waters)"
  })
}).annotations({
  identifier: "ConditionSpan",
  description: "Lowest and highest hourly values and the dominant directions (weighted by strength); a field is absent " +
    "when no hour has it (inland: no seas)"
})
export type ConditionSpan = typeof ConditionSpan.Type

export const DayRanges = Schema.Struct({ window: ConditionSpan, day: ConditionSpan }).annotations({
  identifier: "DayRanges",
  description: "Addition: the ranges over the trip window and over the whole local day (all 24 hours)"
})
export type DayRanges = typeof DayRanges.Type

export const LocalWindow = Schema.Struct({ start: LocalTime, end: LocalTime }).annotations({
  identifier: "LocalWindow",
  description: "Addition: the trip window the class was judged on (start inclusive, end exclusive)",
  examples: [{ start: "2026-06-01T06:00:00+02:00", end: "2026-06-01T21:00:00+02:00" }]
})

export const TideEvent = Schema.Struct({
  type: Schema.Literal("high", "low"),
  time: LocalTime,
  height: Schema.Number.annotations({ description: "Above mean sea level, in `units.height`" })
}).annotations({
  identifier: "TideEvent",
  examples: [{ type: "high", time: "2026-06-01T10:42:00+02:00", height: 0.91 }]
})
export type TideEvent = typeof TideEvent.Type

export const HourEntry = Schema.Struct({
  time: LocalTime,
  wind_speed: Reading,
  wind_gust: Reading,
  wind_direction: Reading,
  wave_height: Reading,
  wave_period: Reading,
  wave_direction: Reading,
  swell_height: Reading,
  swell_period: Reading,
  swell_direction: Reading,
  visibility: Reading,
  precipitation_probability: Reading,
  precipitation_rate: Reading,
  air_temperature: Reading,
  water_temperature: Reading,
  tide_height: Reading,
  current_speed: Reading,
  current_direction: Reading,
  classification: Schema.NullOr(Level).annotations({ description: "The hour judged alone by the same rules; null without wind data" }),
  waves_estimated: Schema.optional(Schema.Literal(true)).annotations({
    description: "Addition: the wave fields are estimated from the wind and the fetch (lakes, enclosed waters)"
  })
}).annotations({
  identifier: "ForecastHour",
  description: "One local hour, in `ai_analysis.units`; null where the source has no value (never zero)",
  examples: [{
    time: "2026-06-01T14:00:00+02:00",
    wind_speed: 13.4,
    wind_gust: 19.2,
    wind_direction: 232,
    wave_height: 2.95,
    wave_period: 5.1,
    wave_direction: 240,
    swell_height: 1.31,
    swell_period: 8.4,
    swell_direction: 265,
    visibility: 10.8,
    precipitation_probability: 10,
    precipitation_rate: 0,
    air_temperature: 18.4,
    water_temperature: 16.2,
    tide_height: 0.42,
    current_speed: 0.8,
    current_direction: 45,
    classification: "CAUTION"
  }]
})
export type HourEntry = typeof HourEntry.Type

/** The additions to each `daily_classifications[]` entry. */
export const DayTimelineFields = {
  window: Schema.optional(LocalWindow),
  conditions: Schema.optional(DayRanges),
  sunrise: Schema.optional(LocalTime.annotations({ description: "Addition: absent in a polar day or night" })),
  sunset: Schema.optional(LocalTime.annotations({ description: "Addition: absent in a polar day or night" })),
  deciding_factors: Schema.optional(Schema.Array(Schema.String).annotations({
    description: "Addition: the rules' factors that set the class, as codes: wind, gust, seas, steep_seas, visibility, " +
      "precipitation, thunderstorm, cold_water, sea_state_unavailable, darkness, freezing_spray, wind_against_current (and any the rules add); empty on a GO day",
    examples: [["gust", "seas"]]
  })),
  tides: Schema.optional(Schema.Array(TideEvent).annotations({
    description: "Addition: high and low waters of the local day (tide and surge, from the sea-level model; not for navigation); " +
      "absent where the source has no sea level"
  })),
  hourly: Schema.optional(Schema.Array(HourEntry).annotations({ description: "Addition: every local hour of the day" }))
}

export const DayConfidence = Schema.Struct({
  date: Schema.String,
  level: Schema.Literal("high", "medium", "low", "unchecked").annotations({
    description: "high: the models agree, close together; medium: same class, far apart; low: they disagree on the class; unchecked: one model only, nothing to check it against"
  }),
  reason: Schema.String.annotations({ description: "Why, with the models and numbers, in the language and units asked" })
}).annotations({
  identifier: "DayConfidence",
  examples: [{
    date: "2026-06-01",
    level: "high",
    reason: "3 models agree on CAUTION; their wind differs by 2.1 kt, their gusts by 3 kt in the window"
  }]
})
export type DayConfidence = typeof DayConfidence.Type

export const ForecastSource = Schema.Struct({
  provider: Schema.String,
  models: Schema.Array(Schema.String),
  attribution: Schema.String,
  link: Schema.optional(Schema.String),
  license: Schema.optional(Schema.String)
}).annotations({ identifier: "ForecastSource" })
export type ForecastSource = typeof ForecastSource.Type

/** The additions to `ai_analysis` itself. */
export const ForecastMetaFields = {
  issued_at: Schema.optional(Schema.String.annotations({
    description: "Addition: when this analysis was produced from the weather data (UTC, RFC 3339)",
    examples: ["2026-05-31T08:15:02Z"]
  })),
  source: Schema.optional(ForecastSource),
  units: Schema.optional(DisplayUnits),
  confidence: Schema.optional(Schema.Array(DayConfidence).annotations({
    description: "Addition: per day, how far the weather models agree (high, medium, low, or unchecked with one model) and why"
  }))
}
