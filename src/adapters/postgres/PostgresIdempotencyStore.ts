import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { Effect, Layer, Schema } from "effect"
import { AccountId } from "../../domain/Ids.js"
import { IdempotencyStore, type IdempotencyStoreShape } from "../../ports/IdempotencyStore.js"
import { IdempotencyRecordFromRow } from "./IdempotencyRows.js"

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const find = SqlSchema.findOne({
    Request: Schema.Struct({ accountId: AccountId, key: Schema.String }),
    Result: IdempotencyRecordFromRow,
    execute: ({ accountId, key }) => sql`SELECT * FROM idempotency_keys WHERE account_id = ${accountId} AND key = ${key}`
  })
  return IdempotencyStore.of({
    find: (accountId, key) => find({ accountId, key }).pipe(Effect.orDie, Effect.withSpan("IdempotencyStore.find"))
  } satisfies IdempotencyStoreShape)
})

export const layer = Layer.effect(IdempotencyStore, make)
