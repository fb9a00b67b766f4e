import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { dayFacts, summaryFacts } from "../../../src/adapters/analyst/LlmTextFacts.js"
import * as Units from "../../../src/adapters/analyst/Units.js"
import { checkText } from "../../../src/domain/analysis/TextFloor.js"
import { decodeBody } from "../../../src/adapters/weather/OpenMeteoResponse.js"
import { mergeSeries } from "../../../src/adapters/weather/OpenMeteoSeries.js"
import { quotedNumbers } from "../../../src/domain/analysis/QuotedNumbers.js"
import { judgeDays } from "../../../src/domain/forecast/ForecastExtras.js"
import { LONE_MODEL_CAP } from "../../../src/domain/forecast/ModelConfidence.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import { classifyDay } from "../../../src/domain/safety/ClassifyDay.js"
import type { DistanceUnit, HeightUnit, Language, SpeedUnit, TemperatureUnit } from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import { fixtureText } from "../weather/OpenMeteoFake.js"

// One truth per day over the recorded Hoek van Holland answers and the constructed multi-model ones:
// the conditions a judged day quotes give its class when fed back to the rules (or, for a class one
// model alone gave, the class held back, which the text then says), and the day text quotes the
// deciding reading in the language and units asked.
const MODELS = ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"]
const HOEK = { latitude: 52.006, longitude: 4.292 }
const marine = Either.getOrThrow(decodeBody(fixtureText("hoek-van-holland.marine.json")))
const answers = [
  "hoek-van-holland.forecast.json",
  "hoek-van-holland.forecast.models-agree.constructed.json",
  "hoek-van-holland.forecast.models-disagree.constructed.json",
  "hoek-van-holland.forecast.models-missing.constructed.json"
].map((name) => Either.getOrThrow(mergeSeries(Either.getOrThrow(decodeBody(fixtureText(name))), marine, MODELS)))

const vessel: fc.Arbitrary<Vessel> = fc.record({
  type: fc.constantFrom("pwc", "powerBoat", "sailboat", "catamaran", "yacht"),
  lengthFt: fc.integer({ min: 8, max: 400 })
}) as fc.Arbitrary<Vessel>
const language = fc.constantFrom<Language>("en", "es", "fr", "pt", "it", "ja")
const units = fc.constantFrom<[SpeedUnit, DistanceUnit]>(["kts", "nm"], ["mph", "mi"], ["ms", "km"])
const heightUnits = fc.constantFrom<HeightUnit>("ft", "m")
const temperatureUnits = fc.constantFrom<TemperatureUnit>("c", "f")

describe("one truth per day (recorded and constructed Open-Meteo answers)", () => {
  it.prop("the quoted conditions reproduce the class, and the text quotes the deciding reading", [
    fc.integer({ min: 0, max: answers.length - 1 }), vessel, language, units, fc.constantFrom(undefined, 3), heightUnits, temperatureUnits
  ], ([a, v, l, [s, d], trip, h, t]) => {
    const series = answers[a]!
    const dates = ["2026-08-29", "2026-08-30", "2026-08-31"]
    const inputBase = { series, dates, coordinates: HOEK, vessel: v, tripDurationHours: trip }
    const judged = judgeDays(Either.getOrThrow(assessDays(inputBase)), inputBase)
    const preferences = { language: l, speedUnits: s, distanceUnits: d, heightUnits: h, temperatureUnits: t }
    const input = {
      coordinates: HOEK, days: judged.days, notes: judged.notes, vessel: v, vesselGiven: true, preferences, simulated: false,
      confidence: judged.confidence.map((c, i) => ({ ...c, basis: judged.bases[i]! })),
      ...(trip === undefined ? {} : { tripDurationHours: trip })
    }
    const written = BuiltinAnalyst.write(input)
    // The built-in words, the models' sentences and the headline included, pass the text floor.
    written.daily_classifications.forEach((d, i) => {
      const rejected = checkText(d.summary, dayFacts(input, i, d.classification))
      assert.deepStrictEqual(rejected, [], `${JSON.stringify(rejected)}: ${d.summary}`)
    })
    const rejected = checkText(written.summary, summaryFacts(input, judged.days.map((d) => d.classification)))
    assert.deepStrictEqual(rejected, [], `${JSON.stringify(rejected)}: ${written.summary}`)
    judged.days.forEach((day, i) => {
      const back = classifyDay(day.conditions, v).classification
      const heldBack = judged.notes[i]!.some((n) => n._tag === "ModelsDisagree" && n.heldBack !== undefined)
      const current = judged.notes[i]!.some((n) => n._tag === "WindAgainstCurrent")
      if (heldBack) assert.strictEqual(day.classification, LONE_MODEL_CAP, `${day.date}: held back`)
      else if (!current) assert.strictEqual(back, day.classification, `${day.date}: the quoted conditions give ${back}`)
      const text = written.daily_classifications[i]!.summary
      const top = day.reasons.find((r) => r.classification === day.classification && (r.factor === "wind" || r.factor === "gust"))
      if (top !== undefined) {
        const q = Units.speed(top.factor === "wind" ? day.conditions.wind_speed_kt : day.conditions.wind_gust_kt, s, l)
        const found = quotedNumbers(text, l).some((x) => x._tag === "Number" && x.unit === q.unit && Math.abs(x.value - q.amount) < 1e-9)
        assert.isTrue(found, `${day.date} ${l} ${s}: quotes ${q.amount} ${q.unit}: ${text}`)
      }
      if (day.model !== undefined) assert.include(text, day.model, "a day another model decided names it")
    })
    if (l !== "en") {
      for (const c of written.confidence!) assert.notMatch(c.reason, /^(one model only|\d+ models agree|the models disagree)/, "the reason is in the language asked")
    }
  }, { fastCheck: { numRuns: 60 } })
})
