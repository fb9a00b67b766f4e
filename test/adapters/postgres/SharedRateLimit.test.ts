import { assert, it } from "@effect/vitest"
import { Duration, Effect, Layer, Redacted } from "effect"
import * as PostgresRateWindows from "../../../src/adapters/postgres/PostgresRateWindows.js"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import { RateWindowStore } from "../../../src/ports/RateWindowStore.js"
import { RECENT_KEY_MILLIS } from "../../../src/adapters/postgres/RecentKeys.js"
import { freePort, spawnSpotcast, waitUntil } from "../../support/Spawn.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

const ADMIN_TOKEN = "shared-admin-token-0123456789"
const KEY = `sk_test_${"SharedWindow0123456789abcdefghijk".slice(0, 32)}`
const LIMIT = 10
const REQUESTS = 24

const balance = (port: number) =>
  Effect.promise(async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v3/account/balance`, {
      headers: { authorization: `Bearer ${KEY}` }
    }).catch(() => undefined)
    return response === undefined
      ? { status: 0, remaining: undefined, limit: undefined }
      : {
        status: response.status,
        remaining: response.headers.get("x-ratelimit-remaining"),
        limit: response.headers.get("x-ratelimit-limit")
      }
  })

/** A store on its own pool, as a separate process would have. */
const storeOn = (url: Redacted.Redacted<string>) =>
  Layer.build(PostgresRateWindows.layer.pipe(Layer.provide(PostgresStorage.layerUrl(url, { maxConnections: 4 })))).pipe(
    Effect.map((context) => Effect.provide(RateWindowStore, context)),
    Effect.flatten
  )

/** Two `serve --role api` processes on a fresh database with `env`, both ready. */
const twoApis = (env: Record<string, string>) =>
  Effect.gen(function*() {
    const { url } = yield* freshDatabase
    const ports = [yield* Effect.promise(freePort), yield* Effect.promise(freePort)] as const
    const envOf = (port: number) => ({
      DATABASE_URL: Redacted.value(url),
      SPOTCAST_DATABASE_POOL_SIZE: "2",
      SPOTCAST_SHUTDOWN_GRACE_MS: "0",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env
    })
    const processes = yield* Effect.all(ports.map((port, i) => spawnSpotcast(`api ${i + 1}`, ["serve", "--role", "api"], envOf(port))))
    const ready = (port: number) =>
      Effect.promise(() => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false))
    for (const port of ports) yield* waitUntil(`the API on ${port} is ready`, ready(port), processes)
    return { ports, processes }
  })

/** Longer than the quarter second a process keeps an authenticated key. */
const KEY_CACHE_PASSED = Duration.millis(RECENT_KEY_MILLIS + 150)

await describeServer("rate-limit windows shared on a Postgres server", () => {
  it.live("concurrent increments from two pools count every request once; a later window starts at 1", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const a = yield* storeOn(url)
      const b = yield* storeOn(url)
      const minute = 1_800_000_000_000
      const counts = yield* Effect.forEach(
        Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b)),
        (store) => store.increment("key:k1", minute),
        { concurrency: 8 }
      )
      assert.deepStrictEqual(counts.map((c) => c.count).sort((x, y) => x - y), Array.from({ length: 40 }, (_, i) => i + 1))
      assert.deepStrictEqual(yield* a.increment("key:k1", minute + 60_000), { windowStartMillis: minute + 60_000, count: 1 })
      // A process whose clock lags still counts into the newest window.
      assert.deepStrictEqual(yield* b.increment("key:k1", minute), { windowStartMillis: minute + 60_000, count: 2 })
      assert.deepStrictEqual(yield* b.increment("key:other", minute + 60_000), { windowStartMillis: minute + 60_000, count: 1 })
    })))

  it.live("a burst of one caller's requests, counted in batches, takes every place once, across a minute's turn", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const a = yield* storeOn(url)
      const b = yield* storeOn(url)
      const minute = 1_800_000_000_000
      // 300 at once through two stores (two processes): each store counts its waiting requests together.
      const counts = yield* Effect.forEach(
        Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? b : a)),
        (store) => store.increment("key:burst", minute),
        { concurrency: "unbounded" }
      )
      assert.deepStrictEqual(counts.map((c) => c.windowStartMillis), counts.map(() => minute))
      assert.deepStrictEqual(counts.map((c) => c.count).sort((x, y) => x - y), Array.from({ length: 300 }, (_, i) => i + 1))
      // Requests of two windows waiting together: the earlier window's are counted first, the later one starts again.
      const turn = yield* Effect.forEach(
        Array.from({ length: 20 }, (_, i) => minute + 60_000 * (1 + (i % 2))),
        (windowStart) => Effect.map(a.increment("key:turn", windowStart), (counted) => ({ windowStart, counted })),
        { concurrency: "unbounded" }
      )
      const of = (windowStart: number) =>
        turn.filter((t) => t.windowStart === windowStart).map((t) => t.counted.count).sort((x, y) => x - y)
      assert.deepStrictEqual(of(minute + 60_000), Array.from({ length: 10 }, (_, i) => i + 1))
      assert.deepStrictEqual(of(minute + 120_000), Array.from({ length: 10 }, (_, i) => i + 1))
      assert.isTrue(turn.filter((t) => t.windowStart === minute + 120_000).every((t) => t.counted.windowStartMillis === minute + 120_000))
      assert.deepStrictEqual(yield* b.increment("key:turn", minute + 120_000), { windowStartMillis: minute + 120_000, count: 11 })
    })))

  it.live("two API processes on one database let a key through exactly its limit, with one countdown", () =>
    Effect.scoped(Effect.gen(function*() {
      const { ports } = yield* twoApis({ SPOTCAST_BOOTSTRAP_KEY: KEY, SPOTCAST_RATE_LIMIT_PER_MINUTE: String(LIMIT) })
      // Start early in a minute so the whole batch falls in one window.
      const left = 60_000 - (Date.now() % 60_000)
      if (left < 15_000) yield* Effect.sleep(left + 100)
      const answers = []
      for (let i = 0; i < REQUESTS; i++) answers.push(yield* balance(ports[i % 2]!))
      const accepted = answers.filter((r) => r.status === 200)
      const limited = answers.filter((r) => r.status === 429)
      assert.strictEqual(accepted.length, LIMIT, JSON.stringify(answers))
      assert.strictEqual(limited.length, REQUESTS - LIMIT)
      assert.deepStrictEqual(
        accepted.map((r) => r.remaining),
        Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i)),
        "one countdown across both processes"
      )
      assert.isTrue(answers.every((r) => r.limit === String(LIMIT)))
    })), 120_000)

  it.live("a key revoked or an account suspended through one API process is refused by the other within 1 s", () =>
    Effect.scoped(Effect.gen(function*() {
      const { ports, processes } = yield* twoApis({ SPOTCAST_ADMIN_TOKEN: ADMIN_TOKEN })
      const admin = (path: string, body?: unknown) =>
        Effect.promise(() =>
          fetch(`http://127.0.0.1:${ports[0]}${path}`, {
            method: "POST",
            headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
            ...(body === undefined ? {} : { body: JSON.stringify(body) })
          }).then((r) => r.json() as Promise<any>)
        )
      const statusOn = (port: number, key: string) =>
        Effect.promise(() =>
          fetch(`http://127.0.0.1:${port}/v3/account/balance`, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => ({
            status: r.status,
            code: r.status === 200 ? undefined : ((await r.json()) as any).error.code
          }))
        )
      const created = yield* admin("/admin/v1/accounts", { name: "Two processes", credits: 5 })
      const accountId: string = created.account.id
      const first: string = created.api_key.key
      const second = yield* admin(`/admin/v1/accounts/${accountId}/keys`)
      assert.strictEqual((yield* statusOn(ports[1]!, first)).status, 200)

      yield* admin(`/admin/v1/accounts/${accountId}/keys/${created.api_key.id}/revoke`)
      // Each process keeps authenticated keys for a quarter of a second; its own revocations empty that at once.
      // Past that quarter (however slow the machine, later is only more past it), the other process refuses too.
      assert.strictEqual((yield* statusOn(ports[0]!, first)).code, "key_revoked", "the revoking process refuses the key at once")
      yield* Effect.sleep(KEY_CACHE_PASSED)
      assert.strictEqual((yield* statusOn(ports[1]!, first)).code, "key_revoked", "revocation took effect on the other process")

      assert.strictEqual((yield* statusOn(ports[1]!, second.key)).status, 200)
      yield* admin(`/admin/v1/accounts/${accountId}/suspend`)
      assert.strictEqual((yield* statusOn(ports[0]!, second.key)).code, "account_suspended", "the suspending process refuses it at once")
      yield* Effect.sleep(KEY_CACHE_PASSED)
      assert.strictEqual((yield* statusOn(ports[1]!, second.key)).code, "account_suspended", "suspension took effect on the other process")
    })), 120_000)
})
