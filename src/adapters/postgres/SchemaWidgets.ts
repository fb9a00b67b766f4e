/**
 * Migration 0003: widgets. A widget row keeps its configuration as JSON text (`body`, and `created_body`
 * as its create answered, for idempotent replays) beside the columns that are searched: the account's
 * keyset page, the public id lookup and the auto-refresh schedule. A widget's forecasts belong to a
 * hidden SpotCast, marked by `spotcasts.widget_id` so that SpotCast reads leave it out.
 */
export const schemaWidgets: ReadonlyArray<string> = [
  `ALTER TABLE spotcasts ADD COLUMN widget_id text COLLATE "C"`,
  `CREATE TABLE widgets (
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (account_id),
    widget_id text COLLATE "C" NOT NULL,
    spotcast_id text COLLATE "C" NOT NULL,
    created_at timestamptz NOT NULL,
    next_refresh_at timestamptz,
    deleted_at timestamptz,
    body text NOT NULL,
    created_body text NOT NULL,
    PRIMARY KEY (account_id, widget_id),
    FOREIGN KEY (account_id, spotcast_id) REFERENCES spotcasts (account_id, spotcast_id)
  )`,
  `CREATE INDEX widgets_by_id ON widgets (widget_id)`,
  `CREATE UNIQUE INDEX widgets_by_spotcast ON widgets (account_id, spotcast_id)`,
  `CREATE INDEX widgets_page ON widgets (account_id, created_at DESC, widget_id DESC) WHERE deleted_at IS NULL`,
  `CREATE INDEX widgets_due ON widgets (next_refresh_at) WHERE next_refresh_at IS NOT NULL AND deleted_at IS NULL`
]
