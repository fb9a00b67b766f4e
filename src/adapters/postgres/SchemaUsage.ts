/**
 * Migration 0008: usage analytics.
 * - `usage_requests`: API requests per account and UTC hour, added to in batches by each API process
 *   (a logged table: the counts are billing-adjacent history and must survive a crash of the server). No foreign key: a batch must never be refused as a whole
 *   (counts only ever come from authenticated requests, so their accounts exist).
 * - `ledger_entries.product`: what a charge paid for (`spotcast`, `widget`, `route`), copied to its
 *   refund; rows from before have none and are read as a widget's when they name one, else a SpotCast's.
 * - Indexes that let a usage report read one account's range of forecasts and deliveries by the time
 *   each reached its state (the ledger already has `ledger_entries_history`).
 */
export const schemaUsage: ReadonlyArray<string> = [
  `CREATE TABLE usage_requests (
    account_id text COLLATE "C" NOT NULL,
    hour timestamptz NOT NULL,
    requests bigint NOT NULL CHECK (requests >= 0),
    rate_limited bigint NOT NULL CHECK (rate_limited >= 0),
    PRIMARY KEY (account_id, hour)
  )`,
  `ALTER TABLE ledger_entries ADD COLUMN product text CHECK (product IN ('spotcast', 'widget', 'route'))`,
  // Partial (on a NOT NULL column, so it covers every row) so that only a query with a range on
  // created_at can use it: a SpotCast's forecast page (ordered by created_at too) keeps its own index.
  `CREATE INDEX forecasts_usage_created ON forecasts (account_id, created_at) WHERE created_at IS NOT NULL`,
  `CREATE INDEX forecasts_usage_completed ON forecasts (account_id, completed_at) WHERE completed_at IS NOT NULL`,
  `CREATE INDEX forecasts_usage_failed ON forecasts (account_id, failed_at) WHERE failed_at IS NOT NULL`,
  `CREATE INDEX webhook_deliveries_usage_delivered ON webhook_deliveries (account_id, delivered_at) WHERE status = 'delivered'`
]
