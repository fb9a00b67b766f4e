import * as SqlClient from "@effect/sql/SqlClient"
import { assert, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import { migrate, MIGRATIONS_TABLE } from "../../../src/adapters/postgres/Migrations.js"
import { RouteStore } from "../../../src/ports/RouteStore.js"
import * as F from "../../ports/Fixtures.js"
import { created } from "../../ports/RouteStoreContract.js"

/**
 * Migration 0014: routes stored before it hold their metadata as a parsed object in `body`; after it,
 * as the JSON text, in the order it was stored (and echoed until then). Checked on embedded PGlite,
 * which runs the same migrations as the server.
 */
layer(EmbeddedPostgres.layer(), { excludeTestServices: true, timeout: "120 seconds" })("migration 0014_route_metadata", (it) => {
  it.effect("a route stored with its metadata as an object reads back with that object's JSON text; a route without any is unchanged", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* RouteStore
      const owner = yield* F.seed(10)
      const withMetadata = (yield* created(owner)).route
      const without = (yield* created(owner, 2, 1)).route
      // Both rows as the code before the migration wrote them: metadata as a JSON object, keys in the order sent.
      const old = { zeta: 1, alpha: { y: [3, "two", null] }, "ünï": "😀 \"q\"" }
      const [row] = yield* sql<{ body: string }>`SELECT body FROM routes WHERE route_id = ${withMetadata.id}`
      yield* sql`UPDATE routes SET body = ${JSON.stringify({ ...JSON.parse(row!.body), metadata: old })} WHERE route_id = ${withMetadata.id}`
      const [plain] = yield* sql<{ body: string }>`SELECT body FROM routes WHERE route_id = ${without.id}`
      const { metadata: _, ...withoutMetadata } = JSON.parse(plain!.body)
      const plainBody = JSON.stringify(withoutMetadata)
      yield* sql`UPDATE routes SET body = ${plainBody} WHERE route_id = ${without.id}`
      // Run 0014 again over them.
      yield* sql`DELETE FROM ${sql(MIGRATIONS_TABLE)} WHERE migration_id = 14`
      yield* migrate
      const migrated = Option.getOrThrow(yield* store.get(owner.id, withMetadata.id)).route
      assert.strictEqual(migrated.metadata, `{"zeta":1,"alpha":{"y":[3,"two",null]},"ünï":"😀 \\"q\\""}`)
      assert.deepStrictEqual({ ...migrated, metadata: withMetadata.metadata }, withMetadata)
      const untouched = Option.getOrThrow(yield* store.get(owner.id, without.id)).route
      assert.isUndefined(untouched.metadata)
      assert.strictEqual((yield* sql<{ body: string }>`SELECT body FROM routes WHERE route_id = ${without.id}`)[0]!.body, plainBody)
      // Applied once: a second start changes nothing.
      yield* migrate
      assert.strictEqual(Option.getOrThrow(yield* store.get(owner.id, withMetadata.id)).route.metadata, migrated.metadata)
    }))
})
