import { assert, layer } from "@effect/vitest"
import { HttpClientRequest } from "@effect/platform"
import { Effect, Layer } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import * as SimulatedWeather from "../../../src/adapters/weather/SimulatedWeather.js"
import { WeatherProvider, type WeatherRequest } from "../../../src/ports/WeatherProvider.js"
import { account, authed, awaitFinished, createSpotCast, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

/** Tomorrow (UTC): the forecast never depends on the hour the test runs. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

const finishedAnalysis = (key: string, preferences?: Record<string, unknown>) =>
  Effect.gen(function*() {
    const created = yield* createSpotCast(key, {
      start_date: tomorrow(),
      num_days: 2,
      trip_duration_hours: 4,
      ...(preferences === undefined ? {} : { preferences })
    })
    yield* awaitFinished(created.id, key)
    const { json } = yield* get(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)
    return json.ai_analysis
  })

const texts = (analysis: any): ReadonlyArray<string> => [
  analysis.summary,
  ...analysis.daily_classifications.map((d: any) => d.summary as string)
]
const FEET = /\d\s?(ft|feet|foot)\b/
const HOURLY_HEIGHTS = ["wave_height", "swell_height"] as const

/**
 * The real simulator (seas, rain, tides) with one seed for every SpotCast, so two SpotCasts of the same
 * place and dates get the same weather and differ only in units; and the built-in analyst, whose texts
 * carry the numbers.
 */
const sameWeather = Layer.effect(
  WeatherProvider,
  Effect.map(WeatherProvider, (simulated) => ({ hourly: (request: WeatherRequest) => simulated.hourly({ ...request, seed: "units" }) }))
).pipe(Layer.provide(SimulatedWeather.layer()))
const intelligence = Layer.merge(sameWeather, BuiltinAnalyst.layer)

layer(TestServer.layer({ intelligence }), { excludeTestServices: true })("units a sailor expects", (it) => {
  it.effect("explicit height_units m and temperature_units f: units, conditions, timeline, tides and texts follow", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const chosen = yield* finishedAnalysis(key, { height_units: "m", temperature_units: "f" })
      const feet = yield* finishedAnalysis(key, { height_units: "ft", temperature_units: "c" })

      assert.deepStrictEqual(chosen.units, {
        speed: "kts", distance: "nm", height: "m", temperature: "f", precipitation_rate: "in/h",
        precipitation_probability: "%", period: "s", direction: "deg"
      })
      assert.strictEqual(feet.units.height, "ft")
      assert.strictEqual(feet.units.precipitation_rate, "mm/h")

      // The same place and dates (simulated weather is the same for both): every number converted.
      let heights = 0
      let rain = 0
      let tides = 0
      chosen.daily_classifications.forEach((day: any, d: number) => {
        const other = feet.daily_classifications[d]
        day.hourly.forEach((h: any, i: number) => {
          const o = other.hourly[i]
          for (const k of HOURLY_HEIGHTS) {
            if (h[k] === null || h[k] === undefined) continue
            heights++
            assert.closeTo(h[k], o[k] * 0.3048, 0.01, `${k} ${h.time}`)
          }
          if (h.air_temperature !== null && h.air_temperature !== undefined) {
            assert.closeTo(h.air_temperature, o.air_temperature * 1.8 + 32, 0.2, `air ${h.time}`)
          }
          if (typeof h.precipitation_rate === "number") {
            rain++
            assert.closeTo(h.precipitation_rate, o.precipitation_rate / 25.4, 0.01, `rain ${h.time}`)
          }
        })
        const cDay = day.conditions.day
        const oDay = other.conditions.day
        if (cDay.wave_height !== undefined) {
          assert.closeTo(cDay.wave_height.max, oDay.wave_height.max * 0.3048, 0.01, "conditions' seas")
        }
        if (cDay.air_temperature !== undefined) {
          assert.closeTo(cDay.air_temperature.max, oDay.air_temperature.max * 1.8 + 32, 0.2, "conditions' air")
        }
        ;(day.tides ?? []).forEach((t: any, i: number) => {
          tides++
          assert.closeTo(t.height, other.tides[i].height * 0.3048, 0.01, `tide ${t.time}`)
        })
      })
      assert.isAbove(heights, 0, "the forecast has seas to compare")
      assert.isAbove(tides, 0, "the forecast has tides to compare")
      assert.isAbove(rain, 0, "the hours have rain rates to compare (in/h against mm/h)")

      // The texts: heights in metres (never feet), temperatures in °F, the class words and all.
      for (const text of texts(chosen)) {
        assert.notMatch(text, FEET, text)
        assert.notInclude(text, "°C", text)
      }
      assert.isTrue(texts(chosen).some((t) => /\d\s?m\b/.test(t)), "some text quotes a height in metres")
      assert.isTrue(texts(chosen).some((t) => t.includes("°F")), "some text quotes a temperature in °F")
      for (const text of texts(feet)) assert.notInclude(text, "°F", text)
    }))

  it.effect("defaults: an old client (no units) gets metres and °C; English with miles gets feet, °F and in/h", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const old = yield* finishedAnalysis(key)
      assert.strictEqual(old.units.height, "m")
      assert.strictEqual(old.units.temperature, "c")
      assert.strictEqual(old.units.precipitation_rate, "mm/h")
      for (const text of texts(old)) {
        assert.notMatch(text, FEET, text)
        assert.notInclude(text, "°F", text)
      }

      const us = yield* finishedAnalysis(key, { language: "en", distance_units: "mi" })
      assert.deepStrictEqual([us.units.height, us.units.temperature, us.units.precipitation_rate], ["ft", "f", "in/h"])
      for (const text of texts(us)) {
        assert.notInclude(text, "°C", text)
        assert.notInclude(text, "mm/h", text)
      }

      const fr = yield* finishedAnalysis(key, { language: "fr", distance_units: "mi", speed_units: "mph" })
      assert.deepStrictEqual([fr.units.height, fr.units.temperature], ["m", "c"])
      for (const text of texts(fr)) assert.notMatch(text, /\d\s?pieds?\b/, text)
    }))

  it.effect("a bad height_units or temperature_units is a 400 in the error envelope naming the field", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      for (
        const [preferences, code, param] of [
          [{ height_units: "yards" }, "invalid_height_units", "preferences.height_units"],
          [{ height_units: 3 }, "invalid_height_units", "preferences.height_units"],
          [{ temperature_units: "kelvin" }, "invalid_temperature_units", "preferences.temperature_units"]
        ] as const
      ) {
        const r = yield* postJson("/v3/spotcast", { latitude: 41.13, longitude: -71.71, start_date: tomorrow(), num_days: 2, preferences }, key)
        assert.strictEqual(r.status, 400, r.text)
        assert.strictEqual(r.json.error.code, code, r.text)
        assert.strictEqual(r.json.error.param, param, r.text)
        assert.match(r.json.error.message, /must be one of/, r.text)
      }
    }))

  it.effect("widgets and routes store and show the units: given, defaulted, and changed by an update", () =>
    Effect.gen(function*() {
      const { key } = yield* account(100)
      const widget = yield* postJson("/v3/spotcast/widgets", {
        name: "Harbour", latitude: 41.13, longitude: -71.71, num_days: 2, display_type: "mini",
        preferences: { temperature_units: "f" }
      }, key)
      assert.strictEqual(widget.status, 201, widget.text)
      const shown = (yield* get(`/v3/spotcast/widgets/${widget.json.id}`, key)).json
      assert.deepStrictEqual(shown.preferences, {
        language: "en", distance_units: "nm", speed_units: "kts", height_units: "m", temperature_units: "f"
      })
      const updated = yield* TestServer.raw(
        HttpClientRequest.put(`/v3/spotcast/widgets/${widget.json.id}`).pipe(
          authed(key),
          HttpClientRequest.bodyUnsafeJson({ preferences: { height_units: "ft" } })
        )
      )
      assert.strictEqual(updated.status, 200)
      const after = (yield* get(`/v3/spotcast/widgets/${widget.json.id}`, key)).json
      assert.deepStrictEqual([after.preferences.height_units, after.preferences.temperature_units], ["ft", "f"])

      const route = yield* postJson("/v3/route", {
        waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 41.17, longitude: -71.58 }],
        departure_time: `${tomorrow()}T13:00:00Z`,
        speed_kts: 6,
        preferences: { language: "en", speed_units: "mph", height_units: "m" }
      }, key)
      assert.strictEqual(route.status, 202, route.text)
      const routeShown = (yield* get(`/v3/route/${route.json.id}`, key)).json
      assert.deepStrictEqual(routeShown.preferences, {
        language: "en", distance_units: "nm", speed_units: "mph", height_units: "m", temperature_units: "f"
      })
    }))

  it.effect("OpenAPI: the create bodies carry height_units and temperature_units", () =>
    Effect.gen(function*() {
      const spec = (yield* get("/v3/openapi.json")).json
      const text = JSON.stringify(spec)
      assert.include(text, "\"height_units\"")
      assert.include(text, "\"temperature_units\"")
      const schemas = spec.components.schemas
      const withPreferences = Object.entries(schemas).filter(([, s]: [string, any]) => s?.properties?.preferences !== undefined)
      assert.isAbove(withPreferences.length, 0)
      for (const [name, s] of withPreferences as ReadonlyArray<[string, any]>) {
        const p = s.properties.preferences
        const props = p.properties ?? schemas[p.$ref?.split("/").pop()]?.properties ?? {}
        assert.property(props, "height_units", name)
        assert.property(props, "temperature_units", name)
      }
    }))
})
