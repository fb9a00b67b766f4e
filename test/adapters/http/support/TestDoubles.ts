import { Effect, Layer } from "effect"
import type { Analysis } from "../../../../src/domain/forecast/Analysis.js"
import { type HourlyPoint, WeatherUnavailable } from "../../../../src/domain/weather/HourlyWeather.js"
import * as NodeCrypto from "../../../../src/adapters/system/NodeCrypto.js"
import { hashApiKey } from "../../../../src/domain/account/ApiKey.js"
import { AccountStore } from "../../../../src/ports/AccountStore.js"
import { Analyst } from "../../../../src/ports/Analyst.js"
import { SpotCastStore } from "../../../../src/ports/SpotCastStore.js"
import { WeatherProvider } from "../../../../src/ports/WeatherProvider.js"

/** A SpotCast at this latitude gets no weather: its forecast fails (weather_data_unavailable) and is refunded. */
export const NO_WEATHER_LATITUDE = -33.25

/** Reading a SpotCast with this id crashes the store with a message that must never reach a client. */
export const DEFECT_ID = "spc_DefectDefectDefectDefe"
export const DEFECT_SECRET = "SELECT secret FROM accounts WHERE password = 'hunter2'"

/** Looking this well-formed key up crashes the account store. */
export const DEFECT_KEY = "sk_live_DefectDefectDefectDefectDefect12"

const calmHour = (time: string): HourlyPoint => ({
  time,
  wind_speed_kt: 6,
  wind_gust_kt: 9,
  wind_direction_deg: 180,
  wave_height_ft: 1,
  wave_period_s: 8,
  wave_direction_deg: 180,
  swell_height_ft: 0.5,
  swell_period_s: 10,
  swell_direction_deg: 190,
  visibility_nm: 10,
  precipitation_probability_pct: 5,
  precipitation_mm_per_h: 0,
  air_temp_c: 22,
  water_temp_c: 20,
  weather_code: 0
})

/** Calm, complete hourly data for every requested date (UTC), or none at NO_WEATHER_LATITUDE. */
export const weatherLayer = Layer.succeed(WeatherProvider, {
  hourly: (request) =>
    request.coordinates.latitude === NO_WEATHER_LATITUDE
      ? Effect.fail(new WeatherUnavailable({ reason: "test: no data here" }))
      : Effect.succeed({
        source: "simulated" as const,
        utcOffsetSeconds: 0,
        hours: request.dates.flatMap((date) =>
          Array.from({ length: 24 }, (_, h) => calmHour(`${date}T${String(h).padStart(2, "0")}:00`))
        )
      })
})

/** Writes one plain sentence per day, keeping the class the rules gave it. */
export const analystLayer = Layer.succeed(Analyst, {
  analyze: (input) =>
    Effect.succeed<Analysis>({
      summary: `Test analysis of ${input.days.length} day(s)`,
      daily_classifications: input.days.map((day) => ({
        date: day.date,
        classification: day.classification,
        summary: `${day.date}: ${day.classification}`
      }))
    })
})

/** Decorates the store so that reading DEFECT_ID dies (an unexpected infrastructure failure). */
export const defectOnRead = Layer.effect(
  SpotCastStore,
  Effect.map(SpotCastStore, (store) => ({
    ...store,
    get: (accountId, spotcastId) =>
      spotcastId === DEFECT_ID ? Effect.die(new Error(DEFECT_SECRET)) : store.get(accountId, spotcastId)
  }))
)

/** Decorates the account store so that looking DEFECT_KEY up dies. */
export const defectOnKeyLookup = Layer.effect(
  AccountStore,
  Effect.map(AccountStore, (store) => ({
    ...store,
    findKeyByHash: (hash) =>
      hash === hashApiKey(NodeCrypto.make, DEFECT_KEY) ? Effect.die(new Error(DEFECT_SECRET)) : store.findKeyByHash(hash)
  }))
)
