import { Effect, Layer, Option } from "effect"
import { IdempotencyStore, type IdempotencyStoreShape } from "../../ports/IdempotencyStore.js"
import { idempotencyKey, MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"

export const make = (db: MemoryTables): IdempotencyStoreShape => ({
  find: (accountId, key) => Effect.sync(() => Option.fromNullable(db.idempotency.get(idempotencyKey(accountId, key))))
})

export const layer = Layer.effect(IdempotencyStore, Effect.map(MemoryDatabase, make))
