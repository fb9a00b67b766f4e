import { assert, describe, it } from "@effect/vitest"
import { startServer } from "../support/Spawn.js"

const KEY = `sk_test_${"JsonLogsTest0123456789abcdefghijk".slice(0, 32)}`
const ADMIN = "json-logs-admin-token-0123456789"

describe("SPOTCAST_LOG_FORMAT=json (the built binary)", () => {
  it("every line is one JSON object; each request has its line; no key or token appears", async () => {
    const server = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_LOG_FORMAT: "json",
      SPOTCAST_BOOTSTRAP_KEY: KEY,
      SPOTCAST_ADMIN_TOKEN: ADMIN
    })
    try {
      const ok = await fetch(`${server.baseUrl}/v3/account/balance`, { headers: { authorization: `Bearer ${KEY}` } })
      const admin = await fetch(`${server.baseUrl}/admin/v1/accounts`, { headers: { authorization: `Bearer ${ADMIN}` } })
      assert.strictEqual(ok.status, 200)
      assert.strictEqual(admin.status, 200)
      await new Promise((r) => setTimeout(r, 300))
      const lines = server.output().split("\n").filter((line) => line.trim() !== "")
      const entries = lines.map((line) => {
        try {
          return JSON.parse(line)
        } catch {
          throw new Error(`not a JSON line: ${line}`)
        }
      })
      const request = entries.find((e) => e.message === "request" && e.annotations?.request_id === ok.headers.get("request-id"))
      assert.isDefined(request, server.output())
      assert.strictEqual(request.logLevel, "INFO")
      assert.strictEqual(request.annotations.route, "/v3/account/balance")
      assert.strictEqual(request.annotations.status, 200)
      assert.match(request.annotations.account_id, /^acct_/)
      assert.isTrue(entries.some((e) => e.annotations?.route === "/admin/v1/accounts"))
      assert.notInclude(server.output(), KEY)
      assert.notInclude(server.output(), ADMIN)
    } finally {
      await server.stop()
    }
  }, 60_000)
})
