import { HttpClient, HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import * as HttpServerLive from "../../../src/adapters/http/HttpServerLive.js"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { seedAccount } from "../../support/Accounts.js"
import * as TestSettings from "../../support/TestSettings.js"
import { ledgerOf, sampleBalance } from "./Ledger.js"
import { describeServer, serverStorage } from "./TestDatabase.js"

const Core = Layer.mergeAll(
  serverStorage({ maxConnections: 10 }),
  CryptoIds.layer,
  NodeCrypto.layer,
  TestSettings.layer({ rateLimitPerMinute: 1_000_000 }),
  NaturalEarthGeography.layer
)
const Server = HttpServerLive.layerTest({ adminToken: Option.none() }).pipe(Layer.provideMerge(Core))

await describeServer("concurrent creates through the HTTP API on the Postgres server", () => {
  layer(Server, { excludeTestServices: true, timeout: "120 seconds" })((it) => {
    it.effect("1,000 concurrent POST /v3/spotcast against credits for exactly 100: 100 are 202, 900 are 402", () =>
      Effect.gen(function*() {
        const { account, key } = yield* seedAccount(200)
        const client = yield* HttpClient.HttpClient
        const body = { latitude: 41.13, longitude: -71.71, start_date: new Date().toISOString().slice(0, 10), num_days: 1 }
        const post = client.execute(
          HttpClientRequest.post("/v3/spotcast").pipe(
            HttpClientRequest.bearerToken(key.secret),
            HttpClientRequest.bodyUnsafeJson(body)
          )
        ).pipe(Effect.flatMap((r) => Effect.map(r.json, (json) => ({ status: r.status, json: json as any }))))
        const { result, seen } = yield* sampleBalance(
          account.id,
          Effect.forEach(Array.from({ length: 1000 }), () => post, { concurrency: "unbounded" })
        )
        const statuses: Record<number, number> = {}
        for (const r of result) statuses[r.status] = (statuses[r.status] ?? 0) + 1
        assert.deepStrictEqual(statuses, { 202: 100, 402: 900 })
        const refused = result.find((r) => r.status === 402)!.json
        assert.strictEqual(refused.error.code, "insufficient_balance")
        assert.deepInclude(yield* ledgerOf(account.id), {
          balance: 0, purchased: 200, used: 200, granted: 200, charged: 200, refunded: 0, charges: 100
        })
        assert.isAbove(new Set(seen).size, 3, `sampled while the race ran (${seen.length} samples)`)
        assert.isAtLeast(Math.min(...seen), 0)
        const remaining = result.filter((r) => r.status === 202).map((r) => r.json.credits_remaining as number)
        assert.deepStrictEqual([...remaining].sort((a, b) => a - b), Array.from({ length: 100 }, (_, i) => i * 2))
      }), 120_000)
  })
})
