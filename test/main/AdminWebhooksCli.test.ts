import { vi } from "vitest"
// `spotcast admin webhooks list|redeliver`, the built binary, against a spawned server (a real
// receiver, real deliveries) and against an in-process server whose deliveries the test drives to
// `failed` (the retry schedule takes a day; there the test moves the dispatcher's clock).
import { HttpServer } from "@effect/platform"
import { afterAll, assert, beforeAll, describe, it, layer } from "@effect/vitest"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DateTime, Duration, Effect, Layer, Option, Schedule } from "effect"
import * as MemoryDatabase from "../../src/adapters/memory/MemoryDatabase.js"
import { deliverNext } from "../../src/application/webhook/DeliverWebhooks.js"
import { WebhookOutbox } from "../../src/ports/WebhookOutbox.js"
import { account, awaitFinished, createSpotCast as createOverHttp } from "../adapters/http/support/Fixtures.js"
import * as TestServer from "../adapters/http/support/TestServer.js"
import { makeCertificate, startReceiver } from "../adapters/webhook/fixtures/HttpsReceiver.js"
import * as RecordingTransport from "../adapters/webhook/fixtures/RecordingTransport.js"
import { at } from "../support/WebhookDeliveries.js"
import { runBin, type Served, startServer } from "../support/Spawn.js"

// Each case starts the built binary a dozen times; on a loaded 2-core machine one start takes seconds.
vi.setConfig({ testTimeout: 120_000 })

const ADMIN_TOKEN = "cli-webhooks-admin-token-0123456789"
const KEY = "sk_test_CliWebhooks0123456789abcdefghijk"

const bin = (baseUrl: string, token: string, ...args: Array<string>) =>
  Effect.promise(() => runBin(["admin", ...args], { SPOTCAST_ADMIN_URL: baseUrl, SPOTCAST_ADMIN_TOKEN: token }))

describe("spotcast admin webhooks, against `spotcast serve`", () => {
  const certificate = makeCertificate()
  const dir = mkdtempSync(join(tmpdir(), "spotcast-cli-ca-"))
  writeFileSync(join(dir, "ca.pem"), certificate.cert)
  let server: Served
  beforeAll(async () => {
    server = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_BOOTSTRAP_KEY: KEY,
      SPOTCAST_ADMIN_TOKEN: ADMIN_TOKEN,
      SPOTCAST_WEBHOOK_ALLOW_PRIVATE: "true",
      // The polls below ask every 50 ms until a delivery shows; on a loaded machine that passes the default
      // 60 a minute (the operator's requests are limited by address) and a 429 ends the wait early.
      SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000",
      SPOTCAST_WEBHOOK_POLL_MS: "50",
      SPOTCAST_WORKER_POLL_MS: "50",
      NODE_EXTRA_CA_CERTS: join(dir, "ca.pem")
    })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const api = (method: "GET" | "POST", path: string, body?: unknown) =>
    Effect.promise(async () => {
      const r = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return (await r.json()) as any
    })

  const run = (...args: Array<string>) => bin(server.baseUrl, ADMIN_TOKEN, ...args)

  it.scopedLive("list in text and --json, by status and page; redeliver refuses what is not failed", () =>
    Effect.gen(function*() {
      // The first request to /refuses gets a 500; everything else a 200.
      let refused = false
      const { port } = yield* startReceiver(certificate, (r) => {
        if (r.path !== "/refuses" || refused) return { status: 200 }
        refused = true
        return { status: 500 }
      })
      const accountId: string = (yield* api("GET", "/v3/developer/info")).account.id
      const today = new Date().toISOString().slice(0, 10)
      const create = (path: string) =>
        api("POST", "/v3/spotcast", {
          latitude: 43.3, longitude: 5.35, start_date: today, num_days: 1, webhook_url: `https://localhost:${port}${path}`
        })
      const ok = yield* create("/ok")
      const pending = yield* create("/refuses")

      // Wait on the operator API itself (cheaper than a process per poll), then ask the CLI.
      yield* Effect.promise(() =>
        fetch(`${server.baseUrl}/admin/v1/accounts/${accountId}/webhook-deliveries`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` }
        }).then((r) => r.json())
      ).pipe(
        Effect.filterOrFail((page: any) => page.data.length === 2 && page.data.every((d: any) => d.attempts === 1), () => "not yet"),
        Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
        Effect.orDie
      )
      const settled = (yield* run("--json", "webhooks", "list", accountId).pipe(
        Effect.map((r) => JSON.parse(r.stdout)),
      )) as { data: Array<any>; has_more: boolean; next_cursor: string | null }
      const delivered = settled.data.find((d) => d.spotcast_id === ok.id)
      const retrying = settled.data.find((d) => d.spotcast_id === pending.id)
      assert.strictEqual(delivered.status, "delivered")
      assert.strictEqual(retrying.status, "pending")
      assert.isFalse(settled.has_more)
      assert.isNull(settled.next_cursor)

      const text = yield* run("webhooks", "list", accountId)
      assert.strictEqual(text.code, 0, text.stderr)
      const lines = text.stdout.trimEnd().split("\n")
      const head = (id: string) => lines.find((l) => l.startsWith(id))!
      assert.include(head(delivered.id), "  delivered  spotcast.forecast.completed  attempts 1  created ")
      assert.include(head(delivered.id), `delivered ${delivered.delivered_at}  https://localhost:${port}/ok`)
      assert.include(head(retrying.id), `  pending  spotcast.forecast.completed  attempts 1  created ${retrying.created_at}  next ${retrying.next_attempt_at}  `)
      assert.strictEqual(lines[lines.indexOf(head(retrying.id)) + 1]!.trim().split("  ").slice(2, 3)[0], "HTTP 500")
      assert.match(lines[lines.indexOf(head(delivered.id)) + 1]!, /^ {2}#1 {2}\S+Z {2}HTTP 200 {2}\d+ ms {2}-$/)

      const onlyDelivered = JSON.parse((yield* run("--json", "webhooks", "list", accountId, "--status", "delivered")).stdout)
      assert.deepStrictEqual(onlyDelivered.data.map((d: any) => d.id), [delivered.id])

      const first = yield* run("webhooks", "list", accountId, "--limit", "1")
      const more = /^more: --after (\S+)$/m.exec(first.stdout)
      assert.isNotNull(more, first.stdout)
      const second = JSON.parse((yield* run("--json", "webhooks", "list", accountId, "--limit", "1", "--after", more![1]!)).stdout)
      assert.strictEqual(second.data.length, 1)
      assert.isNull(second.next_cursor)
      assert.notInclude(first.stdout, second.data[0].id)

      const notFailed = yield* run("webhooks", "redeliver", accountId, retrying.id)
      assert.strictEqual(notFailed.code, 1)
      assert.strictEqual(notFailed.stdout, "")
      assert.include(notFailed.stderr, `delivery ${retrying.id} is pending: only a failed delivery can be redelivered`)
      const deliveredAlready = yield* run("--json", "webhooks", "redeliver", accountId, delivered.id)
      assert.strictEqual(deliveredAlready.code, 1)
      assert.include(deliveredAlready.stderr, "is delivered: only a failed delivery can be redelivered")
    }))

  it.live("errors: unknown account or delivery, bad limit, cursor or status, wrong token", () =>
    Effect.gen(function*() {
      const accountId: string = (yield* api("GET", "/v3/developer/info")).account.id
      const cases: ReadonlyArray<readonly [ReadonlyArray<string>, string]> = [
        [["webhooks", "list", "acct_missing"], "no such account"],
        [["webhooks", "redeliver", accountId, "whk_0000000000000000000000"], "no such webhook delivery on that account"],
        [["webhooks", "list", accountId, "--after", "garbage"], "The cursor is not valid for this list (invalid_cursor)"]
      ]
      const ran = yield* Effect.forEach(cases, ([args]) => run(...args), { concurrency: "unbounded" })
      cases.forEach(([args, message], i) => {
        assert.strictEqual(ran[i]!.code, 1, args.join(" "))
        assert.include(ran[i]!.stderr, message, args.join(" "))
      })
      // Refused by the command line itself, before any request.
      const badStatus = yield* run("webhooks", "list", accountId, "--status", "lost")
      assert.strictEqual(badStatus.code, 1)
      assert.include(badStatus.stdout + badStatus.stderr, "pending")
      const limits = [["101", "--limit must be an integer from 1 to 100"], ["ten", "integer"]] as const
      const badLimits = yield* Effect.forEach(limits, ([limit]) => run("webhooks", "list", accountId, "--limit", limit), {
        concurrency: "unbounded"
      })
      limits.forEach(([limit, message], i) => {
        const said = badLimits[i]!.stdout + badLimits[i]!.stderr
        assert.strictEqual(badLimits[i]!.code, 1, limit)
        assert.notInclude(said, "ParseError", limit)
        assert.include(said, message, limit)
      })
      const wrongToken = yield* bin(server.baseUrl, "wrong-token-wrong-token", "webhooks", "list", accountId)
      assert.strictEqual(wrongToken.code, 1)
      assert.include(wrongToken.stderr, "admin token was refused")
    }))
})

/**
 * The shared in-process test server plus the webhook outbox its handlers need (MemoryDatabase.layer
 * is memoized within one build, so the outbox works on the server's own database).
 */
const InProcess = TestServer.layer()

const receiverDown = RecordingTransport.make(() => RecordingTransport.answer(503))

/** Runs the dispatcher step whenever the next pending delivery falls due, until none is pending. */
const failEverything = (accountId: string) =>
  Effect.gen(function*() {
    const outbox = yield* WebhookOutbox
    for (;;) {
      const pending = yield* outbox.list(accountId as never, { limit: 100, status: "pending" })
      const due = pending.map((h) => DateTime.toEpochMillis(h.delivery.nextAttemptAt!)).sort((a, b) => a - b)[0]
      if (due === undefined) return
      yield* deliverNext("cli-test", Duration.minutes(1)).pipe(at(due), Effect.provide(receiverDown.layer))
    }
  })

layer(InProcess, { excludeTestServices: true })("spotcast admin webhooks redeliver, a failed delivery", (it) => {
  it.effect("redelivers in text and --json: same id, due now, attempts reset, history kept", () =>
    Effect.gen(function*() {
      const address = (yield* HttpServer.HttpServer).address
      const baseUrl = `http://127.0.0.1:${address._tag === "TcpAddress" ? address.port : 0}`
      const { account: owner, key } = yield* account(10)
      for (let i = 0; i < 2; i++) {
        const created = yield* createOverHttp(key, { webhook_url: "https://hooks.example.com/spotcast" })
        yield* awaitFinished(created.id, key)
      }
      yield* failEverything(owner.id)

      const listed = yield* bin(baseUrl, TestServer.ADMIN_TOKEN, "--json", "webhooks", "list", owner.id, "--status", "failed")
      const failed = JSON.parse(listed.stdout).data as Array<any>
      assert.deepStrictEqual(failed.map((d) => [d.status, d.attempts, d.attempt_log.length]), [["failed", 5, 5], ["failed", 5, 5]])
      const [a, b] = failed

      const before = Date.now()
      const text = yield* bin(baseUrl, TestServer.ADMIN_TOKEN, "webhooks", "redeliver", owner.id, a.id)
      assert.strictEqual(text.code, 0, text.stderr)
      const lines = text.stdout.trimEnd().split("\n")
      assert.strictEqual(lines[0], `delivery ${a.id} is due again with five fresh attempts`)
      assert.match(lines[1]!, new RegExp(`^${a.id} {2}pending {2}spotcast\\.forecast\\.completed {2}attempts 0 {2}created \\S+ {2}next \\S+Z {2}https://hooks\\.example\\.com/spotcast$`))
      assert.deepStrictEqual(lines.slice(2).map((l) => /^ {2}#(\d) {2}\S+Z {2}HTTP 503 {2}\d+ ms {2}-$/.exec(l)?.[1]), ["1", "2", "3", "4", "5"])

      const json = yield* bin(baseUrl, TestServer.ADMIN_TOKEN, "--json", "webhooks", "redeliver", owner.id, b.id)
      assert.strictEqual(json.code, 0, json.stderr)
      const again = JSON.parse(json.stdout)
      assert.deepInclude(again, { id: b.id, status: "pending", attempts: 0, delivered_at: null })
      assert.isAtLeast(Date.parse(again.next_attempt_at), before - 1000)
      assert.deepStrictEqual(again.attempt_log, b.attempt_log)

      const outbox = yield* WebhookOutbox
      for (const d of [a, b]) {
        const stored = Option.getOrThrow(yield* outbox.get(owner.id, d.id))
        assert.strictEqual(stored.delivery.status, "pending")
        assert.strictEqual(stored.delivery.attempts, 0)
      }
    }))
})
