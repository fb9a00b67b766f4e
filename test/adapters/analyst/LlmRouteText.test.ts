import { NodeHttpClient } from "@effect/platform-node"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Either, Layer, Option, Redacted, Ref } from "effect"
import * as LlmAnalyst from "../../../src/adapters/analyst/LlmAnalyst.js"
import * as LlmRouteText from "../../../src/adapters/analyst/LlmRouteText.js"
import type { LlmOptions } from "../../../src/adapters/analyst/LlmOptions.js"
import { AccountId, RouteId, SpotCastId } from "../../../src/domain/Ids.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import type { Route, RouteAnalysis } from "../../../src/domain/route/Route.js"
import type { HourAt, WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { routeHour } from "../../domain/route/RouteHour.js"
import type { Preferences } from "../../../src/domain/spotcast/Preferences.js"
import { Analyst, type RouteTextInput } from "../../../src/ports/Analyst.js"
import { analysisOf, fixtures, languages, routeOf as fixtureRoute, unitSets } from "../../domain/route/RouteFixtures.js"
import { fakeModel, type ModelReply, type Style } from "./LlmFake.js"
import { builtinLayer, captureLogs } from "./LlmSupport.js"

const HOUR = 3_600_000
const NOON = Date.UTC(2026, 2, 2, 12)

/** Whole-number gusts and seas, so the texts quote round figures. */
const hour = (wind: number): HourlyPoint =>
  routeHour(wind, { wind_gust_kt: Math.round(wind * 1.3), wave_height_ft: Math.max(0.5, Math.round(wind / 6)) })

/** Along the equator: the second leg has a gale until 18:00 UTC, so a later departure is better. */
const lookup: WeatherLookup = (p, utcMillis) =>
  ({ point: hour(p.longitude > 0.55 && utcMillis < NOON + 6 * HOUR ? 38 : 8), utcOffsetSeconds: 0 }) satisfies HourAt

const routeOf = (preferences: Preferences): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(NOON - 24 * HOUR),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: [{ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.5 }, { latitude: 0, longitude: 1 }],
  departure: DateTime.unsafeMake(NOON),
  speedKts: 10,
  departureWindowHours: 6,
  preferences,
  vessel: { type: "sailboat", lengthFt: 30 }
})

const inputOf = (preferences: Preferences = { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }): RouteTextInput => {
  const route = routeOf(preferences)
  return { route, analysis: Either.getOrThrow(analyzeRoute(route, lookup)) }
}

/** The built-in texts, reworded as a model would: the same facts in other words. */
const rewritten = (analysis: RouteAnalysis) => ({
  summary: `For the skipper: ${analysis.summary}`,
  legs: analysis.legs.map((l) => `On this leg: ${l.summary}`),
  best_departure_reason: `Recommended: ${analysis.best_departure?.reason ?? ""}`
})

const KEY = "sk-route-3b7e9a1c5d"

const run = (style: Style, reply: (call: number, body: any) => ModelReply, input: RouteTextInput = inputOf()) =>
  Effect.gen(function*() {
    const server = yield* fakeModel(style, reply)
    const logs = captureLogs()
    const options: LlmOptions = {
      provider: style,
      baseUrl: server.baseUrl,
      apiKey: Option.some(Redacted.make(KEY)),
      model: "test-model",
      timeout: Duration.seconds(5),
      retries: 1
    }
    const texts = yield* Effect.flatMap(Analyst, (a) => a.describeRoute!(input)).pipe(
      Effect.provide(LlmAnalyst.layer(options, builtinLayer(yield* Ref.make(0))).pipe(Layer.provide(NodeHttpClient.layerUndici))),
      Effect.provide(logs.layer)
    )
    return { texts, calls: server.calls, logs: logs.lines }
  })

const builtinOf = (input: RouteTextInput) => ({
  summary: input.analysis.summary,
  legs: input.analysis.legs.map((l) => l.summary),
  bestDepartureReason: input.analysis.best_departure?.reason
})

describe("the fixture", () => {
  it("is a CAUTION-or-worse passage with a GO leg, a gale leg and a better later departure", () => {
    const { analysis } = inputOf()
    assert.deepStrictEqual(analysis.legs.map((l) => l.classification), ["GO", "AVOID"])
    assert.strictEqual(analysis.legs[1]!.worst_factor, "wind")
    assert.isDefined(analysis.best_departure)
    assert.notStrictEqual(analysis.best_departure!.departure_time, new Date(NOON).toISOString())
  })
})

for (const style of ["openai", "anthropic", "openai-compatible"] as const) {
  describe(`route texts by the configured model, ${style} style`, () => {
    it.scopedLive("good texts are kept; the model is given the built-in texts and the rules' classes", () =>
      Effect.gen(function*() {
        const input = inputOf()
        const answer = rewritten(input.analysis)
        const { calls, texts } = yield* run(style, () => ({ text: JSON.stringify(answer) }), input)
        assert.strictEqual(calls.length, 1)
        assert.deepStrictEqual(texts, { summary: answer.summary, legs: answer.legs, bestDepartureReason: answer.best_departure_reason })
        const sent = JSON.stringify(calls[0]!.body)
        // The answer's shape: as the structured output's name, or (JSON mode) in the instructions.
        assert.include(sent, style === "openai-compatible" ? "best_departure_reason" : "route_texts")
        assert.include(sent, JSON.stringify(input.analysis.legs[1]!.summary).slice(1, -1))
      }))

    it.scopedLive("a text that invents a number or reassures on the gale leg is floored to the built-in one; the others stay", () =>
      Effect.gen(function*() {
        const input = inputOf()
        const answer = rewritten(input.analysis)
        const bad = {
          ...answer,
          summary: "Passage of 99 nm, rated AVOID for wind.",
          legs: [answer.legs[0], "Perfectly safe, enjoy the breeze!"]
        }
        const { logs, texts } = yield* run(style, () => ({ text: JSON.stringify(bad) }), input)
        const builtin = builtinOf(input)
        assert.strictEqual(texts.summary, builtin.summary)
        assert.strictEqual(texts.legs[0], answer.legs[0])
        assert.strictEqual(texts.legs[1], builtin.legs[1])
        assert.strictEqual(texts.bestDepartureReason, answer.best_departure_reason)
        assert.isTrue(logs.some((l) => l.includes("refused the model's route text (leg 2)") && l.includes("reassuring")))
        assert.isTrue(logs.some((l) => l.includes("refused the model's route text (summary)") && l.includes("invented_number")))
      }))

    it.scopedLive("provider errors, bad JSON or the wrong number of legs: one retry, then every built-in text; the key is never logged", () =>
      Effect.gen(function*() {
        const input = inputOf()
        const oneLeg = JSON.stringify({ ...rewritten(input.analysis), legs: ["Only one."] })
        for (const reply of [
          () => ({ status: 500, body: `{"error":{"message":"boom","type":"server_error"}}` }),
          () => ({ text: "Sorry, I cannot." }),
          () => ({ text: oneLeg })
        ] satisfies Array<() => ModelReply>) {
          const { calls, logs, texts } = yield* run(style, reply, input)
          assert.strictEqual(calls.length, 2)
          assert.deepStrictEqual(texts, builtinOf(input))
          assert.isTrue(logs.some((l) => l.includes("LLM route texts failed")))
          for (const line of logs) assert.notInclude(line, KEY)
        }
      }))
  })
}

describe("route texts in another language and units", () => {
  it.scopedLive("the built-in French texts in km and m/s, reworded, pass; English ones are refused", () =>
    Effect.gen(function*() {
      const input = inputOf({ language: "fr", distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" })
      const french = {
        summary: `Pour le skipper : ${input.analysis.summary}`,
        legs: input.analysis.legs.map((l) => `Sur ce tronçon : ${l.summary}`),
        best_departure_reason: input.analysis.best_departure!.reason
      }
      const ok = yield* run("openai-compatible", () => ({ text: JSON.stringify(french) }), input)
      assert.deepStrictEqual(ok.texts.legs, french.legs)
      assert.strictEqual(ok.texts.summary, french.summary)
      const english = yield* run("openai-compatible", () => ({
        text: JSON.stringify({ ...french, legs: ["The first leg has light winds and small seas for the whole of the way.", french.legs[1]] })
      }), input)
      assert.strictEqual(english.texts.legs[0], input.analysis.legs[0]!.summary)
      assert.strictEqual(english.texts.legs[1], french.legs[1])
    }))
})

describe("route texts in the route's local time", () => {
  // The same passage in Paris's zone: departing 12:00 UTC is 13 h local.
  const paris: WeatherLookup = (p, utcMillis) => ({ point: lookup(p, utcMillis)!.point, utcOffsetSeconds: 3600, timezone: "Europe/Paris" })
  const parisInput = (): RouteTextInput => {
    const route = routeOf(resolvePreferences({ language: "fr", distanceUnits: "nm", speedUnits: "kts" }))
    return { route, analysis: Either.getOrThrow(analyzeRoute(route, paris)) }
  }

  it("the model is given local times, the zone and the language's class words, never the UTC instants", () => {
    const input = parisInput()
    const facts = LlmRouteText.routeFacts(input)
    assert.strictEqual(facts.time_zone, "Europe/Paris")
    assert.deepStrictEqual(facts.class_words, { GO: "FAVORABLE", CAUTION: "PRUDENCE", AVOID: "À ÉVITER" })
    assert.strictEqual(facts.legs[0]!.eta_start_local, "2026-03-02T13:00")
    assert.include(input.analysis.summary, "à 13 h")
    assert.include(input.analysis.summary, "(heure locale, Europe/Paris)")
    assert.notInclude(JSON.stringify(facts), "T12:00")
    assert.include(LlmRouteText.routePrompt(input).system, "Europe/Paris")
  })

  it("a text quoting the local departure passes the floor; one quoting the UTC clock is refused for the built-in one", () => {
    const input = parisInput()
    const base = {
      legs: input.analysis.legs.map((l) => `Sur cette étape : ${l.summary}`),
      best_departure_reason: input.analysis.best_departure!.reason
    }
    const local = LlmRouteText.floorRouteTexts(input, {
      ...base,
      summary: "Traversée À ÉVITER à cause du vent sur l'étape 2 : départ le 2 mars à 13 h (heure locale, Europe/Paris)."
    })
    assert.deepStrictEqual(local.refused, [])
    const utc = LlmRouteText.floorRouteTexts(input, {
      ...base,
      summary: "Traversée À ÉVITER à cause du vent sur l'étape 2 : départ le 2 mars à 12 h (heure locale, Europe/Paris)."
    })
    assert.strictEqual(utc.texts.summary, input.analysis.summary)
    assert.isTrue(utc.refused.some((r) => r.text === "summary" && r.rejections.some((x) => x.reason === "invented_number" && x.detail.includes("12 h"))))
  })

  it("readings are in the display units the built-in texts use: metres and m/s for km and m/s", () => {
    const route = routeOf(resolvePreferences({ language: "it", distanceUnits: "km", speedUnits: "ms" }))
    const facts = LlmRouteText.routeFacts({ route, analysis: Either.getOrThrow(analyzeRoute(route, paris)) })
    const gale = facts.legs[1]!.worst_conditions
    assert.deepStrictEqual(gale.wind_speed, { value: 19.5, unit: "ms" })
    assert.strictEqual(gale.seas?.unit, "m")
    assert.strictEqual(facts.class_words.AVOID, "DA EVITARE")
  })
})

describe("the built-in route texts against the text floor", () => {
  it("in every language and unit set over the route fixtures, each built-in text passes the floor as the model's answer", () => {
    for (const f of fixtures) {
      for (const language of languages) {
        for (const units of unitSets) {
          const route = fixtureRoute(f, resolvePreferences({ language, ...units }))
          const input: RouteTextInput = { route, analysis: analysisOf(f, resolvePreferences({ language, ...units })) }
          const { refused } = LlmRouteText.floorRouteTexts(input, {
            summary: input.analysis.summary,
            legs: input.analysis.legs.map((l) => l.summary),
            best_departure_reason: input.analysis.best_departure?.reason ?? ""
          })
          assert.deepStrictEqual(refused, [], `${f.name}, ${language} ${units.distanceUnits}/${units.speedUnits}`)
        }
      }
    }
  })

  it("a model's summary that leaves out the time zone is refused", () => {
    const f = fixtures[0]!
    const preferences: Preferences = resolvePreferences({ language: "en", distanceUnits: "nm", speedUnits: "kts" })
    const input: RouteTextInput = { route: fixtureRoute(f, preferences), analysis: analysisOf(f, preferences) }
    const base = { legs: input.analysis.legs.map((l) => l.summary), best_departure_reason: "" }
    const named = LlmRouteText.floorRouteTexts(input, { ...base, summary: input.analysis.summary })
    assert.deepStrictEqual(named.refused, [])
    const unnamed = LlmRouteText.floorRouteTexts(input, { ...base, summary: input.analysis.summary.replace(" (local time, Europe/Paris)", "") })
    assert.strictEqual(unnamed.texts.summary, input.analysis.summary)
    assert.isTrue(unnamed.refused.some((r) => r.rejections.some((x) => x.detail.includes("time zone"))))
  })
})
