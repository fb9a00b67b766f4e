import { assert, describe, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import type { ResolvedAddress, Resolver } from "../../../src/adapters/webhook/AddressGuard.js"
import * as HttpWebhookTransport from "../../../src/adapters/webhook/HttpWebhookTransport.js"
import type { WebhookRequest } from "../../../src/ports/WebhookTransport.js"
import { makeCertificate, startReceiver } from "./fixtures/HttpsReceiver.js"

const certificate = makeCertificate()

const headers = {
  "Content-Type": "application/json",
  "X-Service-Event": "spotcast.forecast.completed",
  "X-Service-Signature": "sha256=00",
  "X-Service-Delivery-ID": "whk_0000000000000000000001",
  "X-Service-Timestamp": "1772352000",
  "User-Agent": "Service-Webhooks/1.0"
}
const body = JSON.stringify({ event: "spotcast.forecast.completed", data: { note: "naïve ✓ – bytes" } })

const request = (url: string, timeout: Duration.DurationInput = "10 seconds"): WebhookRequest => ({
  url,
  headers,
  body,
  timeout: Duration.decode(timeout)
})

const countingResolver = (answer: ReadonlyArray<ResolvedAddress>) => {
  const calls: Array<string> = []
  const resolver: Resolver = (host) => {
    calls.push(host)
    return Promise.resolve(answer)
  }
  return { calls, resolver }
}

const LOOPBACK: ReadonlyArray<ResolvedAddress> = [{ address: "127.0.0.1", family: 4 }]

const receiver = startReceiver(certificate, (r) =>
  r.path === "/redirect"
    ? { status: 302, headers: { location: "/ok" } }
    : r.path === "/broken"
    ? { status: 500 }
    : r.path === "/slow"
    ? { status: 200, delayMs: 2_000 }
    : { status: 204 })

describe("HttpWebhookTransport", () => {
  it.scopedLive("POSTs the exact body bytes and headers over verified TLS; a 2xx is delivered", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert })
      const outcome = yield* transport.post(request(`https://localhost:${port}/ok`))
      assert.isTrue(outcome.ok)
      assert.strictEqual(outcome.statusCode, 204)
      assert.strictEqual(received.length, 1)
      const got = received[0]!
      assert.isTrue(got.rawBody.equals(Buffer.from(body, "utf8")), "byte-identical body")
      for (const [name, value] of Object.entries(headers)) assert.strictEqual(got.headers[name.toLowerCase()], value)
      assert.isUndefined(got.headers["traceparent"], "no tracing headers leak to receivers")
      assert.isUndefined(got.headers["b3"])
    }))

  it.scopedLive("a non-2xx answer is a failure with its status", () =>
    Effect.gen(function*() {
      const { port } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert })
      const outcome = yield* transport.post(request(`https://localhost:${port}/broken`))
      assert.isFalse(outcome.ok)
      assert.strictEqual(outcome.statusCode, 500)
    }))

  it.scopedLive("redirects are not followed: a 3xx is a failure and the target is never called", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert })
      const outcome = yield* transport.post(request(`https://localhost:${port}/redirect`))
      assert.isFalse(outcome.ok)
      assert.strictEqual(outcome.statusCode, 302)
      assert.match(outcome.error!, /redirects are not followed/)
      assert.deepStrictEqual(received.map((r) => r.path), ["/redirect"])
    }))

  it.scopedLive("no answer within the timeout is a failure, reported when the time is up", () =>
    Effect.gen(function*() {
      const { port } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert })
      const outcome = yield* transport.post(request(`https://localhost:${port}/slow`, "300 millis"))
      assert.isFalse(outcome.ok)
      assert.isUndefined(outcome.statusCode)
      assert.match(outcome.error!, /^timeout/)
      assert.isAtLeast(outcome.durationMs, 290)
      assert.isBelow(outcome.durationMs, 1_500)
    }))

  it.scopedLive("certificates are verified: an untrusted one is a TLS failure and nothing is sent", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true })
      const outcome = yield* transport.post(request(`https://localhost:${port}/ok`))
      assert.isFalse(outcome.ok)
      assert.match(outcome.error!, /^tls: /)
      assert.strictEqual(received.length, 0)
    }))

  it.scopedLive("a connection error is a failure value", () =>
    Effect.gen(function*() {
      const { port } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert })
      const closed = port === 1 ? 2 : 1
      const outcome = yield* transport.post(request(`https://127.0.0.1:${closed}/ok`))
      assert.isFalse(outcome.ok)
      assert.match(outcome.error!, /^connection: /)
    }))

  it.scopedLive("without the switch, loopback is refused in every spelling and nothing reaches it", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: false, ca: certificate.cert })
      for (const host of ["localhost", "127.0.0.1", "[::1]", "2130706433", "0x7f.1", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]"]) {
        const outcome = yield* transport.post(request(`https://${host}:${port}/ok`))
        assert.isFalse(outcome.ok, host)
        assert.match(outcome.error!, /^address refused: .*loopback/, host)
      }
      assert.strictEqual(received.length, 0)
    }))

  it.scopedLive("connects to the address the guard checked, once resolved, with the name as Host and SNI", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const { calls, resolver } = countingResolver(LOOPBACK)
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert, resolver })
      const outcome = yield* transport.post(request(`https://receiver.test:${port}/ok`))
      assert.isTrue(outcome.ok, outcome.error)
      assert.deepStrictEqual(calls, ["receiver.test"], "one lookup, made by the guard")
      assert.strictEqual(received[0]!.headers.host, `receiver.test:${port}`)
    }))

  it.scopedLive("a name that resolves to a private address (or to a mix) is refused unless the switch is on", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const mixed = countingResolver([{ address: "93.184.216.34", family: 4 }, { address: "10.1.2.3", family: 4 }])
      const guarded = yield* HttpWebhookTransport.make({ allowPrivate: false, ca: certificate.cert, resolver: mixed.resolver })
      const refused = yield* guarded.post(request(`https://receiver.test:${port}/ok`))
      assert.strictEqual(refused.error, "address refused: receiver.test -> 10.1.2.3 is private")
      const local = countingResolver(LOOPBACK)
      const open = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert, resolver: local.resolver })
      assert.isTrue((yield* open.post(request(`https://receiver.test:${port}/ok`))).ok)
      assert.strictEqual(received.length, 1)
    }))

  it.scopedLive("a URL that is not https, or carries credentials, is refused before anything is sent", () =>
    Effect.gen(function*() {
      const { port, received } = yield* receiver
      const transport = yield* HttpWebhookTransport.make({ allowPrivate: true, ca: certificate.cert })
      const plain = yield* transport.post(request(`http://localhost:${port}/ok`))
      assert.match(plain.error!, /^invalid url: .*https/)
      const withUser = yield* transport.post(request(`https://user:pw@localhost:${port}/ok`))
      assert.match(withUser.error!, /^invalid url: /)
      assert.strictEqual(received.length, 0)
    }))
})
