import { HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Encoding, type Layer, Redacted } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { forecastsList, SPOTCASTS_LIST } from "../../../src/application/spotcast/ReadSpotCasts.js"
import { ROUTES_LIST, routeForecastsList } from "../../../src/application/route/ReadRoutes.js"
import { WIDGETS_LIST } from "../../../src/application/widget/Widgets.js"
import { DELIVERIES_LIST } from "../../../src/application/webhook/WebhookDeliveries.js"
import { MAX_CURSOR_MILLIS } from "../../../src/domain/paging/Cursor.js"
import { testSettings } from "../../support/TestSettings.js"
import { serverReachable, serverStorage } from "../postgres/TestDatabase.js"
import { account, createSpotCast, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

const digests = NodeCrypto.make
/** The test server's own key. */
const SECRET = Redacted.value(testSettings.cursorSecret)

/**
 * A cursor sealed with the server's own key, as someone who knows it (or an old fixed default) could
 * make one: the seal is valid, so only the bounds on its fields stand between it and the store.
 */
const sealed = (fields: ReadonlyArray<unknown>) => {
  const payload = Encoding.encodeBase64Url(JSON.stringify(fields))
  return `${payload}.${digests.hmacSha256Hex(SECRET, payload).slice(0, 32)}`
}

const VALID_ID = `spc_${"A".repeat(22)}`

/** Positions a store must never be asked about, each sealed for the list's own account and scope. */
const forgedPositions: ReadonlyArray<readonly [string, unknown, unknown]> = [
  ["a timestamp past the JavaScript date range", 8_640_000_000_000_001, VALID_ID],
  ["a timestamp past year 9999", MAX_CURSOR_MILLIS + 1, VALID_ID],
  ["a timestamp before 1970", -1, VALID_ID],
  ["the most negative safe integer", Number.MIN_SAFE_INTEGER, VALID_ID],
  ["a fraction", 1.5, VALID_ID],
  ["a huge number", 1e300, VALID_ID],
  ["a timestamp as text", "1", VALID_ID],
  ["an id with NUL", 0, `spc_${"A".repeat(21)}\u0000`],
  ["an id of NUL only", 0, "\u0000"],
  ["an empty id", 0, ""],
  ["an id too long", 0, `spc_${"A".repeat(23)}`],
  ["an id of another shape", 0, "'; DROP TABLE spotcasts; --"],
  ["an id with a lone surrogate", 0, `spc_${"A".repeat(21)}\ud800`],
  ["an id that is a number", 0, 5]
]

/** Cursors no one sealed: random text, NUL, an oversize one. */
const unsealed = [
  "AAAA.0000",
  "%00",
  "a.b.c",
  `${"x".repeat(600)}.${"0".repeat(32)}`,
  "eyJhIjoxfQ.%00%00",
  ".",
  "💥.💥"
]

const suite = (name: string, storage: Layer.Layer<any, any> | undefined) =>
  layer(storage === undefined ? TestServer.layer() : TestServer.layerOn(storage), {
    excludeTestServices: true,
    timeout: "120 seconds"
  })(name, (it) => {
    it.effect("a forged, boundary or random cursor on every paged list is 400 invalid_cursor; the boundaries themselves page", () =>
      Effect.gen(function*() {
        const { account: owner, key } = yield* account(100)
        const spotcast = yield* createSpotCast(key)
        const route = yield* postJson("/v3/route", {
          waypoints: [{ latitude: 41.49, longitude: -71.31 }, { latitude: 41.17, longitude: -71.58 }],
          departure_time: new Date(Date.now() + 2 * 3_600_000).toISOString(),
          speed_kts: 6
        }, key)
        assert.strictEqual(route.status, 202, route.text)
        const admin = { authorization: `Bearer ${TestServer.ADMIN_TOKEN}` }
        const lists: ReadonlyArray<{ path: string; list: string; headers?: Record<string, string> }> = [
          { path: "/v3/spotcasts", list: SPOTCASTS_LIST },
          { path: `/v3/spotcast/${spotcast.id}/forecasts`, list: forecastsList(spotcast.id) },
          { path: "/v3/routes", list: ROUTES_LIST },
          { path: `/v3/route/${route.json.id}/forecasts`, list: routeForecastsList(route.json.id) },
          { path: "/v3/spotcast/widgets", list: WIDGETS_LIST },
          { path: `/admin/v1/accounts/${owner.id}/widgets`, list: WIDGETS_LIST, headers: admin },
          { path: `/admin/v1/accounts/${owner.id}/webhook-deliveries`, list: DELIVERIES_LIST, headers: admin }
        ]
        const fetch = (path: string, cursor: string, headers?: Record<string, string>) =>
          TestServer.raw(HttpClientRequest.get(`${path}?after=${cursor}`).pipe(
            headers === undefined ? HttpClientRequest.bearerToken(key) : HttpClientRequest.setHeaders(headers)
          ))
        for (const { headers, list, path } of lists) {
          for (const [what, createdAtMillis, id] of forgedPositions) {
            const cursor = encodeURIComponent(sealed([1, owner.id, list, createdAtMillis, id]))
            const r = yield* fetch(path, cursor, headers)
            assert.strictEqual(r.status, 400, `${path}, ${what}: ${r.text}`)
            assert.strictEqual(r.json.error.code, "invalid_cursor", `${path}, ${what}`)
            assert.strictEqual(r.json.error.param, "after")
          }
          for (const cursor of unsealed) {
            const r = yield* fetch(path, encodeURIComponent(cursor), headers)
            assert.strictEqual(r.status, 400, `${path}, ${JSON.stringify(cursor)}: ${r.text}`)
            assert.strictEqual(r.json.error.code, "invalid_cursor")
          }
          // Raw NUL and control bytes in the query string, not percent-encoded by a client.
          const nul = yield* fetch(path, "%00abc.%01", headers)
          assert.strictEqual(nul.status, 400, nul.text)
          // The boundaries of the valid range are positions like any other: a page (empty or not), never an error.
          for (const createdAtMillis of [0, MAX_CURSOR_MILLIS]) {
            const cursor = encodeURIComponent(sealed([1, owner.id, list, createdAtMillis, VALID_ID]))
            const r = yield* fetch(path, cursor, headers)
            assert.strictEqual(r.status, 200, `${path} at ${createdAtMillis}: ${r.text}`)
            assert.isArray(r.json.data)
          }
        }
        // A cursor sealed for the account but with the default key of old versions is not accepted.
        const oldDefault = (() => {
          const payload = Encoding.encodeBase64Url(JSON.stringify([1, owner.id, SPOTCASTS_LIST, 0, VALID_ID]))
          return `${payload}.${digests.hmacSha256Hex("spotcast-default-cursor-key", payload).slice(0, 32)}`
        })()
        assert.strictEqual((yield* get(`/v3/spotcasts?after=${oldDefault}`, key)).status, 400)
        assert.deepStrictEqual(TestServer.errorLogs, [])
      }), 120_000)
  })

suite("forged cursors (memory)", undefined)
if (await serverReachable) suite("forged cursors (the Postgres server)", serverStorage())
