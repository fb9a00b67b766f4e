import { assert } from "@effect/vitest"
import { Effect } from "effect"
import { InstallationSecrets } from "../../src/ports/InstallationSecrets.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"

let suite = 0

/** The contract of InstallationSecrets: the first secret kept under a name is the one every later caller gets. */
export const installationSecretsContract = (it: ContractIt) => {
  // Names of their own per run: no reset of storage empties this port (nothing in the service deletes a secret).
  const name = (what: string) => `contract_${what}_${++suite}_${Date.now()}`

  it.effect("InstallationSecrets: the first candidate is kept; later ones get it back; names are independent", () =>
    onFreshStorage(Effect.gen(function*() {
      const secrets = yield* InstallationSecrets
      const a = name("a")
      const b = name("b")
      assert.strictEqual(yield* secrets.keep(a, "first"), "first")
      assert.strictEqual(yield* secrets.keep(a, "second"), "first")
      assert.strictEqual(yield* secrets.keep(b, "other"), "other")
      assert.strictEqual(yield* secrets.keep(a, "third"), "first")
    })))

  it.effect("InstallationSecrets: callers racing on a new name all get the same one of their candidates", () =>
    onFreshStorage(Effect.gen(function*() {
      const secrets = yield* InstallationSecrets
      const n = name("race")
      const candidates = Array.from({ length: 8 }, (_, i) => `candidate-${i}`)
      const kept = yield* Effect.forEach(candidates, (c) => secrets.keep(n, c), { concurrency: "unbounded" })
      assert.include(candidates, kept[0])
      assert.deepStrictEqual(kept, candidates.map(() => kept[0]))
    })))
}
