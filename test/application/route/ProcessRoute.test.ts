import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Layer, Option, Ref, TestClock } from "effect"
import { createRoute } from "../../../src/application/route/CreateRoute.js"
import { processJob } from "../../../src/application/worker/ProcessJob.js"
import { WeatherUnavailable } from "../../../src/domain/weather/HourlyWeather.js"
import type { CreateRouteCommand } from "../../../src/domain/route/RouteCommand.js"
import { MetadataText } from "../../../src/domain/spotcast/Metadata.js"
import { WebhookUrl } from "../../../src/domain/webhook/WebhookUrl.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { Analyst } from "../../../src/ports/Analyst.js"
import { JobQueue } from "../../../src/ports/JobQueue.js"
import { RouteStore } from "../../../src/ports/RouteStore.js"
import { WeatherProvider, type WeatherRequest } from "../../../src/ports/WeatherProvider.js"
import { WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import { calmHour, galeHour, series } from "../../domain/safety/Hours.js"
import { seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const NOW = Date.UTC(2026, 10, 22, 10)
const HOUR = 3_600_000

// Along 50° N, 1° W to 1° E: two legs of about 38.6 nm through 0.25° cells, sailed 11:00–14:52 UTC in
// daylight (a passage at night is CAUTION by the darkness rule).
const command = (over: Partial<CreateRouteCommand> = {}): CreateRouteCommand => ({
  waypoints: [{ latitude: 50, longitude: -1 }, { latitude: 50, longitude: 0 }, { latitude: 50, longitude: 1 }],
  departure: DateTime.unsafeMake(NOW + HOUR),
  speedKts: 20,
  departureWindowHours: 0,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  vessel: { type: "sailboat", lengthFt: 30 },
  webhookUrl: WebhookUrl.make("https://hooks.example.com/route"),
  ...over
})

/** A provider that records its calls: a gale east of 0.3° E, calm elsewhere; none at all when `down`. */
const recording = (calls: Ref.Ref<Array<WeatherRequest>>, down = false) =>
  Layer.succeed(WeatherProvider, {
    hourly: (request) =>
      Effect.zipRight(
        Ref.update(calls, (all) => [...all, request]),
        down
          ? Effect.fail(new WeatherUnavailable({ reason: "test: down" }))
          : Effect.succeed(series(request.dates[0]!, request.dates.length, () => (request.coordinates.longitude > 0.3 ? galeHour : calmHour)))
      )
  })

/** Routes never reach the SpotCast analyst. */
const noAnalyst = Layer.succeed(Analyst, { analyze: () => Effect.dieMessage("the analyst was asked about a route") })

const run = (over: Partial<CreateRouteCommand>, down = false) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(NOW)
    const calls = yield* Ref.make<Array<WeatherRequest>>([])
    return yield* Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const { charged, route } = yield* createRoute(account, command(over))
      const job = Option.getOrThrow(yield* (yield* JobQueue).claim("worker", Duration.minutes(1)))
      const outcome = yield* processJob(job)
      const view = Option.getOrThrow(yield* (yield* RouteStore).get(account.id, route.id))
      const [delivery] = yield* (yield* WebhookOutbox).list(account.id, { limit: 10 })
      const balance = yield* (yield* AccountStore).balance(account.id)
      const body = delivery!.delivery.body
      return { outcome, view, charged, calls: yield* Ref.get(calls), event: JSON.parse(body), body, balance, job }
    }).pipe(Effect.provide(Layer.mergeAll(MemoryCore.layer, recording(calls, down), noAnalyst)))
  })

describe("processing a route forecast", () => {
  it.effect("the worker's job is a route's: legs rated (the eastern leg's gale makes it and the passage AVOID), webhook written", () =>
    Effect.gen(function*() {
      const { event, outcome, view } = yield* run({})
      assert.strictEqual(outcome, "completed")
      assert.strictEqual(view.latest.status, "completed")
      assert.deepStrictEqual(view.analysis!.legs.map((l) => l.classification), ["GO", "AVOID"])
      assert.strictEqual(view.analysis!.classification, "AVOID")
      assert.strictEqual(view.latest.analysis!.daily_classifications[0]!.classification, "AVOID")
      assert.strictEqual(event.event, "route.forecast.completed")
      assert.strictEqual(event.data.classification, "AVOID")
    }))

  it.effect("one provider call per grid cell (all its dates in it), even across 25 candidate departures", () =>
    Effect.gen(function*() {
      const { calls, view } = yield* run({ departureWindowHours: 72 })
      const cells = calls.map((c) => `${c.coordinates.latitude},${c.coordinates.longitude}`)
      assert.strictEqual(new Set(cells).size, cells.length)
      // 1° W to 1° E at 0.25°: the cells -1, -0.75, …, 1 (9 of them), sampled at least once each.
      assert.strictEqual(cells.length, 9)
      for (const call of calls) {
        assert.deepStrictEqual([...call.dates], [...new Set(call.dates)].sort())
        assert.isAtLeast(call.dates.length, 4) // 72 h of window: every cell is crossed on several days
        // One of many for one job: a computing provider does these off the request loop.
        assert.isTrue(call.batch)
      }
      assert.strictEqual(view.analysis!.departures!.length, 25)
    }))

  it.effect("a provider failure fails the forecast, refunds it once and writes route.forecast.failed", () =>
    Effect.gen(function*() {
      const { balance, charged, event, outcome, view } = yield* run({}, true)
      assert.strictEqual(charged.receipt.creditsCharged, 2)
      assert.strictEqual(outcome, "failed")
      assert.strictEqual(view.latest.error!.code, "weather_data_unavailable")
      assert.strictEqual(balance.creditBalance, 10)
      assert.strictEqual(event.event, "route.forecast.failed")
      assert.strictEqual(event.data.error.code, "weather_data_unavailable")
    }))

  it.effect("the webhook body carries the route's metadata byte for byte as sent, on success and on failure", () =>
    Effect.gen(function*() {
      // Numbers a parse and a serialization would change, with the spacing, escapes and key order as sent.
      const sent = `{ "n":12345678901234567890,"f":1.0,"z":-0, "e": 1E+2, "s": "caf\\u00e9", "b": {"y":1,"a":2} }`
      const metadata = MetadataText.make(sent)
      for (const down of [false, true]) {
        const { body, event, view } = yield* run({ metadata }, down)
        assert.strictEqual(view.route.metadata, sent)
        assert.isTrue(body.endsWith(`,"metadata":${sent}}}`), body.slice(-300))
        assert.deepStrictEqual(event.data.metadata, JSON.parse(sent))
      }
      // Without metadata the event has no such member.
      assert.notProperty((yield* run({})).event.data, "metadata")
    }))
})
