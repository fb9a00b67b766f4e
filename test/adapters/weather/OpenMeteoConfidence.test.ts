import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { writeDay } from "../../../src/adapters/analyst/BuiltinDay.js"
import { decodeBody } from "../../../src/adapters/weather/OpenMeteoResponse.js"
import { mergeSeries } from "../../../src/adapters/weather/OpenMeteoSeries.js"
import { judgeDays } from "../../../src/domain/forecast/ForecastExtras.js"
import { severityOf } from "../../../src/domain/forecast/Analysis.js"
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

  it("a disagreement across a class boundary: the more severe class, low confidence, and the text says so", () => {
    const { assessed, judged, perModel } = judge("hoek-van-holland.forecast.models-disagree.constructed.json")
    const split = DATES.map((_, i) => new Set(perModel.map((m) => m[i]!.classification)).size > 1)
    assert.isTrue(split.some(Boolean), "precondition: GFS crosses a class boundary on some day")
    assert.isTrue(DATES.some((_, i) => judged.days[i]!.classification !== assessed[i]!.classification), "some day is raised above best_match's class")
    DATES.forEach((date, i) => {
      const worst = perModel.map((m) => m[i]!.classification).reduce((a, b) => (severityOf(b) > severityOf(a) ? b : a))
      assert.strictEqual(judged.days[i]!.classification, worst, `${date}: the most severe model's class`)
      assert.isAtLeast(severityOf(judged.days[i]!.classification), severityOf(assessed[i]!.classification), "never less severe")
      if (!split[i]) return
      assert.strictEqual(judged.confidence[i]!.level, "low")
      assert.include(judged.confidence[i]!.reason, "the models disagree across a class boundary")
      assert.include(judged.confidence[i]!.reason, `gfs_seamless ${worst}`)
      assert.deepStrictEqual(judged.notes[i]!.map((n) => n._tag), ["ModelsDisagree"])
      if (worst !== assessed[i]!.classification) {
        assert.isTrue(judged.days[i]!.reasons.some((r) => r.detail.startsWith("models disagree: gfs_seamless gives")))
      }
      assert.include(text(judged)(i), "The weather models disagree on this day")
      assert.include(text(judged)(i), `it is rated ${worst}, the more severe`)
      assert.include(text(judged, "fr")(i), "Les modèles météo ne s'accordent pas")
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

  it("only one model: medium, nothing to compare (an answer without suffixes)", () => {
    const { judged, series } = judge("hoek-van-holland.forecast.json")
    assert.deepStrictEqual(series.models, ["best_match"])
    assert.deepStrictEqual(judged.confidence.map((c) => c.level), ["medium", "medium", "medium"])
    assert.include(judged.confidence[0]!.reason, "one model only (best_match)")
  })
})
