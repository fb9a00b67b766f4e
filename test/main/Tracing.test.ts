import { assert, describe, it } from "@effect/vitest"
import { createServer, type Server } from "node:http"
import { startServer } from "../support/Spawn.js"

const KEY = `sk_test_${"TracingTest0123456789abcdefghijk".slice(0, 32)}`

interface Received {
  readonly service: string | undefined
  readonly attributes: Record<string, unknown>
  readonly spans: ReadonlyArray<{ traceId: string; spanId: string; parentSpanId?: string; name: string }>
}

/** A loopback OTLP/HTTP collector (JSON encoding) that keeps every batch of spans it is sent. */
const collector = async () => {
  const batches: Array<Received> = []
  const server: Server = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk) => (body += chunk))
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        for (const resourceSpans of JSON.parse(body).resourceSpans ?? []) {
          const attributes = Object.fromEntries(
            (resourceSpans.resource?.attributes ?? []).map((a: any) => [a.key, Object.values(a.value ?? {})[0]])
          )
          batches.push({
            service: attributes["service.name"] as string | undefined,
            attributes,
            spans: resourceSpans.scopeSpans.flatMap((s: any) => s.spans)
          })
        }
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  return { port: (server.address() as { port: number }).port, batches, close: () => server.close() }
}

describe("traces over OTLP", () => {
  it("a request's spans reach the collector in the caller's trace, with the service's resource", async () => {
    const otlp = await collector()
    const server = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_BOOTSTRAP_KEY: KEY,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlp.port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_SERVICE_NAME: "spotcast-trace-test",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=test",
      OTEL_BSP_SCHEDULE_DELAY: "200"
    })
    try {
      const traceId = "4bf92f3577b34da6a3ce929d0e0e4736"
      const parentId = "00f067aa0ba902b7"
      const res = await fetch(`${server.baseUrl}/v3/account/balance`, {
        headers: { authorization: `Bearer ${KEY}`, traceparent: `00-${traceId}-${parentId}-01` }
      })
      assert.strictEqual(res.status, 200)
      const deadline = Date.now() + 15_000
      let spans: Array<Received["spans"][number] & { batch: Received }> = []
      while (Date.now() < deadline) {
        spans = otlp.batches.flatMap((batch) => batch.spans.filter((s) => s.traceId === traceId).map((s) => ({ ...s, batch })))
        if (spans.some((s) => s.parentSpanId === parentId) && spans.length >= 2) break
        await new Promise((r) => setTimeout(r, 100))
      }
      const root = spans.find((s) => s.parentSpanId === parentId)
      assert.isDefined(root, `no span continues the caller's traceparent: ${JSON.stringify(otlp.batches.slice(0, 2))}`)
      assert.match(root!.name, /http\.server GET/)
      assert.isAtLeast(spans.length, 2, "the request's inner spans are in the same trace")
      assert.isTrue(spans.some((s) => s.parentSpanId === root!.spanId), "children of the request span")
      assert.strictEqual(root!.batch.service, "spotcast-trace-test")
      assert.strictEqual(root!.batch.attributes["deployment.environment"], "test")
    } finally {
      await server.stop()
      otlp.close()
    }
  }, 60_000)
})
