import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Option, Redacted } from "effect"
import * as MemoryInstallationSecrets from "../../src/adapters/memory/MemoryInstallationSecrets.js"
import * as PostgresStorage from "../../src/adapters/postgres/PostgresStorage.js"
import * as CryptoIds from "../../src/adapters/system/CryptoIds.js"
import * as SettingsLive from "../../src/main/SettingsLive.js"
import { InstallationSecrets } from "../../src/ports/InstallationSecrets.js"
import { Settings } from "../../src/ports/Settings.js"
import { freshDatabase, serverReachable } from "../adapters/postgres/TestDatabase.js"

const config = (cursorSecret?: string, previous?: string) => ({
  publicBaseUrl: Option.none(),
  host: "127.0.0.1",
  port: 8080,
  forecastHorizonDays: 16,
  cursorSecret: Option.fromNullable(cursorSecret).pipe(Option.map(Redacted.make)),
  previousCursorSecret: Option.fromNullable(previous).pipe(Option.map(Redacted.make)),
  rateLimitPerMinute: 60
})

const secretOf = Effect.map(Settings, (s) => Redacted.value(s.cursorSecret))

describe("the cursor key", () => {
  it.effect("without SPOTCAST_CURSOR_SECRET: generated once, long and random, and kept in storage", () =>
    Effect.gen(function*() {
      const storage = MemoryInstallationSecrets.make()
      const settings = (c: ReturnType<typeof config>) =>
        SettingsLive.layer(c).pipe(Layer.provide(Layer.succeed(InstallationSecrets, storage)), Layer.provide(CryptoIds.layer))
      const first = yield* Effect.provide(secretOf, settings(config()))
      const again = yield* Effect.provide(secretOf, settings(config()))
      assert.match(first, /^[0-9A-Za-z]{43}$/)
      assert.strictEqual(again, first, "a restart on the same storage keeps it")
      const other = yield* Effect.provide(secretOf, SettingsLive.layer(config()).pipe(
        Layer.provide(MemoryInstallationSecrets.layer),
        Layer.provide(CryptoIds.layer)
      ))
      assert.notStrictEqual(other, first, "another installation has its own")
      const configured = yield* Effect.provide(Settings, settings(config("from-env", "rotated-out")))
      assert.strictEqual(Redacted.value(configured.cursorSecret), "from-env")
      assert.strictEqual(Redacted.value(configured.previousCursorSecret!), "rotated-out")
    }))
})

if (await serverReachable) {
  describe("the cursor key on a Postgres server", () => {
    it.live("processes starting together on one database all get the same generated key, and a restart keeps it", () =>
      Effect.gen(function*() {
        const { url } = yield* freshDatabase
        const process = () =>
          Effect.provide(
            secretOf,
            SettingsLive.layer(config()).pipe(
              Layer.provide(Layer.mergeAll(PostgresStorage.layerUrl(url, { maxConnections: 2 }), CryptoIds.layer))
            )
          )
        const secrets = yield* Effect.all([process(), process(), process()], { concurrency: "unbounded" })
        assert.match(secrets[0]!, /^[0-9A-Za-z]{43}$/)
        assert.deepStrictEqual(secrets, [secrets[0], secrets[0], secrets[0]])
        assert.strictEqual(yield* process(), secrets[0])
      }).pipe(Effect.scoped), 60_000)
  })
}
