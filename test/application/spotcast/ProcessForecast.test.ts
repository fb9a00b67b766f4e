import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect, Layer, Option, TestClock } from "effect"
import type { Analysis, Classification } from "../../../src/domain/forecast/Analysis.js"
import { WebhookUrl } from "../../../src/domain/webhook/WebhookUrl.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { processForecast } from "../../../src/application/spotcast/ProcessForecast.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { Analyst, type AnalystInput } from "../../../src/ports/Analyst.js"
import { JobQueue } from "../../../src/ports/JobQueue.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { WeatherProvider } from "../../../src/ports/WeatherProvider.js"
import { WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import { calmHour, galeHour, series } from "../../domain/safety/Hours.js"
import { createCommand, seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const NOW = Date.UTC(2026, 10, 22, 10)
const CALM = "2026-11-23"
const GALE = "2026-11-24"

/** A calm day, then a gale. */
const weather = Layer.succeed(WeatherProvider, {
  hourly: () => Effect.succeed(series(CALM, 2, (date) => (date === GALE ? galeHour : calmHour)))
})

/** An analyst that rates every day as `classification`, on the days `dates` picks from the assessed ones. */
const analyst = (classification: Classification, dates = (input: AnalystInput) => input.days.map((d) => d.date)) =>
  Layer.succeed(Analyst, {
    analyze: (input) =>
      Effect.succeed({
        summary: "Analyst summary.",
        daily_classifications: dates(input).map((date) => ({ date, classification, summary: `Analyst text for ${date}.` }))
      } satisfies Analysis)
  })

/** Creates a two-day SpotCast (with a webhook) and runs its job with the given analyst. */
const run = (analystLayer: Layer.Layer<Analyst>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(NOW)
    const { account } = yield* seedAccount(10)
    const created = yield* createSpotCast(account, {
      ...createCommand(CALM, 2),
      webhookUrl: WebhookUrl.make("https://hooks.example.com/spotcast")
    })
    const job = Option.getOrThrow(yield* (yield* JobQueue).claim("worker", Duration.minutes(1)))
    const outcome = yield* processForecast(job)
    const forecast = Option.getOrThrow(
      yield* (yield* SpotCastStore).getForecast(account.id, created.receipt.spotcastId, created.receipt.forecastId)
    )
    const [delivery] = yield* (yield* WebhookOutbox).list(account.id, { limit: 10 })
    const balance = yield* (yield* AccountStore).balance(account.id)
    return { outcome, forecast, event: JSON.parse(delivery!.delivery.body), balance }
  }).pipe(Effect.provide(Layer.mergeAll(MemoryCore.layer, weather, analystLayer)))

describe("processForecast applies the safety floor", () => {
  it.effect("an analyst that calls a gale safe is overruled: the rules' class, the analyst's words, and the webhook says so", () =>
    Effect.gen(function*() {
      const { event, forecast, outcome } = yield* run(analyst("GO"))
      assert.strictEqual(outcome, "completed")
      const contractFields = forecast.analysis?.daily_classifications.map(({ classification, date, summary }) => ({ date, classification, summary }))
      assert.deepStrictEqual(contractFields, [
        { date: CALM, classification: "GO", summary: `Analyst text for ${CALM}.` },
        { date: GALE, classification: "AVOID", summary: `Analyst text for ${GALE}.` }
      ])
      // Issue 15's additions ride along: every hour of each day, the deciding factors, the units.
      assert.deepStrictEqual(forecast.analysis?.daily_classifications.map((d) => d.hourly?.length), [24, 24])
      assert.deepStrictEqual(forecast.analysis?.daily_classifications[0]?.deciding_factors, [])
      assert.isAbove(forecast.analysis?.daily_classifications[1]?.deciding_factors?.length ?? 0, 0)
      assert.strictEqual(forecast.analysis?.units?.speed, "kts")
      assert.strictEqual(event.event, "spotcast.forecast.completed")
      assert.strictEqual(event.data.recommendation, "AVOID")
    }))

  it.effect("an analyst more careful than the rules keeps its class", () =>
    Effect.gen(function*() {
      const { forecast } = yield* run(analyst("CAUTION"))
      assert.deepStrictEqual(forecast.analysis?.daily_classifications.map((d) => d.classification), ["CAUTION", "AVOID"])
    }))

  it.effect("an analysis that misses an assessed day fails the forecast and refunds it", () =>
    Effect.gen(function*() {
      const { balance, event, forecast, outcome } = yield* run(analyst("AVOID", (input) => [input.days[0]!.date]))
      assert.strictEqual(outcome, "failed")
      assert.strictEqual(forecast.status, "failed")
      assert.deepStrictEqual(forecast.error, { code: "processing_failed", message: "The forecast could not be produced" })
      assert.strictEqual(event.event, "spotcast.forecast.failed")
      assert.strictEqual(balance.creditBalance, 10)
    }))
})
