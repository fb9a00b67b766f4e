import { Config, Option, type Redacted } from "effect"
import { DEFAULT_DATA_DIR, DEFAULT_POOL_SIZE } from "../../adapters/postgres/StorageDefaults.js"
import { positiveInt } from "./Env.js"

/** Storage, as `SPOTCAST_STORAGE` and `DATABASE_URL` choose it. */
export type StorageChoice =
  | { readonly _tag: "memory" }
  | { readonly _tag: "embedded"; readonly dataDir: string }
  | { readonly _tag: "server"; readonly url: Redacted.Redacted<string>; readonly poolSize: number }

/** `SPOTCAST_STORAGE`, `DATABASE_URL`, `SPOTCAST_DATA_DIR` and `SPOTCAST_DATABASE_POOL_SIZE`. */
export const StorageConfig: Config.Config<StorageChoice> = Config.all({
  kind: Config.literal("postgres", "memory")("SPOTCAST_STORAGE").pipe(Config.withDefault("postgres" as const)),
  url: Config.option(Config.redacted("DATABASE_URL")),
  dataDir: Config.nonEmptyString("SPOTCAST_DATA_DIR").pipe(Config.withDefault(DEFAULT_DATA_DIR)),
  poolSize: positiveInt("SPOTCAST_DATABASE_POOL_SIZE").pipe(Config.withDefault(DEFAULT_POOL_SIZE))
}).pipe(
  Config.map(({ dataDir, kind, poolSize, url }): StorageChoice =>
    kind === "memory"
      ? { _tag: "memory" }
      : Option.match(url, {
        onNone: () => ({ _tag: "embedded", dataDir }),
        onSome: (url) => ({ _tag: "server", url, poolSize })
      })
  )
)
