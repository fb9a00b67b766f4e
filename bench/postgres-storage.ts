/**
 * Postgres storage figures: the cost of a keyset page (through the adapter) as the account grows, and
 * create throughput. Makes a database `spotcast_bench_<random>` on TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it after.
 * Run: `npx vite-node bench/postgres-storage.ts` (optionally `-- 1000000` rows for the largest size).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { DateTime, Effect, Layer, Redacted } from "effect"
import { id, medianMillis, scratchDatabase } from "./ScratchDatabase.js"
import * as PostgresStorage from "../src/adapters/postgres/PostgresStorage.js"
import { spotcastPageQuery } from "../src/adapters/postgres/SpotCastReads.js"
import { initialLifecycle } from "../src/domain/forecast/ForecastLifecycle.js"
import { AccountId, ForecastId, LedgerEntryId, SpotCastId } from "../src/domain/Ids.js"
import { grantEntry } from "../src/domain/billing/Ledger.js"
import { AccountStore } from "../src/ports/AccountStore.js"
import { SpotCastStore } from "../src/ports/SpotCastStore.js"
import { chargeNewSpotCast } from "../src/application/spotcast/CreateSpotCast.js"

const largest = Number(process.argv[2] ?? 1_000_000)
const sizes = [10_000, 100_000, largest].filter((n, i, all) => n <= largest && all.indexOf(n) === i)
const PAGE = 21
const REPEATS = 200

const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.map(medianMillis(effect, REPEATS), (ms) => ms.toFixed(3))

/** Adds SpotCasts (each with its newest forecast) to the account until it has `total`, in one statement each. */
const grow = (accountId: string, from: number, total: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(`
      INSERT INTO spotcasts (account_id, spotcast_id, created_at, latitude, longitude, start_at, num_days, language,
        distance_units, speed_units, height_units, temperature_units, forecast_count, latest_forecast_id)
      SELECT '${accountId}', 'spc_' || lpad(g::text, 22, '0'), timestamptz '2026-01-01' + g * interval '1 second',
        0, 0, now(), 1, 'en', 'nm', 'kts', 'm', 'c', 1, 'fcst_' || lpad(g::text, 22, '0')
      FROM generate_series(${from + 1}, ${total}) g`)
    yield* sql.unsafe(`
      INSERT INTO forecasts (account_id, forecast_id, spotcast_id, created_at, status, stage, percentage)
      SELECT '${accountId}', 'fcst_' || lpad(g::text, 22, '0'), 'spc_' || lpad(g::text, 22, '0'),
        timestamptz '2026-01-01' + g * interval '1 second', 'completed', 'completed', 100
      FROM generate_series(${from + 1}, ${total}) g`)
    yield* sql.unsafe(`ANALYZE spotcasts`)
    yield* sql.unsafe(`ANALYZE forecasts`)
  })

const pages = Effect.gen(function*() {
  const accounts = yield* AccountStore
  const store = yield* SpotCastStore
  const sql = yield* SqlClient.SqlClient
  const now = yield* DateTime.now
  const accountId = AccountId.make(id("acct", 1))
  yield* accounts.create({
    account: { id: accountId, name: "bench", status: "active", mode: "live", createdAt: now, webhookSecret: Redacted.make("whsec_x") }
  })
  console.log(`keyset page of ${PAGE - 1} (+1) through SpotCastStore.list, median of ${REPEATS}:`)
  console.log("rows in account | first page ms | middle page ms | last page ms | buffers (middle page query)")
  let have = 0
  for (const size of sizes) {
    yield* grow(accountId, have, size)
    have = size
    const at = (n: number) => ({ createdAtMillis: Date.UTC(2026, 0, 1) + n * 1000, id: id("spc", n) })
    const first = yield* timed(store.list(accountId, { limit: PAGE }))
    const middle = yield* timed(store.list(accountId, { limit: PAGE, after: at(Math.floor(size / 2)) }))
    const last = yield* timed(store.list(accountId, { limit: PAGE, after: at(PAGE + 1) }))
    const [text, params] = spotcastPageQuery(sql, {
      accountId,
      limit: PAGE,
      after: { createdAt: new Date(at(Math.floor(size / 2)).createdAtMillis), id: at(Math.floor(size / 2)).id }
    }).compile()
    const plan = yield* sql.unsafe<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)
    const buffers = plan.map((r) => r["QUERY PLAN"]).find((l) => l.includes("Buffers"))?.trim() ?? "?"
    console.log(`${String(size).padStart(15)} | ${first.padStart(13)} | ${middle.padStart(14)} | ${last.padStart(12)} | ${buffers}`)
  }
})

let run = 0

/** `count` creates spread over `spread` accounts, `concurrency` at a time (one account's creates serialize on its row). */
const creates = (concurrency: number, count: number, spread: number) =>
  Effect.gen(function*() {
    const accounts = yield* AccountStore
    const store = yield* SpotCastStore
    const now = yield* DateTime.now
    run += 1
    const ids = Array.from({ length: spread }, (_, a) => AccountId.make(id("acct", 1000 * run + a)))
    for (const accountId of ids) {
      yield* accounts.create({
        account: { id: accountId, name: "bench", status: "active", mode: "live", createdAt: now, webhookSecret: Redacted.make("whsec_x") },
        grant: grantEntry(accountId, { entryId: LedgerEntryId.make(id("led", 9_000_000 + 1000 * run + ids.indexOf(accountId))), amount: count * 2, at: now })
      })
    }
    const start = performance.now()
    yield* Effect.forEach(Array.from({ length: count }, (_, i) => i), (i) => {
      const accountId = ids[i % spread]!
      const n = 10_000_000 + run * 100_000 + i
      const spotcast = {
        id: SpotCastId.make(id("spc", n)),
        accountId,
        createdAt: now,
        coordinates: { latitude: 1, longitude: 2 },
        start: now,
        numDays: 1,
        preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }
      } as const
      return chargeNewSpotCast({
        spotcast,
        forecast: { id: ForecastId.make(id("fcst", n)), spotcastId: spotcast.id, accountId, createdAt: now, ...initialLifecycle },
        price: 2,
        chargeId: LedgerEntryId.make(id("led", n)),
        estimatedCompletionSeconds: 10
      })
    }, { concurrency, discard: true })
    const seconds = (performance.now() - start) / 1000
    console.log(`${count} creates on ${spread} account(s), ${concurrency} at a time: ${(count / seconds).toFixed(0)} creates/s`)
  })

const program = Effect.gen(function*() {
  const { url } = yield* scratchDatabase
  yield* Effect.gen(function*() {
    yield* pages
    yield* creates(1, 500, 1)
    yield* creates(20, 2000, 1)
    yield* creates(20, 2000, 20)
  }).pipe(Effect.provide(Layer.fresh(PostgresStorage.layerUrl(url, { maxConnections: 20 }))))
})

Effect.runPromise(Effect.scoped(program)).catch((e) => {
  console.error(e)
  process.exit(1)
})
