import type * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Option, Schema } from "effect"
import { AccountFromRow, ApiKeyFromRow } from "./AccountRows.js"

/**
 * Whatever the store does to `accounts` rows as read before decoding them (e.g. opening a webhook
 * secret sealed at rest): the join's rows carry the account's columns under their own names, so the
 * same function applies to them. Pass the one the account store applies to its own reads.
 */
export type OpenAccountRows = <R extends object>(rows: ReadonlyArray<R>) => ReadonlyArray<R>

/** The key and its account as the join returns them: the account's columns as `SELECT *` has them. */
const Split = Schema.Struct({ key: ApiKeyFromRow, account: AccountFromRow })

/**
 * Authentication's one round trip: the key with this hash joined to its account. The account's own
 * columns come back under their names (`a.*`), so the account decodes exactly as a `SELECT * FROM
 * accounts` row does (`openAccountRows`, then AccountFromRow); the key's columns that share a name
 * with the account's are renamed here and put back before the key is decoded.
 */
export const makeKeyWithAccount = (sql: SqlClient.SqlClient, openAccountRows: OpenAccountRows = (rows) => rows) => {
  const decode = Schema.decodeUnknown(Split)
  return (hash: string) =>
    Effect.flatMap(
      sql<Record<string, unknown>>`SELECT a.*, k.key_id, k.prefix, k.hash, k.mode AS key_mode,
            k.created_at AS key_created_at, k.last_used_at, k.revoked_at
          FROM api_keys k JOIN accounts a ON a.account_id = k.account_id
          WHERE k.hash = ${hash}`,
      (rows) => {
        const row = openAccountRows(rows)[0]
        if (row === undefined) return Effect.succeedNone
        const { hash: keyHash, key_created_at, key_id, key_mode, last_used_at, prefix, revoked_at, ...account } = row
        const key = {
          account_id: account.account_id,
          key_id,
          prefix,
          hash: keyHash,
          mode: key_mode,
          created_at: key_created_at,
          last_used_at,
          revoked_at
        }
        return Effect.map(decode({ key, account }), Option.some)
      }
    )
}
