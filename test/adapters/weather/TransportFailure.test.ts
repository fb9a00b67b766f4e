import { assert, describe, it } from "@effect/vitest"
import { createServer } from "node:net"
import { transportFailure } from "../../../src/adapters/weather/TransportFailure.js"

const URL_WITH_KEY = "https://customer-api.open-meteo.com/v1/forecast?apikey=secret-key-123"

/** What fetch (undici) fails with when nothing listens on a loopback port. */
const refused = () =>
  new Promise<unknown>((done) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port
      server.close(() => fetch(`http://127.0.0.1:${port}/`).then(() => done(undefined), done))
    })
  })

describe("transport failures, as the operator reads them", () => {
  it("names the host and why, never the query string", () => {
    const dns = transportFailure(URL_WITH_KEY, { cause: { code: "ENOTFOUND" } })
    assert.strictEqual(dns, "cannot reach customer-api.open-meteo.com: DNS lookup failed (ENOTFOUND)")
    assert.notInclude(dns, "secret")
    assert.strictEqual(
      transportFailure(URL_WITH_KEY, { code: "UND_ERR_CONNECT_TIMEOUT" }),
      "cannot reach customer-api.open-meteo.com: connection timed out (UND_ERR_CONNECT_TIMEOUT)"
    )
    assert.strictEqual(
      transportFailure(URL_WITH_KEY, new Error("fetch failed", { cause: { code: "CERT_HAS_EXPIRED" } })),
      "cannot reach customer-api.open-meteo.com: TLS failure (CERT_HAS_EXPIRED)"
    )
    assert.strictEqual(transportFailure(URL_WITH_KEY, new Error("boom")), "cannot reach customer-api.open-meteo.com: no connection")
  })

  it("reads a real refused connection", async () => {
    const error = await refused()
    assert.strictEqual(transportFailure("http://127.0.0.1:1/v1/forecast", error), "cannot reach 127.0.0.1:1: connection refused (ECONNREFUSED)")
  })
})
