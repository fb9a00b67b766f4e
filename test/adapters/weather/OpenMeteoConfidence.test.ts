import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { writeDay } from "../../../src/adapters/analyst/BuiltinDay.js"
import { confidenceText } from "../../../src/adapters/analyst/ModelWords.js"
import { decodeBody } from "../../../src/adapters/weather/OpenMeteoResponse.js"
import { mergeSeries } from "../../../src/adapters/weather/OpenMeteoSeries.js"
import { judgeDays } from "../../../src/domain/forecast/ForecastExtras.js"
import { severityOf } from "../../../src/domain/forecast/Analysis.js"
import { ratedClass } from "../../../src/domain/forecast/ModelConfidence.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { defaultPreferences, type Language } from "../../../src/domain/spotcast/Preferences.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import type { AnalystInput } from "../../../src/ports/Analyst.js"
import { fixtureText } from "./OpenMeteoFake.js"

// Issue 15 item 3: confidence from model agreement, on the constructed multi-model answers.

const MODELS = ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"]
const HOEK = { latitude: 52.006, longitude: 4.292 }
const DATES = ["2026-08-29", "2026-08-30", "2026-08-31"]

const judge = (forecast: string) => {
  const series = Either.getOrThrow(mergeSeries(
    Either.getOrThrow(decodeBody(fixtureText(forecast))),
    Either.getOrThrow(decodeBody(fixtureText("hoek-van-holland.marine.json"))),
    MODELS
  ))
  const input = { series, dates: DATES, coordinates: HOEK, vessel: defaultVessel }
  const assessed = Either.getOrThrow(assessDays(input))
  const perModel = series.runs!.map((run) => Either.getOrThrow(assessDays({ ...input, series: { ...series, hours: run.hours } })))
  return { series, assessed, perModel, judged: judgeDays(assessed, input) }
}

const text = (days: ReturnType<typeof judge>["judged"], language: Language = "en") => (i: number) => {
  const input: AnalystInput = {
    coordinates: HOEK,
    days: days.days,
    notes: days.notes,
    vessel: defaultVessel,
    vesselGiven: false,
    preferences: { ...defaultPreferences, language },
    simulated: false
  }
  return writeDay(input, i)
}

describe("confidence from model agreement (constructed Open-Meteo answers)", () => {
  it("models that agree on every day's class and are close: high, classes unchanged", () => {
    const { assessed, judged, perModel } = judge("hoek-van-holland.forecast.models-agree.constructed.json")
    DATES.forEach((_, i) => {
      assert.deepStrictEqual(new Set(perModel.map((m) => m[i]!.classification)).size, 1, "precondition: the models agree")
    })
    assert.deepStrictEqual(judged.days, assessed)
    assert.deepStrictEqual(judged.confidence.map((c) => c.level), ["high", "high", "high"])
    assert.match(judged.confidence[0]!.reason, /^3 models agree on (GO|CAUTION|AVOID); their wind differs by [\d.]+ kt/)
    assert.include(judged.confidence[0]!.reason, "no data from icon_seamless", "the model not in the answer is named")
    assert.deepStrictEqual(judged.notes, [[], [], []])
  })

  it("a disagreement across a class boundary: one model alone raises a day to CAUTION at most, the text names it and quotes its numbers", () => {
    const { assessed, judged, perModel } = judge("hoek-van-holland.forecast.models-disagree.constructed.json")
    const split = DATES.map((_, i) => new Set(perModel.map((m) => m[i]!.classification)).size > 1)
    assert.isTrue(split.some(Boolean), "precondition: GFS crosses a class boundary on some day")
    assert.isTrue(
      judged.notes.some((n) => n.some((x) => x._tag === "ModelsDisagree" && x.heldBack?.model === "gfs_seamless")),
      "GFS alone gives AVOID on some day: held back to CAUTION"
    )
    DATES.forEach((date, i) => {
      const classes = perModel.map((m) => m[i]!.classification)
      assert.strictEqual(judged.days[i]!.classification, ratedClass(assessed[i]!.classification, classes), `${date}: the policy's class`)
      assert.isAtLeast(severityOf(judged.days[i]!.classification), severityOf(assessed[i]!.classification), "never less severe")
      if (!split[i]) return
      assert.strictEqual(judged.confidence[i]!.level, "low")
      assert.include(judged.confidence[i]!.reason, "the models disagree across a class boundary")
      assert.deepStrictEqual(judged.notes[i]!.map((n) => n._tag), ["ModelsDisagree"])
      const note = judged.notes[i]![0]!
      assert.strictEqual(note._tag, "ModelsDisagree")
      if (note._tag !== "ModelsDisagree") return
      assert.strictEqual(note.reading?.model, "gfs_seamless", "GFS is the severe model")
      if (judged.days[i]!.classification !== assessed[i]!.classification) {
        assert.strictEqual(judged.days[i]!.model, "gfs_seamless", "the raised day quotes the model that raised it")
        assert.isTrue(judged.days[i]!.reasons.some((r) => r.detail.startsWith("gfs_seamless: ")))
      }
      // The day text names the model; the confidence's reason quotes its reading.
      assert.include(text(judged)(i), "gfs_seamless")
      assert.include(confidenceText(judged.bases[i]!, defaultPreferences), "gfs_seamless shows ")
      if (note.heldBack !== undefined) {
        assert.strictEqual(judged.days[i]!.classification, "CAUTION")
        assert.include(text(judged)(i), "Only gfs_seamless rates this day AVOID; one model alone is not enough for AVOID")
      }
      assert.include(confidenceText(judged.bases[i]!, { ...defaultPreferences, language: "fr" }), "gfs_seamless prévoit ")
    })
  })

  it("a model without data degrades gracefully: compared without it, and named", () => {
    const { judged, series } = judge("hoek-van-holland.forecast.models-missing.constructed.json")
    assert.deepStrictEqual(series.models, ["best_match", "ecmwf_ifs025"])
    assert.deepStrictEqual(judged.confidence.map((c) => c.level), ["high", "high", "high"])
    for (const c of judged.confidence) {
      assert.match(c.reason, /^2 models agree/)
      assert.include(c.reason, "no data from gfs_seamless, icon_seamless")
    }
  })

  it("an answer that leaves the first model's columns unsuffixed still judges that model first", () => {
    const body = JSON.parse(fixtureText("hoek-van-holland.forecast.models-agree.constructed.json"))
    for (const section of ["hourly", "hourly_units"]) {
      for (const key of Object.keys(body[section])) {
        if (key.endsWith("_best_match")) {
          body[section][key.slice(0, -"_best_match".length)] = body[section][key]
          delete body[section][key]
        }
      }
    }
    const marine = Either.getOrThrow(decodeBody(fixtureText("hoek-van-holland.marine.json")))
    const series = Either.getOrThrow(mergeSeries(Either.getOrThrow(decodeBody(JSON.stringify(body))), marine, MODELS))
    assert.deepStrictEqual(series.models, ["best_match", "ecmwf_ifs025", "gfs_seamless"])
    assert.strictEqual(series.hours[5]!.wind_speed_kt, body.hourly.wind_speed_10m[5])
  })

  it("only one model: unchecked, nothing to compare (an answer without suffixes)", () => {
    const { judged, series } = judge("hoek-van-holland.forecast.json")
    assert.deepStrictEqual(series.models, ["best_match"])
    assert.deepStrictEqual(judged.confidence.map((c) => c.level), ["unchecked", "unchecked", "unchecked"])
    assert.include(judged.confidence[0]!.reason, "one model only (best_match)")
  })
})
