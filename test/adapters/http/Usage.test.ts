import { assert, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import { CSV_COLUMNS } from "../../../src/adapters/http/contract/UsageResources.js"
import type { AccountId } from "../../../src/domain/Ids.js"
import { account, awaitFinished, createSpotCast, get, postJson, today } from "./support/Fixtures.js"
import { NO_WEATHER_LATITUDE } from "./support/TestDoubles.js"
import * as TestServer from "./support/TestServer.js"

const DAY = 86_400_000
const dateBefore = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10)
const usage = (key: string, query = "") => get(`/v3/usage${query}`, key)
const adminUsage = (accountId: string, query = "") => get(`/admin/v1/accounts/${accountId}/usage${query}`, TestServer.ADMIN_TOKEN)
const balance = (key: string) => Effect.map(get("/v3/account/balance", key), (r) => r.json)

const createWidget = (key: string, numDays: number) =>
  Effect.flatMap(
    postJson("/v3/spotcast/widgets", { name: "Harbour", latitude: 41.13, longitude: -71.71, num_days: numDays, display_type: "mini" }, key),
    (r) => r.status === 201 ? Effect.succeed(r.json) : Effect.dieMessage(`widget create answered ${r.status}: ${r.text}`)
  )

/** Waits until every forecast of the account has finished (the workers run beside the test). */
const settled = (accountId: string) =>
  Effect.flatMap(MemoryDatabase, (db) =>
    Effect.suspend(() =>
      [...db.forecasts.values()].some((f) => f.accountId === accountId && f.status === "processing")
        ? Effect.fail("busy")
        : Effect.void
    ).pipe(Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }), Effect.orDie))

const zeroCounters = {
  credits_charged: 0,
  credits_refunded: 0,
  credits_used: 0,
  forecasts_created: 0,
  forecasts_completed: 0,
  forecasts_failed: 0,
  requests: 0,
  rate_limited_requests: 0,
  webhook_deliveries_succeeded: 0,
  webhook_deliveries_failed: 0,
  by_product: {
    spotcast: { credits_charged: 0, credits_refunded: 0, credits_used: 0 },
    widget: { credits_charged: 0, credits_refunded: 0, credits_used: 0 },
    route: { credits_charged: 0, credits_refunded: 0, credits_used: 0 }
  }
}

layer(TestServer.layer(), { excludeTestServices: true })("usage analytics over HTTP", (it) => {
  it.effect("GET /v3/usage: the last 30 days by day, zero-filled, with credits by product equal to the balance's change; free", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(50)
      const first = yield* createSpotCast(key, { num_days: 3 })
      yield* createSpotCast(key, { num_days: 2, latitude: NO_WEATHER_LATITUDE })
      yield* createWidget(key, 4)
      yield* awaitFinished(first.id, key)
      yield* settled(acct.id)
      yield* postJson(`/v3/spotcast/${first.id}/refresh`, {}, key)
      yield* settled(acct.id)
      const before = yield* balance(key)

      const r = yield* usage(key)
      assert.strictEqual(r.status, 200, r.text)
      assert.include(r.headers["content-type"], "application/json")
      const u = r.json
      assert.deepStrictEqual(Object.keys(u), ["from", "to", "granularity", "totals", "data"])
      assert.deepInclude(u, { from: dateBefore(29), to: today(), granularity: "day" })
      assert.strictEqual(u.data.length, 30)
      assert.deepStrictEqual(u.data.map((p: any) => p.period), Array.from({ length: 30 }, (_, i) => dateBefore(29 - i)))
      for (const p of u.data.slice(0, -1)) assert.deepStrictEqual({ ...p, period: undefined }, { ...zeroCounters, period: undefined })
      assert.deepStrictEqual({ ...u.data[29], period: undefined }, { ...u.totals, period: undefined })

      const t = u.totals
      assert.deepInclude(t, {
        credits_charged: 3 + 2 + 4 + 3,
        credits_refunded: 2,
        credits_used: 10,
        forecasts_created: 4,
        forecasts_completed: 3,
        forecasts_failed: 1
      })
      assert.strictEqual(t.credits_used, before.total_credits_used, "credits_used is the change of total_credits_used")
      assert.deepStrictEqual(t.by_product, {
        spotcast: { credits_charged: 8, credits_refunded: 2, credits_used: 6 },
        widget: { credits_charged: 4, credits_refunded: 0, credits_used: 4 },
        route: { credits_charged: 0, credits_refunded: 0, credits_used: 0 }
      })
      assert.isAbove(t.requests, 5)
      assert.strictEqual(t.rate_limited_requests, 0)
      assert.deepStrictEqual(yield* balance(key), { ...before }, "reading usage costs nothing")
    }))

  it.effect("requests: every request with the account's keys is counted, the report's own included; other accounts' are not", () =>
    Effect.gen(function*() {
      const a = yield* account(5)
      const b = yield* account(5)
      const first = (yield* usage(a.key)).json.totals.requests
      assert.strictEqual(first, 1, "a new account's first request is its usage report")
      for (let i = 0; i < 7; i++) yield* get("/v3/account/balance", a.key)
      yield* get("/v3/spotcast/spc_missing", a.key) // a 404 is a request too
      yield* get("/v3/account/balance", b.key)
      const second = (yield* usage(a.key)).json.totals
      assert.strictEqual(second.requests, 1 + 8 + 1)
      const other = (yield* usage(b.key)).json.totals
      assert.deepStrictEqual(other, { ...zeroCounters, requests: 2 }, "b sees only its own two requests, and none of a's activity")
      // Requests without a valid key belong to no account.
      yield* get("/v3/account/balance", "sk_test_0000000000000000000000000000wrong")
      yield* get("/v3/account/balance")
      assert.strictEqual((yield* adminUsage(a.account.id)).json.totals.requests, 10, "the operator's reads are not the account's requests")
    }))

  it.effect("rate-limited requests are counted as requests and as rate_limited_requests", () =>
    Effect.gen(function*() {
      const a = yield* account(5)
      const db = yield* MemoryDatabase
      const id = a.account.id as AccountId
      // Start early in a minute so that all five fall in one window.
      const left = 60_000 - (Date.now() % 60_000)
      if (left < 5_000) yield* Effect.sleep(left + 50)
      db.accounts.set(id, { ...db.accounts.get(id)!, rateLimitPerMinute: 3 })
      const statuses = []
      for (let i = 0; i < 5; i++) statuses.push((yield* get("/v3/account/balance", a.key)).status)
      assert.deepStrictEqual(statuses, [200, 200, 200, 429, 429])
      db.accounts.set(id, { ...db.accounts.get(id)!, rateLimitPerMinute: 1000 })
      const t = (yield* usage(a.key)).json.totals
      assert.deepInclude(t, { requests: 6, rate_limited_requests: 2 })
    }))

  it.effect("by hour: 24 periods a day named by their hour, summing to the day", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(10)
      yield* createSpotCast(key, { num_days: 2 })
      yield* settled(acct.id)
      const hourly = (yield* usage(key, `?from=${today()}&to=${today()}&granularity=hour`)).json
      assert.deepInclude(hourly, { from: today(), to: today(), granularity: "hour" })
      assert.strictEqual(hourly.data.length, 24)
      assert.strictEqual(hourly.data[0].period, `${today()}T00:00:00Z`)
      assert.strictEqual(hourly.data[23].period, `${today()}T23:00:00Z`)
      const hour = new Date().toISOString().slice(0, 13)
      const now = hourly.data.find((p: any) => p.period.startsWith(hour))
      assert.strictEqual(now.credits_charged, 2)
      assert.strictEqual(hourly.data.reduce((s: number, p: any) => s + p.credits_charged, 0), hourly.totals.credits_charged)
      const daily = (yield* usage(key, `?from=${today()}&to=${today()}`)).json
      assert.deepStrictEqual({ ...daily.totals, requests: 0 }, { ...hourly.totals, requests: 0 })
      assert.strictEqual(daily.totals.requests, hourly.totals.requests + 1)
    }))

  it.effect("a bad range is 400 invalid_date_range, a bad date invalid_date_format, a bad granularity invalid_request", () =>
    Effect.gen(function*() {
      const { key } = yield* account(5)
      const cases: ReadonlyArray<readonly [string, string, string | undefined]> = [
        ["?from=2026-03-02&to=2026-03-01", "invalid_date_range", "from"],
        ["?from=2025-01-01&to=2026-01-02", "invalid_date_range", "from"],
        ["?from=2026-01-01&to=2026-02-01&granularity=hour", "invalid_date_range", "from"],
        ["?from=2026-02-30", "invalid_date_format", "from"],
        ["?to=tomorrow", "invalid_date_format", "to"],
        ["?granularity=week", "invalid_request", "granularity"]
      ]
      for (const [query, code, param] of cases) {
        for (const path of ["/v3/usage", "/v3/usage/export"]) {
          const r = yield* get(`${path}${query}`, key)
          assert.strictEqual(r.status, 400, `${path}${query}`)
          assert.strictEqual(r.json.error.code, code, `${path}${query}`)
          assert.strictEqual(r.json.error.param, param, `${path}${query}`)
        }
      }
      const ok = yield* usage(key, "?from=2025-01-01&to=2025-12-31")
      assert.strictEqual(ok.status, 200)
      assert.strictEqual(ok.json.data.length, 365)
      assert.strictEqual((yield* get("/v3/usage")).json.error.code, "missing_api_key")
    }))

  it.effect("GET /v3/usage/export: the same periods as the JSON, as CSV", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(20)
      yield* createSpotCast(key, { num_days: 3 })
      yield* createWidget(key, 2)
      yield* settled(acct.id)
      const query = `?from=${dateBefore(2)}&to=${today()}&granularity=hour`
      const csv = yield* get(`/v3/usage/export${query}`, key)
      assert.strictEqual(csv.status, 200)
      assert.include(csv.headers["content-type"], "text/csv")
      assert.strictEqual(csv.headers["content-disposition"], `attachment; filename="usage-${dateBefore(2)}-${today()}-hour.csv"`)
      // The operator's read is not the account's request, so it sees exactly what the export saw.
      const json = (yield* adminUsage(acct.id, query)).json
      const lines = csv.text.split("\r\n")
      assert.strictEqual(lines.at(-1), "", "every line ends with CRLF")
      const [header, ...rows] = lines.slice(0, -1).map((l) => l.split(","))
      assert.deepStrictEqual(header, [...CSV_COLUMNS])
      assert.strictEqual(rows.length, 72)
      const asRow = (p: any) => [
        p.period,
        ...["credits_charged", "credits_refunded", "credits_used", "forecasts_created", "forecasts_completed", "forecasts_failed", "requests", "rate_limited_requests", "webhook_deliveries_succeeded", "webhook_deliveries_failed"].map((c) => String(p[c])),
        ...["spotcast", "widget", "route"].flatMap((product) => ["credits_charged", "credits_refunded", "credits_used"].map((c) => String(p.by_product[product][c])))
      ]
      assert.deepStrictEqual(rows, json.data.map(asRow))
      assert.strictEqual(rows.reduce((s, r) => s + Number(r[header!.indexOf("widget_credits_charged")]), 0), 2)
      assert.strictEqual(rows.reduce((s, r) => s + Number(r[header!.indexOf("requests")]), 0), json.totals.requests)
    }))

  it.effect("the typed client reads usage; the operator's view is 404 account_not_found for an unknown account", () =>
    Effect.gen(function*() {
      const { account: acct, key } = yield* account(5)
      const client = yield* TestServer.client(key)
      const u = yield* client.usage.get({ urlParams: { granularity: "day", from: dateBefore(6) } })
      assert.strictEqual(u.data.length, 7)
      assert.strictEqual(u.totals.requests, 1)
      const admin = yield* TestServer.adminClient()
      const seen = yield* admin.adminUsage.get({ path: { id: acct.id }, urlParams: {} })
      assert.strictEqual(seen.totals.requests, 1)
      const missing = yield* adminUsage("acct_0000000000000000000000")
      assert.strictEqual(missing.status, 404)
      assert.strictEqual(missing.json.error.code, "account_not_found")
    }))
})
