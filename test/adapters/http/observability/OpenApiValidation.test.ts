import { HttpClient, HttpClientRequest } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { gunzipSync } from "node:zlib"
import { get } from "../support/Fixtures.js"
import * as TestServer from "../support/TestServer.js"

const REDOCLY = resolve(import.meta.dirname, "../../../../node_modules/.bin/redocly")

const lint = (file: string) =>
  Effect.async<{ code: number; output: string }>((resume) => {
    execFile(REDOCLY, ["lint", file, "--format", "stylish"], { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" }, timeout: 90_000 }, (error, stdout, stderr) =>
      resume(Effect.succeed({ code: error === null ? 0 : Number(error.code ?? 1), output: `${stdout}${stderr}` })))
  })

layer(TestServer.layer(), { excludeTestServices: true, timeout: "120 seconds" })("the public OpenAPI document", (it) => {
  it.effect("passes @seriousme/openapi-schema-validator and @redocly/cli lint", () =>
    Effect.gen(function*() {
      const spec = (yield* get("/v3/openapi.json")).json
      const validated = yield* Effect.promise(() => new Validator().validate(structuredClone(spec)))
      assert.isTrue(validated.valid, JSON.stringify(validated.errors))

      const dir = mkdtempSync(join(tmpdir(), "spotcast-openapi-"))
      try {
        const file = join(dir, "openapi.json")
        writeFileSync(file, JSON.stringify(spec))
        const linted = yield* lint(file)
        assert.strictEqual(linted.code, 0, linted.output)
        assert.include(linted.output, "Woohoo! Your API description is valid.", linted.output)
        assert.notMatch(linted.output, /You have \d+ warnings?/, linted.output)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }), 120_000)

  it.effect("servers, human titles, descriptions everywhere, webhooks with both events and their headers", () =>
    Effect.gen(function*() {
      const r = yield* get("/v3/openapi.json")
      const spec = r.json
      assert.deepStrictEqual(spec.servers, [{ url: "https://spotcast.test", description: "This SpotCast service" }])
      assert.notInclude(r.text, "/schemas/unknown")
      for (const title of ["maxLength(", "between(", "\"title\":\"finite\"", "\"title\":\"int\""]) assert.notInclude(r.text, title)
      for (const [name, schema] of Object.entries(spec.components.schemas) as Array<[string, any]>) {
        assert.isString(schema.title, name)
        assert.isAbove(schema.description?.length ?? 0, 3, name)
      }
      for (const operations of Object.values(spec.paths) as Array<Record<string, any>>) {
        for (const operation of Object.values(operations)) {
          assert.isString(operation.summary, operation.operationId)
          assert.isString(operation.description, operation.operationId)
        }
      }
      for (const tag of spec.tags) assert.isString(tag.description, tag.name)
      assert.deepStrictEqual(Object.keys(spec.webhooks).sort(), [
        "route.forecast.completed",
        "route.forecast.failed",
        "spotcast.forecast.completed",
        "spotcast.forecast.failed"
      ])
      for (const hook of Object.values(spec.webhooks) as Array<any>) {
        assert.deepStrictEqual(
          hook.post.parameters.map((p: any) => p.name),
          ["X-Service-Event", "X-Service-Signature", "X-Service-Delivery-ID", "X-Service-Timestamp", "User-Agent"]
        )
        assert.isObject(hook.post.requestBody.content["application/json"].schema)
      }
      assert.deepStrictEqual(
        spec.webhooks["spotcast.forecast.failed"].post.requestBody.content["application/json"].schema.properties.data.properties.error.properties.code.enum,
        ["weather_data_unavailable", "processing_failed"]
      )
    }))

  it.effect("GET / points to the docs", () =>
    Effect.gen(function*() {
      const r = yield* get("/")
      assert.strictEqual(r.status, 200)
      assert.strictEqual(r.json.docs, "https://spotcast.test/docs")
      assert.strictEqual(r.json.openapi, "https://spotcast.test/v3/openapi.json")
      assert.include(r.json.message, "/docs")
    }))

  it.effect("the docs page is served gzip-compressed and cacheable, without the third-party toolbar", () =>
    Effect.gen(function*() {
      const plain = yield* TestServer.rawText(HttpClientRequest.get("/docs").pipe(HttpClientRequest.setHeader("accept-encoding", "identity")))
      assert.strictEqual(plain.status, 200)
      assert.isUndefined(plain.headers["content-encoding"])
      const page = plain.text
      assert.include(page, "\"showToolbar\":\"never\"")
      assert.include(page, "\"telemetry\":false")
      assert.include(page, "https://spotcast.test")

      const spec = yield* rawBytes("/v3/openapi.json", { "accept-encoding": "gzip" })
      assert.strictEqual(spec.headers["content-encoding"], "gzip")
      assert.isString(spec.headers["etag"])

      const zipped = yield* rawBytes("/docs", { "accept-encoding": "gzip, br" })
      assert.strictEqual(zipped.headers["content-encoding"], "gzip")
      assert.match(zipped.headers["cache-control"] ?? "", /max-age=\d+/)
      assert.strictEqual(zipped.headers["vary"], "Accept-Encoding")
      assert.isBelow(zipped.bytes.length, Buffer.byteLength(page) / 3, "compressed to under a third")
      assert.strictEqual(gunzipSync(zipped.bytes).toString("utf8"), page)

      const again = yield* rawBytes("/docs", { "if-none-match": zipped.headers["etag"]! })
      assert.strictEqual(again.status, 304)
      assert.strictEqual(again.bytes.length, 0)
      assert.isString(again.headers["request-id"])
    }))
})

/** The body as sent on the wire (fetch would decode gzip itself). */
const rawBytes = (path: string, headers: Record<string, string>) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(HttpClientRequest.get(path).pipe(HttpClientRequest.setHeaders(headers)))
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(yield* response.arrayBuffer) }
  })
