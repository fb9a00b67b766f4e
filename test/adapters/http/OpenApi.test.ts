import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { get } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

layer(TestServer.layer(), { excludeTestServices: true })("OpenAPI and docs", (it) => {
  it.effect("/v3/openapi.json documents every public endpoint, both auth schemes and the error envelope", () =>
    Effect.gen(function*() {
      const r = yield* get("/v3/openapi.json")
      assert.strictEqual(r.status, 200)
      assert.include(r.headers["content-type"] ?? "", "application/json")
      const spec = r.json
      assert.strictEqual(spec.openapi, "3.1.0")
      assert.deepStrictEqual(Object.keys(spec.paths).sort(), [
        "/v3/account/balance",
        "/v3/developer/info",
        "/v3/route",
        "/v3/route/{id}",
        "/v3/route/{id}/forecast/{forecast_id}",
        "/v3/route/{id}/forecasts",
        "/v3/route/{id}/refresh",
        "/v3/route/{id}/status",
        "/v3/routes",
        "/v3/spotcast",
        "/v3/spotcast/widgets",
        "/v3/spotcast/widgets/{id}",
        "/v3/spotcast/widgets/{id}/refresh",
        "/v3/spotcast/{id}",
        "/v3/spotcast/{id}/forecast/{forecast_id}",
        "/v3/spotcast/{id}/forecasts",
        "/v3/spotcast/{id}/refresh",
        "/v3/spotcast/{id}/status",
        "/v3/spotcasts",
        "/v3/usage",
        "/v3/usage/export"
      ])
      assert.notInclude(r.text, "HttpApiDecodeError")
      assert.notInclude(r.text, "/admin/v1")
      assert.deepStrictEqual(Object.keys(spec.components.securitySchemes).sort(), ["apiKey", "bearer"])
      assert.strictEqual(spec.components.securitySchemes.apiKey.name, "X-API-Key")

      const create = spec.paths["/v3/spotcast"].post
      assert.deepStrictEqual(create.security, [{ bearer: [] }, { apiKey: [] }])
      assert.deepStrictEqual(
        Object.keys(create.responses).sort(),
        ["202", "400", "401", "402", "403", "404", "405", "413", "415", "429", "500", "503"]
      )
      for (const response of Object.values(create.responses) as Array<any>) {
        assert.deepStrictEqual(
          ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].every((h) => h in response.headers),
          true
        )
      }
      assert.property(create.responses["429"].headers, "Retry-After")
      assert.property(create.responses["503"].headers, "Retry-After")
      assert.property(create.responses["405"].headers, "Allow")
      assert.property(create.responses["202"].headers, "Request-Id")
      // Bounds sit on the number itself, where every reader looks (not beside a $ref).
      assert.deepStrictEqual(
        spec.components.schemas.CreateSpotCastRequest.properties.latitude,
        { type: "number", description: "a number between -90 and 90", examples: [41.13], minimum: -90, maximum: 90 }
      )
      assert.notInclude(r.text, "#/components/schemas/Finite")
      assert.notInclude(r.text, "#/components/schemas/Int\"")
      assert.isString(spec.info.contact.url)
      // Examples are dated today, so the docs page's "Test Request" succeeds.
      assert.strictEqual(create.requestBody.content["application/json"].example.start_date, new Date().toISOString().slice(0, 10))
      const envelope = spec.components.schemas.ValidationError
      assert.deepStrictEqual(envelope.required, ["error"])
      assert.deepStrictEqual(envelope.properties.error.required, ["code", "message", "request_id"])
      assert.property(envelope.properties.error.properties, "param")
      const balance = spec.components.schemas.InsufficientBalance.properties.error.properties
      assert.includeMembers(Object.keys(balance), ["current_balance", "required_credits", "purchase_url"])
      assert.property(spec.components.schemas.RateLimitExceeded.properties.error.properties, "retry_after")
      assert.strictEqual(spec.paths["/v3/spotcast/{id}/refresh"].post.requestBody.required, false)
      assert.property(spec.paths["/v3/spotcast/{id}/refresh"].post.responses, "409")
      const limit = spec.paths["/v3/spotcasts"].get.parameters.find((p: any) => p.name === "limit")
      assert.deepStrictEqual([limit.schema.type, limit.schema.maximum, limit.schema.default], ["integer", 100, 20])
    }))

  it.effect("/docs is a self-contained page (no external script) reachable without a key", () =>
    Effect.gen(function*() {
      const r = yield* get("/docs")
      assert.strictEqual(r.status, 200)
      assert.include(r.headers["content-type"] ?? "", "text/html")
      assert.include(r.text, "SpotCast: Marine Forecast Service API")
      assert.notMatch(r.text, /<script[^>]+src=/)
      assert.notInclude(r.text, "/admin/v1")
    }))
})
