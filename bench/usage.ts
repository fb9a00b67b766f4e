/**
 * Usage analytics figures.
 * 1. The request path's cost: `RequestCounter.count` (what the request gate adds per request) against
 *    an anchor measured in the same run, a bare `Map` increment per request.
 * 2. A report's cost on a Postgres server as the account's history grows: `GET /v3/usage` by day over
 *    366 days and by hour over 31 days, through the UsageStore adapter and the domain's aggregation,
 *    against anchors in the same run (the balance read, and the first page of SpotCasts). Another
 *    account holds ten times as many rows, to show a report reads only its own account's.
 * Makes a database `spotcast_bench_<random>` on TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it after.
 * Run: `npx vite-node bench/usage.ts` (optionally `-- <forecasts per year of the account>`, default 100000).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Either } from "effect"
import { id, medianMillis, scratchDatabase } from "./ScratchDatabase.js"
import * as PostgresStorage from "../src/adapters/postgres/PostgresStorage.js"
import * as RequestCounter from "../src/application/usage/RequestCounter.js"
import { AccountId } from "../src/domain/Ids.js"
import { aggregate } from "../src/domain/usage/UsageCounters.js"
import { periodMillis, resolveRange } from "../src/domain/usage/UsageRange.js"
import { AccountStore } from "../src/ports/AccountStore.js"
import { SpotCastStore } from "../src/ports/SpotCastStore.js"
import { UsageStore } from "../src/ports/UsageStore.js"

const perYear = Number(process.argv[2] ?? 100_000)
const REPEATS = 30
const NOW = Date.UTC(2026, 11, 31, 12)

const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) => medianMillis(effect, REPEATS)

/** The request path: ns per request of the counter against a bare Map increment. */
const requestPath = Effect.gen(function*() {
  const N = 5_000_000
  const accounts = Array.from({ length: 200 }, (_, i) => AccountId.make(id("acct", i)))
  const counter = yield* RequestCounter.make({ addRequests: () => Effect.void, tallies: () => Effect.succeed([]) })
  const anchor = new Map<string, number>()
  const run = (label: string, one: (i: number) => void) => {
    for (let i = 0; i < N / 10; i++) one(i) // warm up
    const start = process.hrtime.bigint()
    for (let i = 0; i < N; i++) one(i)
    const ns = Number(process.hrtime.bigint() - start) / N
    return { label, ns }
  }
  const base = run("anchor: Map increment", (i) => {
    const k = accounts[i % 200]!
    anchor.set(k, (anchor.get(k) ?? 0) + 1)
  })
  const counted = run("RequestCounter.count", (i) => counter.count(accounts[i % 200]!, NOW + i, i % 50 === 0))
  console.log("request path, ns per request (median of one run of 5M):")
  for (const r of [base, counted]) console.log(`  ${r.label.padEnd(24)} ${r.ns.toFixed(1)} ns  (${(r.ns / base.ns).toFixed(2)}× the anchor)`)
})

/** Seeds `n` forecasts over 2026 for the account: charges, completions, every 10th failed and refunded, every hour's requests. */
const seed = (accountId: string, from: number, n: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const step = Math.floor(31_536_000_000 / n)
    const at = (g: string) => `(timestamptz '2026-01-01' + (${g})::bigint * ${step} * interval '1 millisecond')`
    yield* sql.unsafe(`INSERT INTO accounts (account_id, name, status, mode, created_at, webhook_secret)
      VALUES ('${accountId}', 'bench', 'active', 'live', now(), 'whsec_x')`)
    yield* sql.unsafe(`
      INSERT INTO spotcasts (account_id, spotcast_id, created_at, latitude, longitude, start_at, num_days, language,
        distance_units, speed_units, height_units, temperature_units, forecast_count, latest_forecast_id)
      SELECT '${accountId}', 'spc_' || lpad(g::text, 22, '0'), ${at("g - " + (from + 1))},
        0, 0, now(), 2, 'en', 'nm', 'kts', 'm', 'c', 1, 'fcst_' || lpad(g::text, 22, '0')
      FROM generate_series(${from + 1}, ${from + n}) g`)
    yield* sql.unsafe(`
      INSERT INTO forecasts (account_id, forecast_id, spotcast_id, created_at, status, stage, percentage, completed_at, failed_at)
      SELECT '${accountId}', 'fcst_' || lpad(g::text, 22, '0'), 'spc_' || lpad(g::text, 22, '0'), ${at("g - " + (from + 1))},
        CASE WHEN g % 10 = 0 THEN 'failed' ELSE 'completed' END, 'completed', 100,
        CASE WHEN g % 10 = 0 THEN NULL ELSE ${at("g - " + (from + 1))} + interval '8 seconds' END,
        CASE WHEN g % 10 = 0 THEN ${at("g - " + (from + 1))} + interval '8 seconds' END
      FROM generate_series(${from + 1}, ${from + n}) g`)
    yield* sql.unsafe(`
      INSERT INTO ledger_entries (account_id, entry_id, kind, amount, forecast_id, created_at)
      SELECT '${accountId}', 'led_c' || lpad(g::text, 21, '0'), 'charge', 2, 'fcst_' || lpad(g::text, 22, '0'), ${at("g - " + (from + 1))}
      FROM generate_series(${from + 1}, ${from + n}) g`)
    yield* sql.unsafe(`
      INSERT INTO ledger_entries (account_id, entry_id, kind, amount, forecast_id, refund_of, created_at)
      SELECT '${accountId}', 'led_r' || lpad(g::text, 21, '0'), 'refund', 2, 'fcst_' || lpad(g::text, 22, '0'),
        'led_c' || lpad(g::text, 21, '0'), ${at("g - " + (from + 1))} + interval '8 seconds'
      FROM generate_series(${from + 1}, ${from + n}) g WHERE g % 10 = 0`)
    yield* sql.unsafe(`
      INSERT INTO usage_requests (account_id, hour, requests, rate_limited)
      SELECT '${accountId}', timestamptz '2026-01-01' + h * interval '1 hour', 40, 1 FROM generate_series(0, 8759) h`)
    for (const table of ["forecasts", "ledger_entries", "usage_requests", "webhook_deliveries"]) yield* sql.unsafe(`ANALYZE ${table}`)
  })

const reports = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const store = yield* UsageStore
  const accounts = yield* AccountStore
  const spotcasts = yield* SpotCastStore
  const mine = AccountId.make(id("acct", 1))
  const other = AccountId.make(id("acct", 2))
  yield* seed(mine, 0, perYear)
  yield* seed(other, perYear, perYear * 10)
  const report = (from: string, to: string, granularity: "day" | "hour") =>
    Effect.gen(function*() {
      const range = Either.getOrThrow(resolveRange({ from, to, granularity }, NOW))
      return aggregate(range, yield* store.tallies(mine, range.startMillis, range.endMillis, periodMillis(granularity)))
    })
  const year = yield* report("2026-01-01", "2026-12-31", "day")
  if (year.totals.forecastsCreated !== perYear) throw new Error(`seeded ${perYear}, reported ${year.totals.forecastsCreated}`)
  const anchorBalance = yield* timed(accounts.balance(mine))
  const anchorPage = yield* timed(spotcasts.list(mine, { limit: 21 }))
  const byDay = yield* timed(report("2026-01-01", "2026-12-31", "day"))
  const byHour = yield* timed(report("2026-12-01", "2026-12-31", "hour"))
  const week = yield* timed(report("2026-12-25", "2026-12-31", "day"))
  console.log(`\nusage report on the Postgres server, account with ${perYear} forecasts in 2026 (another with ${perYear * 10}), median of ${REPEATS}:`)
  const rows: Array<[string, number]> = [
    ["anchor: balance read", anchorBalance],
    ["anchor: first page of SpotCasts", anchorPage],
    ["366 days by day", byDay],
    ["31 days by hour", byHour],
    ["7 days by day", week]
  ]
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(32)} ${ms.toFixed(2)} ms  (${(ms / anchorBalance).toFixed(1)}× the balance read)`)
  const plan = yield* sql.unsafe<{ "QUERY PLAN": string }>(
    `EXPLAIN SELECT count(*) FROM forecasts WHERE account_id = '${mine}' AND completed_at >= '2026-12-01' AND completed_at < '2027-01-01'`
  )
  console.log(`  plan of the completed-forecasts part: ${plan.map((r) => r["QUERY PLAN"].trim()).join(" | ").slice(0, 160)}`)
})

const main = Effect.gen(function*() {
  yield* requestPath
  const { url } = yield* scratchDatabase
  yield* reports.pipe(Effect.provide(PostgresStorage.layerUrl(url, { maxConnections: 2 })))
})

Effect.runPromise(Effect.scoped(main)).catch((e) => {
  console.error(e)
  process.exitCode = 1
})
