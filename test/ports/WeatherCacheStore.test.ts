import { layer } from "@effect/vitest"
import { Layer } from "effect"
import * as MemoryWeatherCache from "../../src/adapters/memory/MemoryWeatherCache.js"
import { describeServer, serverStorage } from "../adapters/postgres/TestDatabase.js"
import { weatherCacheStoreContract } from "./WeatherCacheStoreContract.js"

layer(MemoryWeatherCache.layer, { excludeTestServices: true })("weather cache store in memory", (it) => weatherCacheStoreContract(it))

await describeServer("weather cache store on the Postgres server", () => {
  layer(Layer.orDie(serverStorage({ maxConnections: 4 })), { excludeTestServices: true, timeout: "60 seconds" })(
    "weather cache store on the Postgres server",
    (it) => weatherCacheStoreContract(it)
  )
})
