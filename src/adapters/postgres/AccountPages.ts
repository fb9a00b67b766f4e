import type * as SqlClient from "@effect/sql/SqlClient"
import { Schema } from "effect"
import { AccountId } from "../../domain/Ids.js"
import { Timestamp } from "./Columns.js"

/** One newest-first keyset page of an account's widgets or routes: up to `limit` rows after the cursor. */
export const AccountPage = Schema.Struct({
  accountId: AccountId,
  limit: Schema.Int,
  after: Schema.NullOr(Schema.Struct({ createdAt: Timestamp, id: Schema.String }))
})

/** The condition that resumes a newest-first page strictly after the cursor's `(created_at, id)`, if any. */
export const afterCursor = (
  sql: SqlClient.SqlClient,
  idColumn: "widget_id" | "route_id",
  after: typeof AccountPage.Encoded["after"]
) => after === null ? sql`` : sql`AND (created_at, ${sql.unsafe(idColumn)}) < (${after.createdAt}, ${after.id})`
