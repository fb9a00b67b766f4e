import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as EstimatedWaves from "../../../src/adapters/weather/EstimatedWaves.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { WeatherProvider } from "../../../src/ports/WeatherProvider.js"
import { account, awaitFinished, createSpotCast, get } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"
import { openMeteoCredit } from "../../../src/adapters/weather/OpenMeteoSeries.js"

/**
 * A constructed fixture in the shape Open-Meteo answers on Lake Ontario: wind and weather, no waves. A
 * light easterly (8 kt, gusts 11) blows down the lake, some 250 km of open water upwind of Toronto,
 * every hour of every date; warm, clear, good visibility.
 */
const lakeHour = (time: string): HourlyPoint => ({
  time,
  wind_speed_kt: 8, wind_gust_kt: 11, wind_direction_deg: 90,
  wave_height_ft: null, wave_period_s: null, wave_direction_deg: null,
  swell_height_ft: null, swell_period_s: null, swell_direction_deg: null,
  visibility_nm: 10, precipitation_probability_pct: 5, precipitation_mm_per_h: 0,
  air_temp_c: 24, water_temp_c: 21, weather_code: 1
})
const LakeOntario = Layer.succeed(WeatherProvider, {
  hourly: (request) =>
    Effect.succeed({
      source: "open-meteo",
      credit: openMeteoCredit,
      utcOffsetSeconds: -5 * 3600,
      timezone: "America/Toronto",
      hours: request.dates.flatMap((d) => Array.from({ length: 24 }, (_, h) => lakeHour(`${d}T${String(h).padStart(2, "0")}:00`)))
    })
})

layer(TestServer.layer({ weather: EstimatedWaves.layer(LakeOntario) }), { excludeTestServices: true })("a lake forecast end to end", (it) => {
  it.effect("Toronto: the seas are estimated from the fetch, marked in the hours and the conditions, and the day can be GO", () =>
    Effect.gen(function*() {
      const { key } = yield* account(10)
      const created = yield* createSpotCast(key, {
        latitude: 43.62, longitude: -79.38, num_days: 2,
        vessel_info: { type: "sailboat", length_ft: 25 }
      })
      yield* awaitFinished(created.id, key)
      const { json } = yield* get(`/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, key)
      assert.strictEqual(json.status, "completed")
      const days = json.ai_analysis.daily_classifications as Array<any>
      const last = days[days.length - 1]
      for (const hour of last.hourly) {
        assert.isNumber(hour.wave_height, JSON.stringify(hour))
        assert.strictEqual(hour.waves_estimated, true)
      }
      assert.strictEqual(last.conditions.day.waves_estimated, true)
      // (The day text's "(estimated)" is the built-in analyst's: test/adapters/analyst/EstimatedSeasText.test.ts;
      // this server runs the analyst double.)
      assert.strictEqual(last.classification, "GO", last.summary)
    }), 120_000)
})
