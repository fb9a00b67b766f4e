import { type ChildProcess, execFile, spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { freePort, type Served, startServer } from "../support/Spawn.js"
import { documentValidator } from "./conformance/DocumentValidator.js"
import { typedClient } from "./conformance/TypedClient.js"

/**
 * Every public operation, its success and the errors it documents, driven through Stoplight Prism
 * in validating-proxy mode (`prism proxy --errors`) in front of the built server: Prism checks each
 * request and each response against the document the server serves, and answers a violation with
 * a 500 and an `sl-violations` header instead of the server's response. A strict proxy also checks
 * the requests (the document must allow every request the server accepts); a second one, with
 * request validation off, carries the requests the document itself refuses, so that the server's
 * refusals are checked too. A third strict proxy stands in front of a server whose simulated weather
 * never arrives in time, so that a forecast stays in progress and a refresh meets the documented 409.
 *
 * Prism cannot carry a few exchanges: it answers a request without any key itself (its own 401, never
 * the server's `missing_api_key`), and it hangs on a body that is not JSON instead of passing it on.
 * Those answers are taken from the server directly and checked against the same document with Ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1): the documented response for the status, its media
 * type, its schema and its required headers, as Prism checks them.
 */

const ROOT = resolve(import.meta.dirname, "../..")
const PRISM = resolve(ROOT, "node_modules/@stoplight/prism-cli/dist/index.js")
const ADMIN_TOKEN = "conformance-admin-token-0123456789"
const RATE_LIMIT = 150
/** Simulated weather this late keeps every forecast of the slow server in progress for the whole run. */
const NEVER_MS = 3_600_000

interface Proxy {
  readonly url: string
  readonly child: ChildProcess
  readonly output: () => string
}

const startPrism = async (document: string, upstream: string, validateRequests: boolean): Promise<Proxy> => {
  const port = await freePort()
  const child = spawn(process.execPath, [
    PRISM, "proxy", document, upstream, "--errors", `--validate-request=${validateRequests}`,
    "-p", String(port), "-h", "127.0.0.1", "--cors=false"
  ], { env: { ...process.env, SCARF_ANALYTICS: "false" } })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const deadline = Date.now() + 90_000
  while (!output.includes("Prism is listening")) {
    if (child.exitCode !== null) throw new Error(`prism exited:\n${output}`)
    if (Date.now() > deadline) throw new Error(`prism did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url: `http://127.0.0.1:${port}`, child, output: () => output }
}

interface Answer {
  readonly status: number
  readonly violations: string | null
  readonly headers: Headers
  readonly text: string
  readonly json: any
}

const send = async (
  base: string,
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}
): Promise<Answer> => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== undefined) headers["authorization"] = `Bearer ${options.key}`
  if (options.body !== undefined) headers["content-type"] = "application/json"
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  const res = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
  const text = await res.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: res.status, violations: res.headers.get("sl-violations"), headers: res.headers, text, json }
}

const today = () => new Date().toISOString().slice(0, 10)
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

describe("the served document, checked by Prism's validating proxy on every operation", () => {
  const dir = mkdtempSync(join(tmpdir(), "spotcast-conformance-"))
  let server: Served
  let slowServer: Served
  let strict: Proxy
  let loose: Proxy
  let slow: Proxy
  let conforms: ReturnType<typeof documentValidator>
  const checked: Array<string> = []

  /** One exchange through a proxy: the expected status, and no violation of the document either way. */
  const expect = async (
    proxy: Proxy,
    status: number,
    method: string,
    path: string,
    options: Parameters<typeof send>[3] = {}
  ) => {
    const answer = await send(proxy.url, method, path, options)
    const what = `${method} ${path} via ${proxy === loose ? "response-only" : "strict"} proxy`
    assert.isNull(answer.violations, `${what} breaks the document: ${answer.violations}`)
    assert.strictEqual(answer.status, status, `${what}: ${answer.text.slice(0, 500)}`)
    if (status >= 400) assert.match(answer.json?.error?.request_id ?? "", /^req_/, `${what}: request_id`)
    checked.push(`${status} ${method} ${path.replace(/\?.*$/, "")}`)
    return answer
  }

  /** One exchange with the server itself, for what Prism cannot carry: checked against the document with Ajv. */
  const expectDirect = async (status: number, code: string, method: string, path: string, options: Parameters<typeof send>[3] = {}) => {
    const answer = await send(server.baseUrl, method, path, options)
    const what = `${method} ${path} sent directly`
    assert.strictEqual(answer.status, status, `${what}: ${answer.text.slice(0, 500)}`)
    assert.deepStrictEqual(conforms({ method, path, ...answer }), [], `${what} breaks the document`)
    assert.strictEqual(answer.json.error.code, code, what)
    assert.match(answer.json.error.request_id, /^req_/, `${what}: request_id`)
    checked.push(`${status} ${method} ${path.replace(/\?.*$/, "")}`)
    return answer
  }

  const admin = async (method: string, path: string, body?: unknown, base = server.baseUrl) => {
    const answer = await send(base, method, path, { key: ADMIN_TOKEN, ...(body === undefined ? {} : { body }) })
    assert.isBelow(answer.status, 300, `${method} ${path}: ${answer.text}`)
    return answer.json
  }

  const newAccount = async (credits: number, base = server.baseUrl) => {
    const created = await admin("POST", "/admin/v1/accounts", { name: "conformance", mode: "sandbox", credits }, base)
    return { id: created.account.id as string, key: created.api_key.key as string }
  }

  /** Polls `path` through the strict proxy (each answer checked) until `done` holds. */
  const until = async (path: string, key: string, done: (json: any) => boolean) => {
    for (let i = 0; i < 600; i++) {
      const answer = await expect(strict, 200, "GET", path, { key })
      if (done(answer.json)) return answer.json
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`${path} never finished`)
  }

  const finished = (json: any) => ["completed", "failed"].includes(json.status ?? json.latest_forecast?.status)

  beforeAll(async () => {
    const env = {
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_ADMIN_TOKEN: ADMIN_TOKEN,
      SPOTCAST_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      SPOTCAST_REQUEST_LOG: "false"
    }
    ;[server, slowServer] = await Promise.all([
      startServer(env),
      startServer({ ...env, SPOTCAST_SIMULATED_WEATHER_LATENCY_MS: String(NEVER_MS) })
    ])
    const text = await (await fetch(`${server.baseUrl}/v3/openapi.json`)).text()
    const document = join(dir, "openapi.json")
    writeFileSync(document, text)
    conforms = documentValidator(JSON.parse(text))
    ;[strict, loose, slow] = await Promise.all([
      startPrism(document, server.baseUrl, true),
      startPrism(document, server.baseUrl, false),
      startPrism(document, slowServer.baseUrl, true)
    ])
  }, 180_000)

  afterAll(async () => {
    for (const proxy of [strict, loose, slow]) proxy?.child.kill("SIGTERM")
    // Its forecasts never finish: no graceful drain to wait for.
    await slowServer?.stop("SIGKILL")
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("SpotCasts, account and usage: every success and documented error", async () => {
    const { key } = await newAccount(100)
    const idem = { "idempotency-key": `conformance-${Date.now()}` }
    const body = { latitude: 41.13, longitude: -71.71, start_date: today(), num_days: 2, metadata: { trip: "conformance" } }
    const created = (await expect(strict, 202, "POST", "/v3/spotcast", { key, body, headers: idem })).json
    await expect(strict, 202, "POST", "/v3/spotcast", { key, body, headers: idem })
    await expect(strict, 400, "POST", "/v3/spotcast", { key, body: { ...body, num_days: 3 }, headers: idem })
    await until(`/v3/spotcast/${created.id}/status`, key, finished)
    await expect(strict, 200, "GET", `/v3/spotcast/${created.id}`, { key })
    await expect(strict, 200, "GET", `/v3/spotcast/${created.id}/forecasts?limit=5`, { key })
    const forecast = (await expect(strict, 200, "GET", `/v3/spotcast/${created.id}/forecast/${created.forecast_id}`, { key })).json
    assert.strictEqual(forecast.forecast_period.end_date, `${inDays(1)}T23:59:59.000Z`)
    await expect(strict, 202, "POST", `/v3/spotcast/${created.id}/refresh`, { key, body: {} })
    await expect(strict, 200, "GET", "/v3/spotcasts?limit=20", { key })
    await expect(strict, 400, "GET", "/v3/spotcasts?after=not-a-cursor", { key })
    await expect(strict, 404, "GET", "/v3/spotcast/spc_missing", { key })
    await expect(strict, 404, "GET", "/v3/spotcast/spc_missing/status", { key })
    await expect(strict, 404, "GET", `/v3/spotcast/${created.id}/forecast/fcst_missing`, { key })
    // Rules the document states in words, on requests it allows.
    await expect(strict, 400, "POST", "/v3/spotcast", { key, body: { ...body, start_date: "2020-01-01" } })
    await expect(strict, 400, "POST", "/v3/spotcast", { key, body: { ...body, webhook_url: "https://127.0.0.1/hook" } })
    await expect(strict, 200, "GET", "/v3/account/balance", { key })
    await expect(strict, 200, "GET", "/v3/developer/info", { key })
    await expect(strict, 200, "GET", `/v3/usage?from=${inDays(-6)}&to=${today()}&granularity=day`, { key })
    await expect(strict, 200, "GET", `/v3/usage?from=${today()}&to=${today()}&granularity=hour`, { key })
    const csv = await expect(strict, 200, "GET", "/v3/usage/export", { key })
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/)
    await expect(strict, 400, "GET", "/v3/usage?from=2020-01-01&to=2022-01-01", { key })
    await expect(strict, 400, "GET", `/v3/usage?from=${today()}&to=${inDays(-1)}`, { key })

    // Keys and accounts: an unknown key, a suspended account, too few credits.
    await expect(strict, 401, "GET", "/v3/account/balance", { key: "sk_test_not_a_real_key" })
    const poor = await newAccount(0)
    await expect(strict, 402, "POST", "/v3/spotcast", { key: poor.key, body })
    await admin("POST", `/admin/v1/accounts/${poor.id}/suspend`)
    await expect(strict, 403, "GET", "/v3/account/balance", { key: poor.key })

    // What the document refuses, sent anyway: the server's refusals must match it too.
    await expect(loose, 400, "POST", "/v3/spotcast", { key, body: { ...body, latitude: 100 } })
    await expect(loose, 400, "POST", "/v3/spotcast/widgets", { key, body: { name: "", latitude: 1, longitude: 1, num_days: 1, display_type: "mini" } })
    await expect(loose, 400, "GET", "/v3/spotcasts?limit=0", { key })
    await expect(loose, 415, "POST", "/v3/spotcast", { key, rawBody: "x", headers: { "content-type": "text/plain" } })
    await expect(loose, 413, "POST", "/v3/spotcast", { key, body: { ...body, metadata: { pad: "x".repeat(70_000) } } })

    // The rate limit: a key that spent its minute, directly, then once more through the proxy.
    const busy = await newAccount(0)
    for (let i = 0; i < RATE_LIMIT; i++) await send(server.baseUrl, "GET", "/v3/account/balance", { key: busy.key })
    const limited = await expect(strict, 429, "GET", "/v3/account/balance", { key: busy.key })
    assert.isString(limited.headers.get("retry-after"))
  }, 240_000)

  it("widgets: every success and documented error", async () => {
    const { key } = await newAccount(100)
    const body = { name: "Harbour Marina", latitude: 41.13, longitude: -71.71, num_days: 2, display_type: "full" }
    const widget = (await expect(strict, 201, "POST", "/v3/spotcast/widgets", { key, body })).json
    await expect(strict, 200, "GET", "/v3/spotcast/widgets?limit=10", { key })
    await until(`/v3/spotcast/widgets/${widget.id}`, key, finished)
    await expect(strict, 200, "PUT", `/v3/spotcast/widgets/${widget.id}`, { key, body: { name: "Outer Harbour", auto_refresh_hours: 12 } })
    await expect(strict, 202, "POST", `/v3/spotcast/widgets/${widget.id}/refresh`, { key })
    await expect(strict, 404, "GET", "/v3/spotcast/widgets/status", { key })
    await expect(strict, 404, "PUT", "/v3/spotcast/widgets/wdg_missing", { key, body: { name: "x" } })
    await expect(strict, 204, "DELETE", `/v3/spotcast/widgets/${widget.id}`, { key })
    await expect(strict, 404, "DELETE", `/v3/spotcast/widgets/${widget.id}`, { key })
    const poor = await newAccount(0)
    await expect(strict, 402, "POST", "/v3/spotcast/widgets", { key: poor.key, body })
  }, 240_000)

  it("routes: every success and documented error", async () => {
    const { key } = await newAccount(100)
    const body = {
      waypoints: [{ latitude: 50.8, longitude: -1.3 }, { latitude: 50.7, longitude: -1.1 }, { latitude: 50.6, longitude: -1.9 }],
      departure_time: `${inDays(1)}T06:00:00Z`,
      speed_kts: 6,
      departure_window_hours: 6
    }
    const route = (await expect(strict, 202, "POST", "/v3/route", { key, body })).json
    await until(`/v3/route/${route.id}/status`, key, finished)
    await expect(strict, 200, "GET", `/v3/route/${route.id}`, { key })
    await expect(strict, 200, "GET", `/v3/route/${route.id}/forecasts`, { key })
    await expect(strict, 200, "GET", `/v3/route/${route.id}/forecast/${route.forecast_id}`, { key })
    await expect(strict, 202, "POST", `/v3/route/${route.id}/refresh`, { key })
    await expect(strict, 200, "GET", "/v3/routes", { key })
    await expect(strict, 404, "GET", "/v3/route/rte_missing", { key })
    await expect(strict, 404, "GET", `/v3/route/${route.id}/forecast/fcst_missing`, { key })
    await expect(strict, 400, "POST", "/v3/route", { key, body: { ...body, departure_time: "2020-01-01T06:00:00Z" } })
    await expect(strict, 400, "POST", "/v3/route", {
      key,
      body: { ...body, waypoints: [{ latitude: 50, longitude: -1 }, { latitude: 10, longitude: -40 }] }
    })
  }, 240_000)

  it("a refresh while the newest forecast is still in progress: 409 forecast_in_progress", async () => {
    const { key } = await newAccount(100, slowServer.baseUrl)
    const spotcast = (await expect(slow, 202, "POST", "/v3/spotcast", {
      key,
      body: { latitude: 41.13, longitude: -71.71, start_date: today(), num_days: 1 }
    })).json
    const busy = (await expect(slow, 409, "POST", `/v3/spotcast/${spotcast.id}/refresh`, { key, body: {} })).json
    assert.deepStrictEqual(
      [busy.error.code, busy.error.spotcast_id, busy.error.forecast_id],
      ["forecast_in_progress", spotcast.id, spotcast.forecast_id]
    )
    const widget = (await expect(slow, 201, "POST", "/v3/spotcast/widgets", {
      key,
      body: { name: "Slow Marina", latitude: 41.13, longitude: -71.71, num_days: 1, display_type: "mini" }
    })).json
    assert.strictEqual((await expect(slow, 409, "POST", `/v3/spotcast/widgets/${widget.id}/refresh`, { key })).json.error.code, "forecast_in_progress")
    const route = (await expect(slow, 202, "POST", "/v3/route", {
      key,
      body: { waypoints: [{ latitude: 50.8, longitude: -1.3 }, { latitude: 50.7, longitude: -1.1 }], departure_time: `${inDays(1)}T06:00:00Z`, speed_kts: 6 }
    })).json
    assert.strictEqual((await expect(slow, 409, "POST", `/v3/route/${route.id}/refresh`, { key })).json.error.code, "forecast_in_progress")
    // Nothing finished meanwhile: the 409s above were answered while the forecasts were really in progress.
    const status = (await expect(slow, 200, "GET", `/v3/spotcast/${spotcast.id}/status`, { key })).json
    assert.notInclude(["completed", "failed"], status.status)
  }, 120_000)

  it("what Prism cannot carry, checked directly against the document: no key, a body that is not JSON", async () => {
    const spec = await (await fetch(`${server.baseUrl}/v3/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> }
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const method of Object.keys(ops)) {
        await expectDirect(401, "missing_api_key", method.toUpperCase(), path.replace(/\{[^}]+\}/g, "x_missing"))
      }
    }
    const { key } = await newAccount(100)
    const json = { "content-type": "application/json" }
    await expectDirect(400, "invalid_json", "POST", "/v3/spotcast", { key, rawBody: '{"latitude": 41.1,', headers: json })
    await expectDirect(400, "invalid_json", "POST", "/v3/spotcast/widgets", { key, rawBody: "{name}", headers: json })
    await expectDirect(400, "invalid_json", "PUT", "/v3/spotcast/widgets/wdg_missing", { key, rawBody: "[1,", headers: json })
    await expectDirect(400, "invalid_json", "POST", "/v3/route", { key, rawBody: "{\"waypoints\": [}", headers: json })
  }, 120_000)

  it("the direct check does catch an answer that breaks the document", async () => {
    const { key } = await newAccount(0)
    const answer = await send(server.baseUrl, "POST", "/v3/spotcast", { key, rawBody: "{", headers: { "content-type": "application/json" } })
    assert.deepStrictEqual(conforms({ method: "POST", path: "/v3/spotcast", ...answer }), [])
    const { request_id: _dropped, ...withoutId } = answer.json.error
    const broken = conforms({ method: "POST", path: "/v3/spotcast", ...answer, json: { error: withoutId } })
    assert.isTrue(broken.some((v) => v.includes("request_id")), broken.join("\n"))
    assert.isNotEmpty(conforms({ method: "POST", path: "/v3/spotcast", ...answer, status: 418 }))
    assert.isNotEmpty(conforms({ method: "POST", path: "/v3/spotcast", ...answer, headers: new Headers({ "content-type": "text/html" }) }))
  })

  it("a client generated from the document compiles and reads real answers, errors included", async () => {
    // The committed types are what the document generates (scripts/openapi-types.mjs --check).
    const check = await new Promise<{ code: number | null; stderr: string }>((done) => {
      execFile(process.execPath, [resolve(ROOT, "scripts/openapi-types.mjs"), "--check"], (error, _out, stderr) =>
        done({ code: error === null ? 0 : (error as { code?: number }).code ?? 1, stderr }))
    })
    assert.strictEqual(check.code, 0, check.stderr)
    const { key } = await newAccount(100)
    const client = typedClient(strict.url, key)
    const read = await client.createAndRead(today())
    assert.deepStrictEqual([read.numDays, read.endDate], [2, `${inDays(1)}T23:59:59.000Z`])
    const missing = await client.missing("spc_missing")
    assert.deepStrictEqual([missing.status, missing.code, missing.param], [404, "spotcast_not_found", "id"])
    assert.match(missing.requestId, /^req_/)
    const past = await client.pastStart()
    assert.deepStrictEqual([past.status, past.code, past.param], [400, "invalid_start_date", "start_date"])
    assert.match(past.requestId, /^req_/)
  }, 120_000)

  it("covered every operation of the document", async () => {
    const spec = await (await fetch(`${server.baseUrl}/v3/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> }
    const operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`) }))
    )
    // Every operation with a key that is not one: 401 invalid_api_key, in the envelope the document gives it.
    // (Prism answers a request without any key itself, so the key is there but wrong.)
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const method of Object.keys(ops)) {
        await expect(loose, 401, method.toUpperCase(), path.replace(/\{[^}]+\}/g, "x_missing"), { key: "sk_test_unknown" })
      }
    }
    const reached = (method: string, pattern: RegExp, ok: boolean) =>
      checked.some((c) => {
        const [status, m, p] = c.split(" ")
        return m === method && pattern.test(p!) && (Number(status) < 400) === ok
      })
    for (const op of operations) {
      assert.isTrue(reached(op.method, op.pattern, true), `no success checked for ${op.method} ${op.pattern}`)
      assert.isTrue(reached(op.method, op.pattern, false), `no error checked for ${op.method} ${op.pattern}`)
    }
  })

  it("the proxy does catch a response that breaks the document (a document without request_id)", async () => {
    const spec = await (await fetch(`${server.baseUrl}/v3/openapi.json`)).json() as any
    const envelope = spec.components.schemas.SpotCastNotFound.properties.error
    delete envelope.properties.request_id
    envelope.required = envelope.required.filter((name: string) => name !== "request_id")
    const document = join(dir, "without-request-id.json")
    writeFileSync(document, JSON.stringify(spec))
    const proxy = await startPrism(document, server.baseUrl, true)
    try {
      const { key } = await newAccount(0)
      const answer = await send(proxy.url, "GET", "/v3/spotcast/spc_missing", { key })
      assert.strictEqual(answer.status, 500)
      assert.include(answer.violations ?? "", "request_id")
    } finally {
      proxy.child.kill("SIGTERM")
    }
  }, 120_000)
})
