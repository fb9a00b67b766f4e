import { Config, Option, type Redacted } from "effect"

const positiveInt = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: "Expected a positive integer", validation: (n) => n > 0 }),
    Config.withDefault(fallback)
  )

const nonNegativeInt = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: "Expected an integer of 0 or more", validation: (n) => n >= 0 }),
    Config.withDefault(fallback)
  )

const httpUrl = (name: string) =>
  Config.url(name).pipe(
    Config.validate({
      message: "Expected an absolute http(s) URL",
      validation: (u) => u.protocol === "http:" || u.protocol === "https:"
    }),
    Config.map((u) => u.toString().replace(/\/+$/, ""))
  )

const optionalRedacted = (name: string) => Config.option(Config.redacted(name))

/** Storage, as `SPOTCAST_STORAGE` and `DATABASE_URL` choose it. */
export type StorageChoice =
  | { readonly _tag: "memory" }
  | { readonly _tag: "embedded"; readonly dataDir: string }
  | { readonly _tag: "server"; readonly url: Redacted.Redacted<string>; readonly poolSize: number }

const storage = Config.all({
  kind: Config.literal("postgres", "memory")("SPOTCAST_STORAGE").pipe(Config.withDefault("postgres" as const)),
  url: optionalRedacted("DATABASE_URL"),
  dataDir: Config.nonEmptyString("SPOTCAST_DATA_DIR").pipe(Config.withDefault("./.spotcast")),
  poolSize: positiveInt("SPOTCAST_DATABASE_POOL_SIZE", 10)
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

/**
 * The service's configuration, from the environment. Each variable is checked at start-up; a bad
 * value stops the process with a message naming it.
 */
export const AppConfig = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(8080)),
  host: Config.nonEmptyString("HOST").pipe(Config.withDefault("0.0.0.0")),
  publicBaseUrl: Config.option(httpUrl("PUBLIC_BASE_URL")),
  storage,
  bootstrapKey: optionalRedacted("SPOTCAST_BOOTSTRAP_KEY"),
  bootstrapCredits: Config.option(Config.integer("SPOTCAST_BOOTSTRAP_CREDITS").pipe(
    Config.validate({ message: "Expected an integer of 0 or more", validation: (n) => n >= 0 })
  )),
  adminToken: Config.option(Config.redacted(Config.string("SPOTCAST_ADMIN_TOKEN").pipe(
    Config.validate({ message: "Expected at least 16 characters", validation: (s) => s.length >= 16 })
  ))),
  purchaseUrl: Config.option(httpUrl("SPOTCAST_PURCHASE_URL")),
  trustProxy: Config.boolean("SPOTCAST_TRUST_PROXY").pipe(Config.withDefault(false)),
  rateLimitPerMinute: positiveInt("SPOTCAST_RATE_LIMIT_PER_MINUTE", 60),
  cursorSecret: optionalRedacted("SPOTCAST_CURSOR_SECRET"),
  forecastHorizonDays: positiveInt("SPOTCAST_FORECAST_HORIZON_DAYS", 16),
  workerConcurrency: positiveInt("SPOTCAST_WORKER_CONCURRENCY", 4),
  workerPollMs: positiveInt("SPOTCAST_WORKER_POLL_MS", 200),
  jobLeaseMs: positiveInt("SPOTCAST_JOB_LEASE_MS", 30_000),
  shutdownGraceMs: nonNegativeInt("SPOTCAST_SHUTDOWN_GRACE_MS", 10_000),
  weatherProvider: Config.literal("auto", "simulated")("SPOTCAST_WEATHER_PROVIDER").pipe(
    Config.withDefault("auto" as const)
  )
})
export type AppConfig = Config.Config.Success<typeof AppConfig>
