// `spotcast admin widgets list`, the built binary, against an in-process server.
import { HttpServer } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { account, postJson } from "../adapters/http/support/Fixtures.js"
import * as TestServer from "../adapters/http/support/TestServer.js"
import { runBin } from "../support/Spawn.js"

layer(TestServer.layer(), { excludeTestServices: true })("spotcast admin widgets list", (it) => {
  it.effect("lists an account's widgets newest first, pages with --after, prints --json, refuses an unknown account", () =>
    Effect.gen(function*() {
      const address = (yield* HttpServer.HttpServer).address
      const baseUrl = address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
      const run = (...args: Array<string>) =>
        Effect.promise(() =>
          runBin(["admin", ...args], { SPOTCAST_ADMIN_URL: baseUrl, SPOTCAST_ADMIN_TOKEN: TestServer.ADMIN_TOKEN })
        )
      const { account: acct, key } = yield* account(20)
      const made: Array<any> = []
      for (const name of ["First dock", "Second dock", "Third dock"]) {
        const r = yield* postJson("/v3/spotcast/widgets", {
          name,
          latitude: 41.13,
          longitude: -71.71,
          num_days: 2,
          display_type: "mini",
          ...(name === "Third dock" ? { auto_refresh_hours: 12 } : {})
        }, key)
        assert.strictEqual(r.status, 201)
        made.push(r.json)
      }

      const page1 = yield* run("widgets", "list", acct.id, "--limit", "2")
      assert.strictEqual(page1.code, 0, page1.stderr)
      const lines = page1.stdout.trim().split("\n")
      assert.strictEqual(lines.length, 3)
      assert.isTrue(lines[0]!.startsWith(`${made[2].id}  mini  2d  `))
      assert.include(lines[0]!, "auto 12h next ")
      assert.include(lines[0]!, `"Third dock"`)
      assert.isTrue(lines[1]!.startsWith(made[1].id))
      assert.include(lines[1]!, "auto off")
      const more = /^more: --after (\S+)$/.exec(lines[2]!)
      assert.isNotNull(more)
      const page2 = yield* run("widgets", "list", acct.id, "--after", more![1]!)
      assert.strictEqual(page2.stdout.trim().split("\n").length, 1)
      assert.isTrue(page2.stdout.startsWith(made[0].id))

      const json = yield* run("--json", "widgets", "list", acct.id)
      assert.strictEqual(json.code, 0, json.stderr)
      assert.deepStrictEqual(JSON.parse(json.stdout).data.map((w: any) => w.id), made.map((w) => w.id).reverse())

      const empty = yield* account(0)
      assert.strictEqual((yield* run("widgets", "list", empty.account.id)).stdout.trim(), "no widgets")
      const unknown = yield* run("widgets", "list", "acct_unknown")
      assert.notStrictEqual(unknown.code, 0)
    }), { timeout: 60_000 })
})
