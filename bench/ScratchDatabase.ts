/**
 * What the Postgres benches share: a scratch database `spotcast_bench_<random>` on TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), dropped when the scope closes, ids of a fixed
 * form, and the median time of an effect run again and again.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Effect, Redacted } from "effect"
import { randomBytes } from "node:crypto"

export const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const admin = PgClient.make({ url: Redacted.make(adminUrl), maxConnections: 1 }).pipe(Effect.provide(Reactivity.layer))

/** A new database for one bench run, and its URL; dropped (even with connections open) after. */
export const scratchDatabase = Effect.acquireRelease(
  Effect.gen(function*() {
    const name = `spotcast_bench_${randomBytes(4).toString("hex")}`
    yield* Effect.scoped(Effect.flatMap(admin, (sql) => sql.unsafe(`CREATE DATABASE ${name}`)))
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return { name, url: Redacted.make(url.toString()) }
  }),
  ({ name }) => Effect.orDie(Effect.scoped(Effect.flatMap(admin, (sql) => sql.unsafe(`DROP DATABASE ${name} WITH (FORCE)`))))
)

/** `<prefix>_` and `n` padded to the 22 characters of an id. */
export const id = (prefix: string, n: number) => `${prefix}_${String(n).padStart(22, "0")}`

export const median = (xs: Array<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** The median of `repeats` runs of `effect`, in milliseconds. */
export const medianMillis = <A, E, R>(effect: Effect.Effect<A, E, R>, repeats: number) =>
  Effect.gen(function*() {
    const samples: Array<number> = []
    for (let i = 0; i < repeats; i++) {
      const start = performance.now()
      yield* effect
      samples.push(performance.now() - start)
    }
    return median(samples)
  })
