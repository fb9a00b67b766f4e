// Embeds the core the way another team would: only through the package's public exports, with a
// host-made weather adapter swapped in. docs/embedding.md shows this same code.
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Layer, Option, Redacted } from "effect"
import { NaturalEarthGeography } from "spotcast/adapters/geography"
import { MemoryStorage } from "spotcast/adapters/memory"
import { BuiltinAnalyst } from "spotcast/adapters/analyst"
import { NodeCrypto, SequentialIds } from "spotcast/adapters/system"
import { CreateSpotCast, ManageAccounts, ProcessForecast, ReadSpotCasts } from "spotcast/application"
import { JobQueue, Settings, WeatherProvider } from "spotcast/ports"

/** A host's own weather source: a flat calm sea, every hour of every requested date. */
const CalmSea = Layer.succeed(WeatherProvider.WeatherProvider, {
  hourly: (request) =>
    Effect.succeed({
      source: "simulated" as const,
      utcOffsetSeconds: 0,
      hours: request.dates.flatMap((date) =>
        Array.from({ length: 24 }, (_, h) => ({
          time: `${date}T${String(h).padStart(2, "0")}:00`,
          wind_speed_kt: 6, wind_gust_kt: 9, wind_direction_deg: 200,
          wave_height_ft: 1, wave_period_s: 7, wave_direction_deg: 200,
          swell_height_ft: 0.5, swell_period_s: 10, swell_direction_deg: 210,
          visibility_nm: 10, precipitation_probability_pct: 0, precipitation_mm_per_h: 0,
          air_temp_c: 24, water_temp_c: 22, weather_code: 0
        }))
      )
    })
})

const Host = Layer.mergeAll(
  MemoryStorage.layer,
  SequentialIds.layer,
  NodeCrypto.layer,
  BuiltinAnalyst.layer,
  NaturalEarthGeography.layer,
  CalmSea,
  Layer.succeed(Settings.Settings, {
    publicBaseUrl: "https://forecasts.example.com",
    forecastHorizonDays: 16,
    cursorSecret: Redacted.make("host secret"),
    rateLimitPerMinute: 60
  })
)

describe("embedding the core through the package exports", () => {
  it.live("creates, processes and reads a forecast on the host's own adapters", () =>
    Effect.gen(function*() {
      const { account } = yield* ManageAccounts.createAccount({ name: "Marina", mode: "live", credits: 10 })
      const created = yield* CreateSpotCast.createSpotCast(account, {
        coordinates: { latitude: 43.3, longitude: 5.35 },
        // From tomorrow: today's windows start after the issue time, so today's class depends on the hour the test runs.
        start: DateTime.add(DateTime.startOf(yield* DateTime.now, "day"), { days: 1 }),
        numDays: 2,
        preferences: { language: "fr", distanceUnits: "km", speedUnits: "kts" },
        vessel: { type: "pwc", lengthFt: 11 }
      })
      assert.strictEqual(created.receipt.creditsRemaining, 8)

      const job = yield* (yield* JobQueue.JobQueue).claim("host-worker", Duration.minutes(1))
      assert.isTrue(Option.isSome(job))
      assert.strictEqual(yield* ProcessForecast.processForecast(Option.getOrThrow(job)), "completed")

      const view = yield* ReadSpotCasts.getSpotCast(account, created.receipt.spotcastId)
      assert.strictEqual(view.latest.status, "completed")
      assert.deepStrictEqual(view.latest.analysis?.daily_classifications.map((d) => d.classification), ["GO", "GO"])
    }).pipe(Effect.provide(Host)))
})
