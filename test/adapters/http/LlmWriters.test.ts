// Every person-readable text a forecast carries, written by a configured language model through the
// server: SpotCasts, widgets (their page too) and routes, against a loopback chat-completions model.
import { NodeHttpClient } from "@effect/platform-node"
import { assert, layer } from "@effect/vitest"
import { Duration, Effect, Layer, Option, Schedule } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import * as LlmAnalyst from "../../../src/adapters/analyst/LlmAnalyst.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { fakeModel, type ModelReply } from "../analyst/LlmFake.js"
import { account, createSpotCast, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

type Mode = "good" | "bad" | "down"
let mode: Mode = "good"

const factorWords: Record<string, string> = {
  wind: "wind", gust: "gusts", seas: "seas", steep_seas: "steep seas", visibility: "visibility", precipitation: "rain",
  thunderstorm: "thunderstorms and gusts", cold_water: "cold water"
}

/** A model that writes only what its facts say (good), one that invents and reassures (bad), or an outage. */
const reply = (_: number, body: any): ModelReply => {
  if (mode === "down") return { status: 503, body: `{"error":{"message":"overloaded"}}` }
  const system: string = body.messages[0].content
  const facts = JSON.parse(body.messages[1].content)
  if (system.includes("best_departure_reason")) {
    return {
      text: JSON.stringify(mode === "good"
        ? {
          summary: `For the skipper: ${facts.passage.text}`,
          legs: facts.legs.map((l: any) => `On this leg: ${l.text}`),
          best_departure_reason: facts.best_departure?.text ?? ""
        }
        : { summary: "Perfectly safe at 99 kt, enjoy!", legs: facts.legs.map(() => "Perfectly safe at 99 kt, enjoy!"), best_departure_reason: "" })
    }
  }
  const days = facts.days.map((d: any) => {
    const factors = d.deciding_factors
      .filter((f: any) => f.classification === d.rules_classification)
      .map((f: any) => factorWords[f.factor] ?? f.factor.replace(/_/g, " "))
    return {
      date: d.date,
      classification: d.rules_classification,
      summary: mode === "bad"
        ? "Perfectly safe at 99 kt, enjoy the day!"
        : d.rules_classification === "GO"
        ? "Model text: a fine day on the water for this boat."
        : `Model text: take care on this day because of the ${factors.join(" and the ")}.`
    }
  })
  const all = facts.days.flatMap((d: any) => d.deciding_factors.map((f: any) => factorWords[f.factor] ?? f.factor.replace(/_/g, " ")))
  return {
    text: JSON.stringify({
      summary: mode === "bad" ? "Perfectly safe at 99 kt all week, enjoy!" : `Model summary: watch the ${[...new Set(["wind", ...all])].join(" and the ")} over the period.`,
      days
    })
  }
}

const intelligence = Layer.merge(
  SimulatedWeather.layer(),
  Layer.unwrapScoped(Effect.map(fakeModel("openai-compatible", reply), (server) =>
    LlmAnalyst.layer({
      provider: "openai-compatible",
      baseUrl: server.baseUrl,
      apiKey: Option.none(),
      model: "fake",
      timeout: Duration.seconds(5),
      retries: 1
    }, BuiltinAnalyst.layer))).pipe(Layer.provide(NodeHttpClient.layerUndici))
)

const poll = <A>(path: string, key: string, done: (json: any) => boolean) =>
  get(path, key).pipe(
    Effect.filterOrFail((r) => done(r.json), () => "unfinished"),
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
    Effect.map((r) => r.json as A),
    Effect.orDie
  )

const finished = (status: unknown) => status === "completed" || status === "failed"

const HOUR = 3_600_000
const departure = () => {
  const at = new Date(Date.now() + HOUR)
  const d = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 13)
  return new Date(d >= at.getTime() ? d : d + 24 * HOUR).toISOString()
}

/** One SpotCast, one full widget and one route with a departure window, each finished; their texts. */
const writeAll = Effect.gen(function*() {
  const { key } = yield* account(40)
  const spot = yield* createSpotCast(key, { num_days: 2 })
  const w = yield* postJson("/v3/spotcast/widgets", { name: "Marina", latitude: 41.13, longitude: -71.71, num_days: 2, display_type: "full" }, key)
  assert.strictEqual(w.status, 201, w.text)
  const r = yield* postJson("/v3/route", {
    waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 41.17, longitude: -71.58 }, { latitude: 41.07, longitude: -71.86 }],
    departure_time: departure(),
    speed_kts: 6,
    departure_window_hours: 3
  }, key)
  assert.strictEqual(r.status, 202, r.text)
  const spotcast = yield* poll<any>(`/v3/spotcast/${spot.id}`, key, (j) => finished(j?.latest_forecast?.status ?? j?.status))
  const widget = yield* poll<any>(`/v3/spotcast/widgets/${w.json.id}`, key, (j) => finished(j?.latest_forecast?.status))
  const route = yield* poll<any>(`/v3/route/${r.json.id}`, key, (j) => finished(j?.latest_forecast?.status))
  const page = (yield* get(`/embed/widgets/${w.json.id}`)).text
  const analysisOf = (j: any) => j.latest_forecast?.ai_analysis ?? j.ai_analysis
  return { spotcast: analysisOf(spotcast), widget: analysisOf(widget), route: analysisOf(route), page }
})

const dayTexts = (analysis: any): Array<string> => [analysis.summary, ...analysis.daily_classifications.map((d: any) => d.summary)]

layer(TestServer.layer({ intelligence }), { excludeTestServices: true })("texts by the configured model, through the server", (it) => {
  it.effect("good texts are kept for SpotCasts, widgets (and their page) and routes", () =>
    Effect.gen(function*() {
      mode = "good"
      const { page, route, spotcast, widget } = yield* writeAll
      for (const analysis of [spotcast, widget]) {
        assert.include(analysis.summary, "Model summary: watch the wind")
        for (const day of analysis.daily_classifications) assert.include(day.summary, "Model text: ")
      }
      assert.include(page, "Model text: ")
      assert.isTrue(route.summary.startsWith("For the skipper: "), route.summary)
      for (const leg of route.legs) assert.isTrue(leg.summary.startsWith("On this leg: "), leg.summary)
      // The simulator's weather follows the date: on a day when every departure is AVOID none is
      // recommended and there is no best departure to word (LlmRouteText.test.ts covers its reason).
      if (route.best_departure === undefined) assert.isTrue(route.departures.every((d: any) => d.recommended === false))
      else assert.isString(route.best_departure.reason)
    }), { timeout: 60_000 })

  it.effect("bad texts are floored to the built-in ones, everywhere", () =>
    Effect.gen(function*() {
      mode = "bad"
      const { page, route, spotcast, widget } = yield* writeAll
      for (const analysis of [spotcast, widget]) for (const text of dayTexts(analysis)) assert.notInclude(text, "99 kt")
      assert.notInclude(page, "Perfectly safe")
      assert.notInclude(route.summary, "99 kt")
      for (const leg of route.legs) assert.notInclude(leg.summary, "Perfectly safe")
      if (route.best_departure === undefined) assert.isTrue(route.departures.every((d: any) => d.recommended === false))
      else assert.notStrictEqual(route.best_departure.reason, "")
    }), { timeout: 60_000 })

  it.effect("a provider outage: every text is the built-in one and every forecast completes", () =>
    Effect.gen(function*() {
      mode = "down"
      const { route, spotcast, widget } = yield* writeAll
      for (const analysis of [spotcast, widget]) {
        for (const text of dayTexts(analysis)) assert.notInclude(text, "Model")
        assert.isAbove(analysis.daily_classifications.length, 0)
      }
      assert.notInclude(route.summary, "For the skipper")
      assert.isAbove(route.legs.length, 0)
    }), { timeout: 60_000 })
})
