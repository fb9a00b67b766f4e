import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, type Layer, Schedule } from "effect"
import { memberText } from "../../../src/adapters/http/RawMember.js"
import { stringifyWithRaw } from "../../../src/domain/RawJson.js"
import { serverReachable, serverStorage } from "../postgres/TestDatabase.js"
import { WebhookOutbox } from "../../../src/ports/WebhookOutbox.js"
import { account, awaitFinished, get, postText, today } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

describe("memberText", () => {
  it("finds a top-level member's text as sent, whatever comes before or after it", () => {
    assert.strictEqual(memberText(`{"metadata":{"n":1.0}}`, "metadata"), `{"n":1.0}`)
    assert.strictEqual(memberText(` { "a" : "}\\"," , "b":[1,{"metadata":2}], "metadata" :  { "x" : [ -0 ] } , "c":3}`, "metadata"), `{ "x" : [ -0 ] }`)
    assert.strictEqual(memberText(`{"\\u006detadata":{"k":"]"},"z":1}`, "metadata"), `{"k":"]"}`)
    assert.strictEqual(memberText(`{"a":12,"metadata":1e400}`, "metadata"), `1e400`)
    assert.strictEqual(memberText(`{"other":{"metadata":{}}}`, "metadata"), undefined)
    assert.strictEqual(memberText(`[{"metadata":{}}]`, "metadata"), undefined)
  })
})

describe("stringifyWithRaw", () => {
  it("splices the text in as it is, even when another string of the value equals the first slot", () => {
    const raw = `{"n":12345678901234567890}`
    assert.strictEqual(stringifyWithRaw(raw, (slot) => ({ a: "x", m: slot })), `{"a":"x","m":${raw}}`)
    const taken = `\u2063raw-json-0\u2063`
    assert.strictEqual(stringifyWithRaw(raw, (slot) => ({ a: taken, m: slot })), `{"a":${JSON.stringify(taken)},"m":${raw}}`)
  })
})

/** Numbers that a parse and a serialization would change, with the spacing and escapes as sent. */
const SENT = `{ "n":12345678901234567890,"f":1.0,"z":-0, "e": 1E+2, "s": "caf\\u00e9 \\"q\\"", "deep": [ {"x": 0.10} ] }`

const suite = (name: string, storage: Layer.Layer<any, any> | undefined) =>
  layer(storage === undefined ? TestServer.layer() : TestServer.layerOn(storage), {
    excludeTestServices: true,
    timeout: "120 seconds"
  })(name, (it) => {
    it.effect("metadata comes back in GET and in the webhook body byte for byte as sent", () =>
      Effect.gen(function*() {
        const { account: owner, key } = yield* account(10)
        const hook = `"webhook_url":"https://hooks.example.com/spotcast"`
        const body = `{"latitude":41.13,"longitude":-71.71,"start_date":"${today()}","num_days":2,${hook},"metadata":  ${SENT}  }`
        const created = yield* postText("/v3/spotcast", body, key)
        assert.strictEqual(created.status, 202, created.text)
        const read = yield* get(`/v3/spotcast/${created.json.id}`, key)
        assert.strictEqual(read.status, 200, read.text)
        assert.include(read.text, `"metadata":${SENT},"latest_forecast":`)
        assert.deepStrictEqual(read.json.metadata, JSON.parse(SENT))
        // The forecast's webhook event, as stored for every attempt, once the worker has read the SpotCast back.
        yield* awaitFinished(created.json.id, key)
        const deliveries = yield* (yield* WebhookOutbox).list(owner.id, { limit: 10 })
        assert.strictEqual(deliveries.length, 1)
        const sent = deliveries[0]!.delivery.body
        assert.isTrue(sent.endsWith(`"metadata":${SENT}}}`), sent)
        assert.deepStrictEqual(JSON.parse(sent).data.metadata, JSON.parse(SENT))
        // Without metadata the resource has no such member.
        const plain = yield* postText("/v3/spotcast", `{"latitude":41.13,"longitude":-71.71,"start_date":"${today()}","num_days":1}`, key)
        const readPlain = yield* get(`/v3/spotcast/${plain.json.id}`, key)
        assert.notProperty(readPlain.json, "metadata")
      }), 120_000)

    it.effect("a route's metadata comes back in GET and in the webhook body byte for byte as sent; the list carries none; a repeated key is 400", () =>
      Effect.gen(function*() {
        const { account: owner, key } = yield* account(10)
        // Tomorrow 13:00 UTC, off Newport: in the future whenever the test runs.
        const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
        const plan = `"waypoints":[{"latitude":41.49,"longitude":-71.31},{"latitude":41.17,"longitude":-71.58}],"departure_time":"${tomorrow}T13:00:00Z","speed_kts":6`
        const hook = `"webhook_url":"https://hooks.example.com/route"`
        const created = yield* postText("/v3/route", `{ ${plan}, ${hook}, "metadata" :\n ${SENT}\n}`, key)
        assert.strictEqual(created.status, 202, created.text)
        const read = yield* get(`/v3/route/${created.json.id}`, key)
        assert.strictEqual(read.status, 200, read.text)
        assert.include(read.text, `"metadata":${SENT},"latest_forecast":`)
        assert.deepStrictEqual(read.json.metadata, JSON.parse(SENT))
        const list = yield* get("/v3/routes", key)
        assert.strictEqual(list.status, 200, list.text)
        assert.deepStrictEqual(list.json.data.map((r: any) => r.id), [created.json.id])
        assert.notProperty(list.json.data[0], "metadata")
        // The route forecast's webhook event, as stored for every attempt.
        const finished = yield* get(`/v3/route/${created.json.id}/status`, key).pipe(
          Effect.filterOrFail((r) => r.json?.status === "completed" || r.json?.status === "failed", () => "unfinished"),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
        )
        assert.strictEqual(finished.json.status, "completed", finished.text)
        const deliveries = yield* (yield* WebhookOutbox).list(owner.id, { limit: 10 })
        assert.strictEqual(deliveries.length, 1)
        const event = deliveries[0]!.delivery.body
        assert.isTrue(event.endsWith(`"metadata":${SENT}}}`), event)
        assert.strictEqual(JSON.parse(event).event, "route.forecast.completed")
        // A key repeated inside the metadata, however it is escaped: refused, nothing stored.
        for (const metadata of [`{"k":1,"k":2}`, `{"x":{"k":1,"\\u006b":1}}`]) {
          const refused = yield* postText("/v3/route", `{${plan},"metadata":${metadata}}`, key)
          assert.strictEqual(refused.status, 400, refused.text)
          assert.strictEqual(refused.json.error.code, "invalid_metadata")
          assert.strictEqual(refused.json.error.param, "metadata")
        }
        assert.strictEqual((yield* get("/v3/routes", key)).json.data.length, 1)
        // Without metadata the route has no such member.
        const plain = yield* postText("/v3/route", `{${plan}}`, key)
        assert.notProperty((yield* get(`/v3/route/${plain.json.id}`, key)).json, "metadata")
      }), 120_000)
  })

suite("metadata as sent (memory)", undefined)
if (await serverReachable) suite("metadata as sent (the Postgres server)", serverStorage())
