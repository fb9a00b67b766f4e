/**
 * Migration 0009: route forecasts. A route row keeps its plan as JSON text (`body`) beside the columns
 * that are searched (the account's keyset page, the hidden SpotCast). Its forecasts are forecasts of
 * that hidden SpotCast, marked by `spotcasts.route_id` so that SpotCast reads leave it out; a completed
 * one's route analysis (legs, samples, departures) is in `route_analyses`. Ledger entries of a route's
 * charges and refunds name it in `route_id` (the ledger's product `route`, as `widget_id` is `widget`).
 */
export const schemaRoutes: ReadonlyArray<string> = [
  `ALTER TABLE spotcasts ADD COLUMN route_id text COLLATE "C"`,
  `ALTER TABLE ledger_entries ADD COLUMN route_id text COLLATE "C"`,
  `CREATE TABLE routes (
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (account_id),
    route_id text COLLATE "C" NOT NULL,
    spotcast_id text COLLATE "C" NOT NULL,
    created_at timestamptz NOT NULL,
    body text NOT NULL,
    PRIMARY KEY (account_id, route_id),
    FOREIGN KEY (account_id, spotcast_id) REFERENCES spotcasts (account_id, spotcast_id)
  )`,
  `CREATE UNIQUE INDEX routes_by_spotcast ON routes (account_id, spotcast_id)`,
  `CREATE INDEX routes_page ON routes (account_id, created_at DESC, route_id DESC)`,
  `CREATE TABLE route_analyses (
    account_id text COLLATE "C" NOT NULL,
    forecast_id text COLLATE "C" NOT NULL,
    body text NOT NULL,
    PRIMARY KEY (account_id, forecast_id),
    FOREIGN KEY (account_id, forecast_id) REFERENCES forecasts (account_id, forecast_id)
  )`
]
