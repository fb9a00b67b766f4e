import { readFileSync } from "node:fs"
import { Schema } from "effect"
import { Classification } from "../../../src/domain/forecast/Analysis.js"
import { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { VesselType } from "../../../src/domain/spotcast/Vessel.js"

export const Scenario = Schema.Struct({
  id: Schema.String,
  vessel: Schema.NullOr(Schema.Struct({ type: VesselType, length_ft: Schema.Finite })),
  day: DayConditions,
  expected: Classification,
  reason: Schema.String,
  sources: Schema.Array(Schema.String)
})
export type Scenario = typeof Scenario.Type

const File = Schema.Struct({
  sources: Schema.Array(Schema.Struct({ id: Schema.String, title: Schema.String, url: Schema.String, what: Schema.String })),
  scenarios: Schema.Array(Scenario)
})

/** The scenario table of docs/safety.md, in the fixtures. */
export const scenarioFile = Schema.decodeUnknownSync(Schema.parseJson(File))(
  readFileSync(new URL("../../fixtures/safety-scenarios.json", import.meta.url), "utf8")
)
