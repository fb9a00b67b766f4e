import { assert, describe, it } from "@effect/vitest"
import { Effect, Either, Redacted } from "effect"
import { StorageConfig } from "../../../src/main/config/Storage.js"
import { fromEnv } from "./FromEnv.js"

describe("StorageConfig", () => {
  it.effect("embedded PGlite in ./.spotcast by default; a server with DATABASE_URL; memory when asked", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* fromEnv(StorageConfig, {}), Either.right({ _tag: "embedded" as const, dataDir: "./.spotcast" }))
      assert.deepStrictEqual(
        yield* fromEnv(StorageConfig, { SPOTCAST_DATA_DIR: "" }),
        Either.right({ _tag: "embedded" as const, dataDir: "./.spotcast" }),
        "an empty directory is no directory"
      )
      assert.deepStrictEqual(
        yield* fromEnv(StorageConfig, { SPOTCAST_DATA_DIR: "/var/lib/spotcast" }),
        Either.right({ _tag: "embedded" as const, dataDir: "/var/lib/spotcast" })
      )
      const server = Either.getOrThrow(yield* fromEnv(StorageConfig, { DATABASE_URL: "postgres://db/spotcast" }))
      assert.strictEqual(server._tag, "server")
      if (server._tag === "server") {
        assert.strictEqual(Redacted.value(server.url), "postgres://db/spotcast")
        assert.strictEqual(server.poolSize, 10)
      }
      assert.deepStrictEqual(
        yield* fromEnv(StorageConfig, { SPOTCAST_STORAGE: "memory", DATABASE_URL: "postgres://db/spotcast" }),
        Either.right({ _tag: "memory" as const })
      )
    }))

  it.effect("bad values are refused", () =>
    Effect.gen(function*() {
      assert.isTrue(Either.isLeft(yield* fromEnv(StorageConfig, { SPOTCAST_STORAGE: "sqlite" })))
      assert.isTrue(Either.isLeft(yield* fromEnv(StorageConfig, { DATABASE_URL: "postgres://db", SPOTCAST_DATABASE_POOL_SIZE: "0" })))
    }))
})
