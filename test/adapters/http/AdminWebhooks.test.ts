import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Duration, Effect, Layer } from "effect"
import * as MemoryDatabase from "../../../src/adapters/memory/MemoryDatabase.js"
import { AccountNotFound } from "../../../src/domain/account/Account.js"
import { RouteNotFound } from "../../../src/adapters/http/contract/EdgeErrors.js"
import { DEFAULT_DELIVERIES_LIMIT as WIRE_DEFAULT_LIMIT } from "../../../src/adapters/http/contract/WebhookDeliveryResources.js"
import { ValidationError } from "../../../src/domain/Validation.js"
import { DeliveryNotFailed, DeliveryNotFound } from "../../../src/domain/webhook/WebhookRedelivery.js"
import { deliverNext } from "../../../src/application/webhook/DeliverWebhooks.js"
import { DEFAULT_DELIVERIES_LIMIT } from "../../../src/application/webhook/WebhookDeliveries.js"
import * as RecordingTransport from "../webhook/fixtures/RecordingTransport.js"
import { at } from "../../support/WebhookDeliveries.js"
import { account, awaitFinished, createSpotCast, ISO_UTC } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const HOOK = "https://hooks.example.com/spotcast"
const ms = (iso: string) => Date.parse(iso)

/**
 * The shared test server, plus the webhook outbox its handlers need. MemoryDatabase.layer is memoized
 * within one build, so this outbox works on the server's own database.
 */
const Server = (options: TestServer.TestServerOptions = {}) =>
  TestServer.layer(options)

/** A raw operator request; `token: null` sends none. */
const admin = (method: "GET" | "POST", path: string, token: string | null = TestServer.ADMIN_TOKEN) => {
  const request = method === "GET" ? HttpClientRequest.get(path) : HttpClientRequest.post(path)
  return TestServer.raw(token === null ? request : request.pipe(HttpClientRequest.bearerToken(token)))
}

const deliveriesOf = (accountId: string, query = "") =>
  admin("GET", `/admin/v1/accounts/${accountId}/webhook-deliveries${query}`)

/** A SpotCast with a webhook URL whose forecast has finished, so its one delivery is in the outbox. */
const finished = (key: string, overrides: Record<string, unknown> = {}) =>
  Effect.gen(function*() {
    const created = yield* createSpotCast(key, { webhook_url: HOOK, ...overrides })
    yield* awaitFinished(created.id, key)
    return created as { id: string; forecast_id: string }
  })

/** One dispatcher step (claim the most overdue delivery, send, record) with the clock at `millis`. */
const attemptAt = (millis: number) => deliverNext("admin-webhooks-test", Duration.minutes(1)).pipe(at(millis))

// Attempt 1 cannot connect, every later one gets a 503, unless `up`.
let up = false
const receiver = RecordingTransport.make((_, n) =>
  Effect.succeed(
    up
      ? { ok: true, statusCode: 204, durationMs: 4 }
      : n === 1
      ? { ok: false, error: "connect: connection refused", durationMs: 7 }
      : { ok: false, statusCode: 503, durationMs: 3 }
  )
)

const DELIVERY_KEYS = [
  "attempt_log", "attempts", "created_at", "delivered_at", "event", "forecast_id", "id", "next_attempt_at",
  "spotcast_id", "status", "url"
]

// Its own server: the dispatcher steps below claim whatever is due, so no other test's deliveries may be there.
layer(Server(), { excludeTestServices: true })("operator API: a webhook delivery's life", (it) => {
  it.effect("a delivery that keeps failing: listed and fetched with every attempt, then redelivered once", () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(20)
      const metadata = { trip: "T-1042" }
      const spotcast = yield* finished(key, { metadata })

      const listed = yield* deliveriesOf(owner.id)
      assert.strictEqual(listed.status, 200)
      assert.isDefined(listed.headers["x-ratelimit-limit"])
      assert.deepStrictEqual(Object.keys(listed.json).sort(), ["data", "has_more", "next_cursor"])
      assert.strictEqual(listed.json.data.length, 1)
      assert.isFalse(listed.json.has_more)
      assert.isNull(listed.json.next_cursor)
      const fresh = listed.json.data[0]
      assert.deepStrictEqual(Object.keys(fresh).sort(), DELIVERY_KEYS)
      assert.match(fresh.id, /^whk_[0-9A-Za-z]{22}$/)
      assert.deepInclude(fresh, {
        event: "spotcast.forecast.completed",
        url: HOOK,
        status: "pending",
        attempts: 0,
        delivered_at: null,
        spotcast_id: spotcast.id,
        forecast_id: spotcast.forecast_id,
        attempt_log: []
      })
      assert.match(fresh.created_at, ISO_UTC)
      assert.match(fresh.next_attempt_at, ISO_UTC)

      // Five failed attempts, each when the schedule makes it due.
      let due = ms(fresh.next_attempt_at)
      for (let attempt = 1; attempt <= 5; attempt++) {
        assert.isTrue(yield* Effect.provide(attemptAt(due), receiver.layer), `attempt ${attempt} was made`)
        const now = (yield* admin("GET", `/admin/v1/accounts/${owner.id}/webhook-deliveries/${fresh.id}`)).json
        if (attempt < 5) due = ms(now.next_attempt_at)
      }

      const failed = yield* admin("GET", `/admin/v1/accounts/${owner.id}/webhook-deliveries/${fresh.id}`)
      assert.strictEqual(failed.status, 200)
      assert.deepStrictEqual(Object.keys(failed.json).sort(), DELIVERY_KEYS)
      assert.deepInclude(failed.json, { id: fresh.id, status: "failed", attempts: 5, next_attempt_at: null, delivered_at: null })
      const log = failed.json.attempt_log as Array<any>
      assert.deepStrictEqual(log.map((a) => a.number), [1, 2, 3, 4, 5])
      assert.deepStrictEqual(Object.keys(log[0]).sort(), ["at", "duration_ms", "error", "number", "status_code"])
      assert.deepStrictEqual(log[0], { number: 1, at: log[0].at, duration_ms: 7, status_code: null, error: "connect: connection refused" })
      for (const a of log.slice(1)) assert.deepInclude(a, { status_code: 503, error: null, duration_ms: 3 })
      for (const a of log) assert.match(a.at, ISO_UTC)
      const gaps = log.slice(1).map((a, i) => (ms(a.at) - ms(log[i].at)) / 60_000)
      assert.deepStrictEqual(gaps, [5, 30, 120, 1440], "minutes between attempts: the retry schedule")

      assert.deepStrictEqual((yield* deliveriesOf(owner.id, "?status=failed")).json.data.map((d: any) => d.id), [fresh.id])
      assert.deepStrictEqual((yield* deliveriesOf(owner.id, "?status=pending")).json.data, [])
      assert.deepStrictEqual((yield* deliveriesOf(owner.id, "?status=delivered")).json.data, [])

      const client = yield* TestServer.adminClient()
      const before = Date.now()
      const [again, response] = yield* client.webhooks.redeliver({
        path: { id: owner.id, delivery_id: fresh.id },
        withResponse: true
      })
      assert.strictEqual(response.status, 200)
      assert.isDefined(response.headers["x-ratelimit-remaining"])
      assert.deepInclude(again, { id: fresh.id, status: "pending", attempts: 0, delivered_at: null, url: HOOK })
      assert.isAtLeast(ms(again.next_attempt_at!), before - 1000, "due now")
      assert.isAtMost(ms(again.next_attempt_at!), Date.now())
      assert.deepStrictEqual(again.attempt_log, failed.json.attempt_log, "the history is kept")

      const twice = yield* admin("POST", `/admin/v1/accounts/${owner.id}/webhook-deliveries/${fresh.id}/redeliver`)
      assert.strictEqual(twice.status, 409)
      assert.deepStrictEqual(twice.json, {
        error: {
          code: "delivery_not_failed",
          message: `Webhook delivery ${fresh.id} is pending; only a failed delivery can be redelivered`,
          delivery_id: fresh.id,
          status: "pending"
        }
      })
      const notFailed = yield* Effect.flip(client.webhooks.redeliver({ path: { id: owner.id, delivery_id: fresh.id } }))
      assert.instanceOf(notFailed, DeliveryNotFailed)
      assert.deepInclude(notFailed, { deliveryId: fresh.id, status: "pending" })

      // The receiver is back: the redelivered event arrives, same id and same bytes as every earlier attempt.
      up = true
      const sent = receiver.requests.length
      assert.isTrue(yield* Effect.provide(attemptAt(Date.now()), receiver.layer))
      const bodies = new Set(receiver.requests.map((r) => r.request.body))
      assert.strictEqual(bodies.size, 1)
      assert.deepStrictEqual(JSON.parse([...bodies][0]!).data.metadata, metadata)
      assert.strictEqual(receiver.requests[sent]!.request.headers["X-Service-Delivery-ID"], fresh.id)
      const delivered = yield* client.webhooks.get({ path: { id: owner.id, delivery_id: fresh.id } })
      assert.deepInclude(delivered, { status: "delivered", attempts: 1, next_attempt_at: null })
      assert.match(delivered.delivered_at!, ISO_UTC)
      assert.deepStrictEqual(delivered.attempt_log.map((a) => [a.number, a.status_code]), [
        [1, null], [2, 503], [3, 503], [4, 503], [5, 503], [6, 204]
      ])
      const done = yield* Effect.flip(client.webhooks.redeliver({ path: { id: owner.id, delivery_id: fresh.id } }))
      assert.deepInclude(done, { _tag: "DeliveryNotFailed", status: "delivered" })
    }))
})

layer(Server(), { excludeTestServices: true })("operator API: webhook deliveries", (it) => {

  it.effect("pages newest first with the sealed cursor, filters by status, and the typed client agrees", () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(50)
      const spotcasts: Array<string> = []
      for (let i = 0; i < 5; i++) spotcasts.push((yield* finished(key)).id)
      const quiet = yield* createSpotCast(key) // no webhook URL: no delivery
      yield* awaitFinished(quiet.id, key)

      const seen: Array<any> = []
      let after: string | null = null
      let pages = 0
      do {
        const query: string = `?limit=2${after === null ? "" : `&after=${encodeURIComponent(after)}`}`
        const page = (yield* deliveriesOf(owner.id, query)).json
        pages++
        assert.isAtMost(page.data.length, 2)
        assert.strictEqual(page.has_more, page.next_cursor !== null)
        seen.push(...page.data)
        after = page.next_cursor
      } while (after !== null)
      assert.strictEqual(pages, 3)
      assert.deepStrictEqual(seen.map((d) => d.spotcast_id).sort(), [...spotcasts].sort())
      assert.strictEqual(new Set(seen.map((d) => d.id)).size, 5)
      const order = seen.map((d) => [ms(d.created_at), d.id] as const)
      for (let i = 1; i < order.length; i++) {
        const [t0, id0] = order[i - 1]!
        const [t1, id1] = order[i]!
        assert.isTrue(t1 < t0 || (t1 === t0 && id1 < id0), "newest first, then by id")
      }

      assert.strictEqual(WIRE_DEFAULT_LIMIT, DEFAULT_DELIVERIES_LIMIT)
      const client = yield* TestServer.adminClient()
      const all = yield* client.webhooks.list({ path: { id: owner.id }, urlParams: {} })
      assert.deepStrictEqual(all.data.map((d) => d.id), seen.map((d) => d.id))
      assert.isFalse(all.has_more)
      const pending = yield* client.webhooks.list({ path: { id: owner.id }, urlParams: { status: "pending", limit: 4 } })
      assert.strictEqual(pending.data.length, 4)
      assert.isTrue(pending.has_more)

      // A cursor belongs to its list: another status filter or another account refuses it.
      const unfiltered = yield* Effect.flip(
        client.webhooks.list({ path: { id: owner.id }, urlParams: { after: pending.next_cursor! } })
      )
      assert.instanceOf(unfiltered, ValidationError)
      assert.deepInclude(unfiltered, { code: "invalid_cursor", param: "after" })
      const { account: other } = yield* account(0)
      const foreign = yield* deliveriesOf(other.id, `?status=pending&after=${encodeURIComponent(pending.next_cursor!)}`)
      assert.strictEqual(foreign.status, 400)
      assert.deepStrictEqual(foreign.json, {
        error: { code: "invalid_cursor", message: "The cursor is not valid for this list", param: "after" }
      })
      assert.deepStrictEqual((yield* deliveriesOf(other.id)).json, { data: [], has_more: false, next_cursor: null })
    }))

  it.effect("errors: unknown account or delivery, another account's delivery, bad query parameters", () =>
    Effect.gen(function*() {
      const { account: owner, key } = yield* account(20)
      const { account: stranger } = yield* account(0)
      yield* finished(key)
      const [delivery] = (yield* deliveriesOf(owner.id)).json.data
      const client = yield* TestServer.adminClient()

      for (const [method, path] of [
        ["GET", "/admin/v1/accounts/acct_nope/webhook-deliveries"],
        ["GET", `/admin/v1/accounts/acct_nope/webhook-deliveries/${delivery.id}`],
        ["POST", `/admin/v1/accounts/acct_nope/webhook-deliveries/${delivery.id}/redeliver`]
      ] as const) {
        const r = yield* admin(method, path)
        assert.strictEqual(r.status, 404, path)
        assert.deepStrictEqual(r.json, {
          error: { code: "account_not_found", message: "No account found with id 'acct_nope'", param: "id" }
        })
      }
      assert.instanceOf(yield* Effect.flip(client.webhooks.list({ path: { id: "acct_nope" }, urlParams: {} })), AccountNotFound)

      for (const [accountId, deliveryId] of [
        [owner.id, "whk_0000000000000000000000"],
        [owner.id, "not a delivery id"],
        [stranger.id, delivery.id]
      ] as const) {
        for (const [method, suffix] of [["GET", ""], ["POST", "/redeliver"]] as const) {
          const path = `/admin/v1/accounts/${accountId}/webhook-deliveries/${encodeURIComponent(deliveryId)}${suffix}`
          const r = yield* admin(method, path)
          assert.strictEqual(r.status, 404, path)
          assert.deepStrictEqual(r.json, {
            error: {
              code: "delivery_not_found",
              message: `No webhook delivery found with id '${deliveryId}' on this account`,
              param: "delivery_id"
            }
          })
        }
        const typed = yield* Effect.flip(client.webhooks.get({ path: { id: accountId, delivery_id: deliveryId } }))
        assert.instanceOf(typed, DeliveryNotFound)
        assert.strictEqual(typed.deliveryId, deliveryId)
        assert.instanceOf(
          yield* Effect.flip(client.webhooks.redeliver({ path: { id: accountId, delivery_id: deliveryId } })),
          DeliveryNotFound
        )
      }

      const badQueries: ReadonlyArray<readonly [string, string, string]> = [
        ["?limit=0", "invalid_limit", "limit"],
        ["?limit=101", "invalid_limit", "limit"],
        ["?limit=1.5", "invalid_limit", "limit"],
        ["?limit=ten", "invalid_limit", "limit"],
        ["?limit=1&limit=2", "invalid_limit", "limit"],
        ["?after=not-a-cursor", "invalid_cursor", "after"],
        ["?status=lost", "invalid_request", "status"],
        ["?status=FAILED", "invalid_request", "status"]
      ]
      for (const [query, code, param] of badQueries) {
        const r = yield* deliveriesOf(owner.id, query)
        assert.strictEqual(r.status, 400, query)
        assert.deepStrictEqual(Object.keys(r.json.error).sort(), ["code", "message", "param"], query)
        assert.deepInclude(r.json.error, { code, param }, query)
      }
      const status = yield* deliveriesOf(owner.id, "?status=lost")
      assert.strictEqual(status.json.error.message, "status must be pending, delivered or failed")
      const cursor = yield* Effect.flip(client.webhooks.list({ path: { id: owner.id }, urlParams: { after: "x.y" } }))
      assert.instanceOf(cursor, ValidationError)
      assert.deepInclude(cursor, { code: "invalid_cursor", param: "after" })

      // Unchanged by all of the above.
      const after = yield* client.webhooks.get({ path: { id: owner.id, delivery_id: delivery.id } })
      assert.deepStrictEqual(after, delivery)
    }))

  it.effect("guarded by the admin token, with the rate-limit headers on every answer", () =>
    Effect.gen(function*() {
      const { account: owner } = yield* account(0)
      const paths = [
        ["GET", `/admin/v1/accounts/${owner.id}/webhook-deliveries`],
        ["GET", `/admin/v1/accounts/${owner.id}/webhook-deliveries/whk_0000000000000000000000`],
        ["POST", `/admin/v1/accounts/${owner.id}/webhook-deliveries/whk_0000000000000000000000/redeliver`]
      ] as const
      for (const [method, path] of paths) {
        for (const token of [null, "wrong-token-0123456789"]) {
          const r = yield* admin(method, path, token)
          assert.strictEqual(r.status, 401, `${method} ${path}`)
          assert.strictEqual(r.json.error.code, "invalid_admin_token")
          assert.isDefined(r.headers["x-ratelimit-limit"])
          assert.isDefined(r.headers["x-ratelimit-reset"])
        }
      }
      const wrong = yield* TestServer.adminClient("wrong-token-0123456789")
      assert.strictEqual(
        (yield* Effect.flip(wrong.webhooks.list({ path: { id: owner.id }, urlParams: {} })))._tag,
        "AdminUnauthorized"
      )
    }))
})

layer(Server({ admin: false, workers: false }), { excludeTestServices: true })("webhook deliveries without a token", (it) => {
  it.effect("are 404 not_found like every operator path", () =>
    Effect.gen(function*() {
      const r = yield* admin("GET", "/admin/v1/accounts/acct_x/webhook-deliveries")
      assert.strictEqual(r.status, 404)
      assert.deepStrictEqual(r.json, { error: { code: "not_found", message: "No such endpoint; see /docs for the API reference" } })
      const client = yield* TestServer.adminClient()
      const refused = yield* Effect.flip(
        client.webhooks.redeliver({ path: { id: "acct_x", delivery_id: "whk_0000000000000000000000" } })
      )
      assert.instanceOf(refused, RouteNotFound)
    }))
})
