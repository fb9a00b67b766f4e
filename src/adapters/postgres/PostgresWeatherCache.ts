import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { spanned } from "../../ports/Spans.js"
import { type CacheLook, WeatherCacheStore } from "../../ports/WeatherCacheStore.js"

/** A failure stays this long after its claim ended, for the waiters polling it to read. */
const FAILURE_KEEP_MILLIS = 60_000

interface Row {
  readonly value: string | null
  readonly expires_at: string
  readonly lease_until: string
  readonly failure: string | null
  readonly failed_at: string
}

/** What a row says to a caller who did not get the claim (or had none to take). */
const seen = (row: Row | undefined, now: number, since: number): CacheLook => {
  if (row !== undefined && row.value !== null && Number(row.expires_at) > now) return { _tag: "Hit", value: row.value }
  if (row !== undefined && row.failure !== null && Number(row.failed_at) > since) return { _tag: "Failed", reason: row.failure }
  return { _tag: "InFlight" }
}

/**
 * The weather cache table. A look is one read when the answer is fresh; otherwise one conditional
 * upsert takes the claim (the row lock makes exactly one of several concurrent claimants win), and a
 * loser reads the row again to learn whether it was beaten by an answer, a failure or a live claim.
 */
export const layer = Layer.effect(
  WeatherCacheStore,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const read = (key: string) =>
      Effect.map(
        sql<Row>`SELECT value, expires_at, lease_until, failure, failed_at FROM weather_cache WHERE key = ${key}`,
        (rows) => rows[0]
      )
    const lookSpan = spanned("PostgresWeatherCache.look")
    return {
      look: ({ key, leaseUntilMillis, nowMillis, owner, waitingSinceMillis }) =>
        Effect.gen(function*() {
          const row = yield* read(key)
          const found = seen(row, nowMillis, waitingSinceMillis)
          if (found._tag !== "InFlight") return found
          if (row !== undefined && Number(row.lease_until) > nowMillis) return found
          const claimed = yield* sql`
            INSERT INTO weather_cache (key, owner, lease_until) VALUES (${key}, ${owner}, ${leaseUntilMillis})
            ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until
            WHERE weather_cache.lease_until <= ${nowMillis}
              AND NOT (weather_cache.value IS NOT NULL AND weather_cache.expires_at > ${nowMillis})
              AND NOT (weather_cache.failure IS NOT NULL AND weather_cache.failed_at > ${waitingSinceMillis})
            RETURNING key`
          if (claimed.length === 1) return { _tag: "Claimed" } as const
          return seen(yield* read(key), nowMillis, waitingSinceMillis)
        }).pipe(Effect.orDie, lookSpan),
      renew: (key, owner, leaseUntilMillis) =>
        Effect.map(
          sql`UPDATE weather_cache SET lease_until = ${leaseUntilMillis} WHERE key = ${key} AND owner = ${owner} RETURNING key`,
          (rows) => rows.length === 1
        ).pipe(Effect.orDie),
      // An answer is worth keeping even when the claim was lost meanwhile; only the owner's claim ends.
      fill: (key, owner, value, expiresAtMillis) =>
        sql`
          INSERT INTO weather_cache (key, value, expires_at) VALUES (${key}, ${value}, ${expiresAtMillis})
          ON CONFLICT (key) DO UPDATE SET
            value = EXCLUDED.value,
            expires_at = EXCLUDED.expires_at,
            owner = CASE WHEN weather_cache.owner = ${owner} THEN NULL ELSE weather_cache.owner END,
            lease_until = CASE WHEN weather_cache.owner = ${owner} THEN 0 ELSE weather_cache.lease_until END`.pipe(
          Effect.asVoid,
          Effect.orDie
        ),
      fail: (key, owner, reason, nowMillis) =>
        sql`
          UPDATE weather_cache SET failure = ${reason}, failed_at = ${nowMillis}, owner = NULL, lease_until = 0
          WHERE key = ${key} AND owner = ${owner}`.pipe(Effect.asVoid, Effect.orDie),
      sweep: (nowMillis) =>
        Effect.map(
          sql`
            DELETE FROM weather_cache
            WHERE expires_at <= ${nowMillis} AND lease_until <= ${nowMillis} AND failed_at <= ${nowMillis - FAILURE_KEEP_MILLIS}
            RETURNING key`,
          (rows) => rows.length
        ).pipe(Effect.orDie)
    }
  })
)
