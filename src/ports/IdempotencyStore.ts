import { Context, type Effect, type Option } from "effect"
import type { IdempotencyRecord } from "../domain/billing/Idempotency.js"
import type { AccountId } from "../domain/Ids.js"

/**
 * Reads idempotency records. Records are written by SpotCastStore's charging commands, in the same
 * atomic step as the charge, so a record exists exactly when its request took effect.
 */
export interface IdempotencyStoreShape {
  readonly find: (accountId: AccountId, key: string) => Effect.Effect<Option.Option<IdempotencyRecord>>
}

export class IdempotencyStore extends Context.Tag("spotcast/IdempotencyStore")<
  IdempotencyStore,
  IdempotencyStoreShape
>() {}
