// `spotcast admin usage acct_…`, the built binary, against an in-process server.
import { HttpServer } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { account, awaitFinished, createSpotCast, get, today } from "../adapters/http/support/Fixtures.js"
import * as TestServer from "../adapters/http/support/TestServer.js"
import { runBin } from "../support/Spawn.js"

layer(TestServer.layer(), { excludeTestServices: true })("spotcast admin usage", (it) => {
  it.effect("prints an account's usage per period with totals and products, --json as the API answers, and refuses bad input", () =>
    Effect.gen(function*() {
      const address = (yield* HttpServer.HttpServer).address
      const baseUrl = address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
      const run = (...args: Array<string>) =>
        Effect.promise(() =>
          runBin(["admin", ...args], { SPOTCAST_ADMIN_URL: baseUrl, SPOTCAST_ADMIN_TOKEN: TestServer.ADMIN_TOKEN })
        )
      const { account: acct, key } = yield* account(20)
      const made = yield* createSpotCast(key, { num_days: 3 })
      yield* awaitFinished(made.id, key)
      const requests = (yield* get("/v3/usage", key)).json.totals.requests as number

      const text = yield* run("usage", acct.id, "--from", today(), "--to", today())
      assert.strictEqual(text.code, 0, text.stderr)
      const lines = text.stdout.trim().split("\n")
      assert.strictEqual(lines[0], `usage ${today()} to ${today()} by day (UTC)`)
      assert.match(lines[1]!, /^period\s+used\s+charged\s+refunded\s+created\s+completed\s+failed\s+requests\s+429\s+webhooks ok\s+webhooks failed$/)
      const cells = (line: string) => line.trim().split(/\s{2,}/)
      assert.deepStrictEqual(cells(lines[2]!), [today(), "3", "3", "0", "1", "1", "0", String(requests), "0", "0", "0"])
      assert.deepStrictEqual(cells(lines[3]!), ["total", "3", "3", "0", "1", "1", "0", String(requests), "0", "0", "0"])
      assert.strictEqual(lines[4], "credits used by product: spotcast 3, widget 0, route 0")

      const hourly = yield* run("--json", "usage", acct.id, "--from", today(), "--to", today(), "--granularity", "hour")
      assert.strictEqual(hourly.code, 0, hourly.stderr)
      const json = JSON.parse(hourly.stdout)
      assert.strictEqual(json.granularity, "hour")
      assert.strictEqual(json.data.length, 24)
      assert.strictEqual(json.totals.credits_used, 3)

      const byDefault = yield* run("--json", "usage", acct.id)
      assert.strictEqual(JSON.parse(byDefault.stdout).data.length, 30)

      const range = yield* run("usage", acct.id, "--from", "2026-03-02", "--to", "2026-03-01")
      assert.notStrictEqual(range.code, 0)
      assert.include(range.stderr, "(invalid_date_range)")
      const unknown = yield* run("usage", "acct_unknown")
      assert.notStrictEqual(unknown.code, 0)
      assert.include(unknown.stderr, "no such account")
    }), { timeout: 120_000 })
})
