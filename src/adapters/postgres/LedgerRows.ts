import { Schema } from "effect"

import type * as SqlClient from "@effect/sql/SqlClient"
import { type Balance, ChargeProduct, LedgerEntry, LedgerEntryKind } from "../../domain/billing/Ledger.js"
import { AccountId, ForecastId, LedgerEntryId, RouteId, WidgetId } from "../../domain/Ids.js"

import { Credits, Timestamp } from "./Columns.js"

export const LedgerEntryRow = Schema.Struct({
  account_id: AccountId,
  entry_id: LedgerEntryId,
  kind: LedgerEntryKind,
  amount: Credits,
  forecast_id: Schema.NullOr(ForecastId),
  widget_id: Schema.NullOr(WidgetId),
  route_id: Schema.NullOr(RouteId),
  refund_of: Schema.NullOr(LedgerEntryId),
  /** Added by migration 0008; older rows have none. */
  product: Schema.optionalWith(Schema.NullOr(ChargeProduct), { default: () => null }),
  note: Schema.NullOr(Schema.String),
  created_at: Timestamp
})

/** A `ledger_entries` row's fields from an entry, its time still a `DateTime` and credits a number. */
export const ledgerEntryToRow = (e: LedgerEntry) => ({
  account_id: e.accountId,
  entry_id: e.id,
  kind: e.kind,
  amount: e.amount,
  forecast_id: e.forecastId ?? null,
  widget_id: e.widgetId ?? null,
  route_id: e.routeId ?? null,
  refund_of: e.refundOf ?? null,
  product: e.product ?? null,
  note: e.note ?? null,
  created_at: e.createdAt
})

export const LedgerEntryFromRow = Schema.transform(LedgerEntryRow, Schema.typeSchema(LedgerEntry), {
  strict: true,
  decode: (r) => ({
    id: r.entry_id,
    accountId: r.account_id,
    kind: r.kind,
    amount: r.amount,
    createdAt: r.created_at,
    ...(r.forecast_id === null ? {} : { forecastId: r.forecast_id }),
    ...(r.widget_id === null ? {} : { widgetId: r.widget_id }),
    ...(r.route_id === null ? {} : { routeId: r.route_id }),
    ...(r.refund_of === null ? {} : { refundOf: r.refund_of }),
    ...(r.product === null ? {} : { product: r.product }),
    ...(r.note === null ? {} : { note: r.note })
  }),
  encode: ledgerEntryToRow
})

/**
 * The SET list that adds an entry's balance change (the domain's `entryDelta`) to an account row:
 * the arithmetic is the domain's, the statement only adds.
 */
export const addDelta = (sql: SqlClient.SqlClient, delta: Balance) =>
  sql`credit_balance = credit_balance + ${delta.creditBalance}, total_purchased = total_purchased + ${delta.totalPurchased},
      total_used = total_used + ${delta.totalUsed}`
