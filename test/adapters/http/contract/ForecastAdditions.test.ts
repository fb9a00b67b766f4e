import { assert, layer } from "@effect/vitest"
import { Effect, Either, ParseResult, Schema } from "effect"
import { account, awaitFinished, createSpotCast, get } from "../support/Fixtures.js"
import * as TestServer from "../support/TestServer.js"

// The forecast additions must not disturb a client written for the contract. These schemas hold the
// reference's fields only (the Marine Forecast Service API v3 reference, "Resources"), every one required
// and typed.

const Level = Schema.Literal("GO", "CAUTION", "AVOID")
const ReferenceDay = Schema.Struct({ date: Schema.String, classification: Level, summary: Schema.String })
const ReferenceAnalysis = Schema.Struct({ summary: Schema.String, daily_classifications: Schema.Array(ReferenceDay) })
const ReferenceForecast = Schema.Struct({
  forecast_id: Schema.String,
  spotcast_id: Schema.String,
  status: Schema.Literal("completed"),
  created_at: Schema.String,
  completed_at: Schema.String,
  forecast_period: Schema.Struct({ start_date: Schema.String, num_days: Schema.Int }),
  ai_analysis: ReferenceAnalysis
})

export const DAY_ADDITIONS = ["conditions", "deciding_factors", "hourly", "sunrise", "sunset", "tides", "window"]
export const ANALYSIS_ADDITIONS = ["confidence", "issued_at", "source", "units"]

/** The paths a strict decoder refuses: they must be exactly the documented additions. */
const excessPaths = (schema: Schema.Schema<any, any>, json: unknown): ReadonlyArray<string> => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })(json)
  return Either.isRight(result) ? [] : ParseResult.ArrayFormatter.formatErrorSync(result.left).map((i) => i.path.join("."))
}

layer(TestServer.layer(), { excludeTestServices: true })("forecast additions (issue 15)", (it) => {
  it.effect("a completed forecast decodes with the reference's fields only; everything else is a documented addition", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const created = yield* createSpotCast(key, { num_days: 2, trip_duration_hours: 4 })
      yield* awaitFinished(created.id, key)
      const { json } = yield* get(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)

      // An old client: unknown fields ignored, every reference field present and well typed.
      const old = Schema.decodeUnknownEither(ReferenceForecast, { onExcessProperty: "ignore" })(json)
      assert.isTrue(Either.isRight(old), Either.isLeft(old) ? String(old.left) : "")

      const paths = excessPaths(ReferenceForecast, json)
      const allowed = new Set([
        "forecast_period.end_date",
        ...ANALYSIS_ADDITIONS.map((k) => `ai_analysis.${k}`),
        ...json.ai_analysis.daily_classifications.flatMap((_: unknown, i: number) => DAY_ADDITIONS.map((k) => `ai_analysis.daily_classifications.${i}.${k}`))
      ])
      assert.isAbove(paths.length, 0)
      for (const p of paths) assert.isTrue(allowed.has(p), `undocumented extra field ${p}`)

      // The additions themselves.
      const analysis = json.ai_analysis
      assert.match(analysis.issued_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
      assert.deepStrictEqual(analysis.units.speed, "kts")
      assert.strictEqual(analysis.confidence.length, 2)
      assert.oneOf(analysis.confidence[0].level, ["high", "medium", "low", "unchecked"])
      assert.isString(analysis.source.attribution)
      for (const day of analysis.daily_classifications) {
        assert.strictEqual(day.hourly.length, 24)
        assert.match(day.window.start, new RegExp(`^${day.date}T\\d{2}:00:00[+-]\\d{2}:\\d{2}$`))
        assert.isArray(day.deciding_factors)
        assert.isDefined(day.conditions.day.wind_speed)
      }

      // The SpotCast's latest_forecast carries the same analysis.
      const spotcast = (yield* get(`/v3/spotcast/${created.id}`, key)).json
      assert.isTrue(Either.isRight(Schema.decodeUnknownEither(ReferenceAnalysis)(spotcast.latest_forecast.ai_analysis)))
      assert.deepStrictEqual(spotcast.latest_forecast.ai_analysis, analysis)
    }))

  it.effect("OpenAPI documents every addition with an example", () =>
    Effect.gen(function*() {
      const spec = (yield* get("/v3/openapi.json")).json
      const text = JSON.stringify(spec)
      for (const name of [...DAY_ADDITIONS, ...ANALYSIS_ADDITIONS]) assert.include(text, `"${name}"`, name)
      for (const schema of ["ForecastHour", "ForecastSource", "ForecastUnits", "DayConfidence", "TideEvent", "LocalWindow"]) {
        assert.include(text, `"${schema}"`, `component ${schema}`)
      }
      assert.include(text, "2026-06-01T14:00:00+02:00", "the hourly example")
      assert.include(text, "CC BY 4.0")
    }))
})
