import { NodeHttpClient } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Either, Layer, Option, type Scope } from "effect"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { formatNumber } from "../../../src/adapters/analyst/Units.js"
import * as OpenMeteoWeather from "../../../src/adapters/weather/OpenMeteoWeather.js"
import { assessDays } from "../../../src/domain/safety/AssessDays.js"
import type { ForecastId } from "../../../src/domain/Ids.js"
import { makePeriod } from "../../../src/domain/forecast/ForecastPeriod.js"
import { defaultVessel } from "../../../src/domain/spotcast/Vessel.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { startWorkerPool } from "../../../src/application/worker/WorkerPool.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { WeatherProvider } from "../../../src/ports/WeatherProvider.js"
import { createCommand, seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"
import { type Fake, fakeOpenMeteo, ok, redated } from "./OpenMeteoFake.js"

const HOEK = { latitude: 52.006, longitude: 4.292 }

const hoek = {
  forecast: (p: URLSearchParams) => ok(redated("hoek-van-holland.forecast.json", p)),
  marine: (p: URLSearchParams) => ok(redated("hoek-van-holland.marine.json", p))
}

/** The core on memory storage, Open-Meteo at `urls`, the built-in analyst, and a running worker pool. */
const withCore = <A, E>(
  urls: { forecastUrl: string; marineUrl: string },
  body: Effect.Effect<A, E, Layer.Layer.Success<typeof MemoryCore.layer> | WeatherProvider | Scope.Scope>
) =>
  Effect.gen(function*() {
    yield* startWorkerPool({ concurrency: 2, pollInterval: "20 millis", lease: "10 seconds", shutdownGrace: "1 second" })
    return yield* body
  }).pipe(
    Effect.provide(Layer.mergeAll(
      MemoryCore.layer,
      BuiltinAnalyst.layer,
      OpenMeteoWeather.layer({ ...urls, retries: 1, retryBaseDelay: Duration.millis(5) }).pipe(Layer.provide(NodeHttpClient.layerUndici))
    ))
  )

/** Waits (real time) until the forecast is completed or failed. */
const finished = (forecastId: ForecastId) =>
  Effect.gen(function*() {
    const store = yield* SpotCastStore
    for (let i = 0; i < 250; i++) {
      const work = yield* store.work(forecastId)
      const forecast = Option.getOrThrow(work).forecast
      if (forecast.status === "completed" || forecast.status === "failed") return forecast
      yield* Effect.sleep("20 millis")
    }
    return yield* Effect.die("the forecast did not finish")
  })

const createForecast = (numDays: number) =>
  Effect.gen(function*() {
    const today = DateTime.formatIsoDateUtc(yield* DateTime.now)
    const { account } = yield* seedAccount(10, "live")
    const charged = yield* createSpotCast(account, { ...createCommand(today, numDays), coordinates: HOEK })
    return { account, forecastId: charged.receipt.forecastId, today }
  })

describe("a live account's forecast on Open-Meteo (loopback fake), end to end", () => {
  it.scopedLive("completes with real numbers from the recorded Hoek van Holland answers", () =>
    Effect.gen(function*() {
      const fake: Fake = yield* fakeOpenMeteo(hoek)
      yield* withCore(fake, Effect.gen(function*() {
        const { account, forecastId, today } = yield* createForecast(2)
        const forecast = yield* finished(forecastId)
        assert.strictEqual(forecast.status, "completed", JSON.stringify(forecast.error))
        const analysis = forecast.analysis!
        const dates = makePeriod(DateTime.unsafeMake(`${today}T00:00:00Z`), 2).dates
        assert.deepStrictEqual(analysis.daily_classifications.map((d) => d.date), dates)

        // The same answers through the same provider and rules: the texts quote the window's recorded wind.
        // Asked as the worker asks: in the spot's zone (the geography's).
        const series = yield* (yield* WeatherProvider).hourly({ coordinates: HOEK, dates, timezone: "Europe/Amsterdam", mode: "live", seed: "x" })
        assert.strictEqual(series.source, "open-meteo")
        // No window starts before the forecast is issued, which is between its creation and its completion:
        // judged as of either, unless an hour turned in between (then the days may differ by that hour).
        const judgedAt = (at: DateTime.Utc) =>
          Either.getOrThrow(assessDays({ series, dates, coordinates: HOEK, vessel: defaultVessel, notBeforeMillis: DateTime.toEpochMillis(at) }))
        const [early, late] = [judgedAt(forecast.createdAt), judgedAt(forecast.completedAt!)]
        const days = analysis.daily_classifications.every((d, i) => d.classification === late[i]!.classification) ? late : early
        for (const [i, day] of days.entries()) {
          const written = analysis.daily_classifications[i]!
          assert.strictEqual(written.classification, day.classification)
          assert.include(written.summary, formatNumber(day.conditions.wind_speed_kt, "en"))
        }
        // Fixture day 1 has 9.5-10 kn winds and about 1 m (3 ft) seas in daylight.
        assert.isAtLeast(days[0]!.conditions.wind_speed_kt, 5)
        assert.isDefined(days[0]!.conditions.wave_height_ft)
        assert.strictEqual(fake.count("/v1/forecast"), 1, "the check above shared the worker's upstream call")

        const balance = yield* (yield* AccountStore).balance(account.id)
        assert.strictEqual(balance.creditBalance, 8)
      }))
    }))

  it.scopedLive("with the upstream down it fails with weather_data_unavailable and the credits come back", () =>
    Effect.gen(function*() {
      const fake: Fake = yield* fakeOpenMeteo({
        forecast: () => ({ status: 503, body: `{"error":true,"reason":"The service is overloaded"}` }),
        marine: hoek.marine
      })
      yield* withCore(fake, Effect.gen(function*() {
        const { account, forecastId } = yield* createForecast(3)
        assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 7)
        const forecast = yield* finished(forecastId)
        assert.strictEqual(forecast.status, "failed")
        assert.strictEqual(forecast.error?.code, "weather_data_unavailable")
        assert.strictEqual(fake.count("/v1/forecast"), 2, "one attempt and one retry")
        assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 10)
      }))
    }))

  it.scopedLive("with nothing listening it fails the same way", () =>
    withCore({ forecastUrl: "http://127.0.0.1:9/v1/forecast", marineUrl: "http://127.0.0.1:9/v1/marine" }, Effect.gen(function*() {
      const { account, forecastId } = yield* createForecast(1)
      const forecast = yield* finished(forecastId)
      assert.strictEqual(forecast.error?.code, "weather_data_unavailable")
      assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 10)
    })))
})
