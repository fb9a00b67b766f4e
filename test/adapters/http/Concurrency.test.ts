import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { account, createBody, get, postJson } from "./support/Fixtures.js"
import * as TestServer from "./support/TestServer.js"

layer(TestServer.layer(), { excludeTestServices: true })("concurrent charges", (it) => {
  it.effect("200 concurrent creates against 20 credits at 2 each: exactly 10 accepted, balance 0, never negative", () =>
    Effect.gen(function*() {
      const { key } = yield* account(20)
      const answers = yield* Effect.all(
        Array.from({ length: 200 }, (_, i) => postJson("/v3/spotcast", createBody({ num_days: 1 + (i % 2) }), key)),
        { concurrency: "unbounded" }
      )
      const accepted = answers.filter((r) => r.status === 202)
      const refused = answers.filter((r) => r.status === 402)
      assert.strictEqual(accepted.length, 10)
      assert.strictEqual(refused.length, 190)
      assert.deepStrictEqual(
        accepted.map((r) => r.json.credits_remaining).sort((a: number, b: number) => a - b),
        [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]
      )
      for (const r of refused) {
        assert.strictEqual(r.json.error.code, "insufficient_balance")
        assert.isTrue(r.json.error.current_balance >= 0 && r.json.error.current_balance < 2)
      }
      assert.deepStrictEqual((yield* get("/v3/account/balance", key)).json, {
        credit_balance: 0,
        total_credits_purchased: 20,
        total_credits_used: 20,
        purchase_url: "https://spotcast.test/billing"
      })
      const listed = (yield* get("/v3/spotcasts?limit=100", key)).json.data
      assert.strictEqual(listed.length, 10)
      assert.deepStrictEqual(new Set(listed.map((s: any) => s.id)), new Set(accepted.map((r) => r.json.id)))
    }), 120_000) // 200 creates at once: on a machine busy with other work they took over the default 30 s
})
