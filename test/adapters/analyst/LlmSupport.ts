import { Cause, Effect, Layer, Logger, LogLevel, Ref } from "effect"
import type { Analysis } from "../../../src/domain/forecast/Analysis.js"
import type { DayAssessment } from "../../../src/domain/safety/Assessment.js"
import { Analyst, type AnalystInput, type AnalystShape } from "../../../src/ports/Analyst.js"

export const D1 = "2026-11-23"
export const D2 = "2026-11-24"

export const calmDay: DayAssessment = {
  date: D1,
  window: { startHour: 8, endHour: 14 },
  conditions: {
    wind_speed_kt: 8,
    wind_gust_kt: 12,
    wind_direction_deg: 200,
    wave_height_ft: 1.5,
    wave_period_s: 6,
    visibility_nm: 10,
    air_temp_c: 18,
    water_temp_c: 17
  },
  classification: "GO",
  reasons: [],
  worseOutsideWindow: []
}

export const galeDay: DayAssessment = {
  date: D2,
  window: { startHour: 9, endHour: 15 },
  conditions: { wind_speed_kt: 30, wind_gust_kt: 40, wind_direction_deg: 250, visibility_nm: 4, air_temp_c: 12 },
  classification: "AVOID",
  reasons: [{ factor: "wind", classification: "AVOID", detail: "sustained 30 kt" }],
  worseOutsideWindow: ["gust"]
}

export const input = (overrides: Partial<AnalystInput> = {}): AnalystInput => ({
  coordinates: { latitude: 41.13, longitude: -71.71 },
  days: [calmDay, galeDay],
  vessel: { type: "sailboat", lengthFt: 30 },
  vesselGiven: true,
  preferences: { language: "en", distanceUnits: "km", speedUnits: "mph", heightUnits: "m", temperatureUnits: "c" },
  simulated: false,
  ...overrides
})

export const NOTICE = "[SIMULATED DATA]"
export const simulatedNotice = () => NOTICE

/** Stands in for the built-in analyst: the rules' classes and recognisable texts; counts its calls. */
export const builtinDouble = (calls: Ref.Ref<number>): AnalystShape => ({
  analyze: (i) =>
    Effect.as(Ref.update(calls, (n) => n + 1), {
      summary: "Built-in summary.",
      daily_classifications: i.days.map((d) => ({ date: d.date, classification: d.classification, summary: `Built-in text for ${d.date}.` }))
    } satisfies Analysis)
})

export const builtinLayer = (calls: Ref.Ref<number>) => Layer.succeed(Analyst, builtinDouble(calls))

/** Every log line, with its annotations and cause, at every level. */
export const captureLogs = () => {
  const lines: Array<string> = []
  const logger = Logger.make(({ annotations, cause, logLevel, message, spans }) => {
    lines.push(`${logLevel.label} ${JSON.stringify(message)} ${JSON.stringify([...annotations])} ${JSON.stringify([...spans])} ${Cause.pretty(cause)}`)
  })
  const layer = Layer.merge(Logger.replace(Logger.defaultLogger, logger), Logger.minimumLogLevel(LogLevel.All))
  return { lines, layer }
}
