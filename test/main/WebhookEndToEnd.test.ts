// Issue 4's "Done when", through the built binary: a SpotCast created over HTTP with a loopback HTTPS
// webhook URL leads to one signed `spotcast.forecast.completed` delivery, and the operator API shows it.
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createHmac, timingSafeEqual } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Schedule } from "effect"
import { makeCertificate, type Received, startReceiver } from "../adapters/webhook/fixtures/HttpsReceiver.js"
import { type Served, startServer } from "../support/Spawn.js"

const ADMIN_TOKEN = "e2e-webhooks-admin-token-0123456789"
const KEY = "sk_test_E2eWebhooks0123456789abcdefghijk"
const POLL_MS = 50

const certificate = makeCertificate()
const certDir = mkdtempSync(join(tmpdir(), "spotcast-e2e-ca-"))
const caFile = join(certDir, "ca.pem")
writeFileSync(caFile, certificate.cert)

/** What docs/webhooks.md tells receivers to do: HMAC-SHA256 of the raw body with the secret, constant-time compare. */
const verified = (secret: string, rawBody: Buffer, header: string | undefined) => {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`)
  const given = Buffer.from(header ?? "")
  return given.length === expected.length && timingSafeEqual(given, expected)
}

let server: Served

const call = (method: "GET" | "POST", path: string, options: { body?: unknown; token?: string } = {}) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token ?? KEY}`,
        ...(options.body === undefined ? {} : { "content-type": "application/json" })
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
    })
    const json = (await response.json()) as any
    if (response.status < 400 || typeof json?.error !== "object") return { status: response.status, json }
    // Every error names its request (error.request_id = the Request-Id header); the rest is compared below.
    const { request_id, ...error } = json.error
    if (request_id === undefined || request_id !== response.headers.get("request-id")) {
      throw new Error(`error.request_id ${request_id} is not the Request-Id header`)
    }
    return { status: response.status, json: { ...json, error } }
  })

const operator = (method: "GET" | "POST", path: string) => call(method, `/admin/v1${path}`, { token: ADMIN_TOKEN })

/** Asks again every 50 ms (up to 20 s) until `done` holds. */
const until = <A>(ask: Effect.Effect<A>, done: (a: A) => boolean, what: string) =>
  ask.pipe(
    Effect.filterOrFail(done, () => "not yet"),
    Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 400 }),
    Effect.orDieWith(() => new Error(`timed out waiting for ${what}\n${server.output()}`))
  )

const createSpotCast = (webhookUrl: string, metadata?: Record<string, unknown>) =>
  Effect.gen(function*() {
    const created = yield* call("POST", "/v3/spotcast", {
      body: {
        latitude: 36.01,
        longitude: -5.6,
        start_date: new Date().toISOString().slice(0, 10),
        num_days: 2,
        webhook_url: webhookUrl,
        ...(metadata === undefined ? {} : { metadata })
      }
    })
    assert.strictEqual(created.status, 202, JSON.stringify(created.json))
    return created.json as { id: string; forecast_id: string }
  })

const deliveryOf = (accountId: string, spotcastId: string) =>
  Effect.map(
    operator("GET", `/accounts/${accountId}/webhook-deliveries?limit=100`),
    (r) => (r.json.data as Array<any>).find((d) => d.spotcast_id === spotcastId)
  )

describe("webhooks end to end (the built binary, memory storage, a loopback HTTPS receiver)", () => {
  beforeAll(async () => {
    server = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_BOOTSTRAP_KEY: KEY,
      SPOTCAST_ADMIN_TOKEN: ADMIN_TOKEN,
      SPOTCAST_WEBHOOK_ALLOW_PRIVATE: "true",
      // The polls below ask every 50 ms until a delivery shows; on a loaded machine that passes the default
      // 60 a minute (the operator's requests are limited by address) and a 429 ends the wait early.
      SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000",
      SPOTCAST_WEBHOOK_POLL_MS: String(POLL_MS),
      SPOTCAST_WORKER_POLL_MS: String(POLL_MS),
      NODE_EXTRA_CA_CERTS: caFile
    })
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(certDir, { recursive: true, force: true })
  })

  it.scopedLive("one signed spotcast.forecast.completed delivery, metadata echoed, shown delivered to the operator", () =>
    Effect.gen(function*() {
      const { port, received } = yield* startReceiver(certificate, () => ({ status: 200 }))
      const info = (yield* call("GET", "/v3/developer/info")).json
      const secret: string = info.webhook.secret
      assert.match(secret, /^whsec_[0-9A-Za-z]{32}$/)
      const metadata = { trip_id: "T-1042", crew: ["ana", "luis"], nested: { ok: true, none: null }, note: "ñ ✓" }
      const url = `https://127.0.0.1:${port}/hooks/spotcast?source=e2e`
      const spotcast = yield* createSpotCast(url, metadata)

      const delivery = yield* until(deliveryOf(info.account.id, spotcast.id), (d) => d?.status === "delivered", "the delivery")
      // Several dispatcher polls later, still exactly one request.
      yield* Effect.sleep(POLL_MS * 10)
      assert.strictEqual(received.length, 1)
      const got: Received = received[0]!
      const now = Date.now()

      assert.isTrue(verified(secret, got.rawBody, got.headers["x-service-signature"] as string), "the signature verifies")
      assert.isFalse(verified(secret, Buffer.from(`${got.rawBody.toString("utf8")} `), got.headers["x-service-signature"] as string))
      assert.isFalse(verified(secret.replace(/.$/, (c) => (c === "a" ? "b" : "a")), got.rawBody, got.headers["x-service-signature"] as string))
      assert.match(got.headers["x-service-signature"] as string, /^sha256=[0-9a-f]{64}$/)
      assert.strictEqual(got.headers["x-service-event"], "spotcast.forecast.completed")
      assert.match(got.headers["x-service-delivery-id"] as string, /^whk_[0-9A-Za-z]{22}$/)
      assert.isAtMost(Math.abs(Number(got.headers["x-service-timestamp"]) - now / 1000), 60)
      assert.match(got.headers["x-service-timestamp"] as string, /^\d+$/)
      assert.strictEqual(got.headers["user-agent"], "Service-Webhooks/1.0")
      assert.strictEqual(got.headers["content-type"], "application/json")
      assert.deepStrictEqual(Object.keys(got.headers).sort(), [
        "connection", "content-length", "content-type", "host", "user-agent",
        "x-service-delivery-id", "x-service-event", "x-service-signature", "x-service-timestamp"
      ], "the documented headers and no others")
      assert.strictEqual(got.path, "/hooks/spotcast?source=e2e")

      const event = JSON.parse(got.rawBody.toString("utf8"))
      assert.strictEqual(got.rawBody.toString("utf8"), JSON.stringify(event), "compact JSON")
      assert.strictEqual(event.event, "spotcast.forecast.completed")
      assert.deepInclude(event.data, { spotcast_id: spotcast.id, forecast_id: spotcast.forecast_id, status: "completed" })
      assert.deepStrictEqual(event.data.metadata, metadata)
      assert.include(["GO", "CAUTION", "AVOID"], event.data.recommendation)
      assert.isString(event.data.summary)
      assert.match(event.data.links.spotcast, new RegExp(`/v3/spotcast/${spotcast.id}$`))
      const read = (yield* call("GET", `/v3/spotcast/${spotcast.id}`)).json
      assert.strictEqual(read.latest_forecast.status, "completed")
      assert.strictEqual(event.data.summary, read.latest_forecast.ai_analysis.summary)

      assert.strictEqual(delivery.id, got.headers["x-service-delivery-id"])
      assert.deepInclude(delivery, {
        event: "spotcast.forecast.completed",
        url,
        status: "delivered",
        attempts: 1,
        next_attempt_at: null,
        forecast_id: spotcast.forecast_id
      })
      assert.match(delivery.delivered_at, /Z$/)
      assert.strictEqual(delivery.attempt_log.length, 1)
      assert.deepInclude(delivery.attempt_log[0], { number: 1, status_code: 200, error: null })
      const one = yield* operator("GET", `/accounts/${info.account.id}/webhook-deliveries/${delivery.id}`)
      assert.strictEqual(one.status, 200)
      assert.deepStrictEqual(one.json, delivery)
    }))

  it.scopedLive("a receiver that answers 500 first: pending, next attempt in 5 minutes; redelivery is refused (409)", () =>
    Effect.gen(function*() {
      let answered = 0
      const { port, received } = yield* startReceiver(certificate, () => ({ status: ++answered === 1 ? 500 : 200 }))
      const accountId: string = (yield* call("GET", "/v3/developer/info")).json.account.id
      const spotcast = yield* createSpotCast(`https://localhost:${port}/refuses-once`)

      const delivery = yield* until(deliveryOf(accountId, spotcast.id), (d) => d?.attempts === 1, "the first attempt")
      yield* Effect.sleep(POLL_MS * 10)
      assert.strictEqual(received.length, 1, "no retry before it is due")
      assert.strictEqual(delivery.status, "pending")
      const [attempt] = delivery.attempt_log
      assert.deepInclude(attempt, { number: 1, status_code: 500, error: null })
      assert.strictEqual(Date.parse(delivery.next_attempt_at) - Date.parse(attempt.at), 5 * 60_000)

      const refused = yield* operator("POST", `/accounts/${accountId}/webhook-deliveries/${delivery.id}/redeliver`)
      assert.strictEqual(refused.status, 409)
      assert.deepStrictEqual(refused.json.error, {
        code: "delivery_not_failed",
        message: `Webhook delivery ${delivery.id} is pending; only a failed delivery can be redelivered`,
        delivery_id: delivery.id,
        status: "pending"
      })
      const after = yield* operator("GET", `/accounts/${accountId}/webhook-deliveries/${delivery.id}`)
      assert.deepStrictEqual(after.json, delivery, "the refused redelivery changed nothing")
    }))
})
