import * as Cookies from "@effect/platform/Cookies"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { assert, describe, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { withHeaders } from "../../../src/adapters/http/ResponseHeaders.js"

const built = fileURLToPath(new URL("../../../dist/adapters/http/ResponseHeaders.js", import.meta.url))
const platform = fileURLToPath(new URL("../../../node_modules/@effect/platform/dist/esm/HttpServerResponse.js", import.meta.url))
const effect = fileURLToPath(new URL("../../../node_modules/effect/dist/esm/index.js", import.meta.url))

/**
 * The hidden classes (maps) V8 makes per call of `call` (an expression of `i`, after the imports), in a
 * fresh process under V8's map log: the log's map events at 3,000 calls less those at 1,000, over 2,000.
 * A count, not a time: the same on a busy machine.
 */
const mapsPerCall = (call: string): number => {
  const dir = mkdtempSync(join(tmpdir(), "spotcast-maps-"))
  const count = (n: number) => {
    const log = join(dir, `${n}.log`)
    const script = `
      import * as HttpServerResponse from ${JSON.stringify(platform)}
      import { Effect } from ${JSON.stringify(effect)}
      import { withHeaders } from ${JSON.stringify(built)}
      const response = HttpServerResponse.unsafeJson({ credit_balance: 1 })
      const headersOf = (i) => ({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": String(i % 100), "request-id": "req_" + i })
      const hoisted = Effect.gen(function*() { return yield* Effect.succeed(1) })
      for (let i = 0; i < ${n}; i++) ${call}
    `
    execFileSync(process.execPath, ["--log-maps", `--logfile=${log}`, "--no-logfile-per-isolate", "--input-type=module", "-e", script])
    return readFileSync(log, "utf8").split("\n").filter((line) => line.startsWith("map,")).length
  }
  try {
    return (count(3000) - count(1000)) / 2000
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe("withHeaders", () => {
  it("adds each header, replaces one of the same name, and keeps the status, body and cookies", () => {
    const response = HttpServerResponse.unsafeJson({ ok: true }, { status: 201, headers: { "x-kept": "1", "x-replaced": "old" } }).pipe(
      HttpServerResponse.unsafeSetCookie("session", "abc")
    )
    const headed = withHeaders(response, { "x-replaced": "new", "x-added": "2" })
    assert.strictEqual(headed.status, 201)
    assert.strictEqual(headed.body, response.body)
    assert.deepStrictEqual(Cookies.toCookieHeader(headed.cookies), Cookies.toCookieHeader(response.cookies))
    assert.strictEqual(headed.headers["x-kept"], "1")
    assert.strictEqual(headed.headers["x-replaced"], "new")
    assert.strictEqual(headed.headers["x-added"], "2")
    assert.strictEqual(headed.headers["content-type"], "application/json")
    // the response given is not changed
    assert.strictEqual(response.headers["x-replaced"], "old")
    assert.isUndefined(response.headers["x-added"])
  })

  it("no headers: the same response", () => {
    const response = HttpServerResponse.text("hi")
    assert.strictEqual(withHeaders(response, {}), response)
  })

  it("makes no hidden classes per call, where HttpServerResponse.setHeaders makes several", () => {
    // The control shows that the count sees what it is meant to: the platform's setHeaders makes new
    // ones on every call (0.7-0.9 KB of the old generation, bench/hidden-classes.mjs).
    assert.isAbove(mapsPerCall("HttpServerResponse.setHeaders(response, headersOf(i))"), 2)
    assert.isBelow(mapsPerCall("withHeaders(response, headersOf(i))"), 0.05)
  }, 120_000)

  it("an Effect.gen made once makes no hidden classes per run; one made per call makes some (why handlers are hoisted)", () => {
    assert.isAbove(mapsPerCall("Effect.runSync(Effect.gen(function*() { return yield* Effect.succeed(i) }))"), 1)
    assert.isBelow(mapsPerCall("Effect.runSync(hoisted)"), 0.05)
  }, 120_000)
})
