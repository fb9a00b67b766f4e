import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { accountsTogether } from "../../../src/adapters/postgres/ChargedCreates.js"

describe("accountsTogether", () => {
  it.prop(
    "every create is in one group, of its own account, in the order they came, and no group is longer than the most",
    { accounts: fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 80 }), max: fc.integer({ min: 1, max: 10 }) },
    ({ accounts, max }) => {
      const creates = accounts.map((accountId) => ({ charge: { accountId } }))
      const groups = accountsTogether(creates as never, max)
      assert.deepStrictEqual(groups.flat().sort((x, y) => x - y), accounts.map((_, i) => i))
      for (const group of groups) {
        assert.isAtMost(group.length, max)
        assert.isAbove(group.length, 0)
        assert.strictEqual(new Set(group.map((i) => accounts[i])).size, 1)
        assert.deepStrictEqual(group, [...group].sort((x, y) => x - y))
      }
      // Only an account's last group may be short of the most.
      for (const account of new Set(accounts)) {
        const mine = groups.filter((g) => accounts[g[0]!] === account)
        mine.slice(0, -1).forEach((g) => assert.strictEqual(g.length, max))
      }
    }
  )
})
