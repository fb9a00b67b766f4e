/**
 * Rate-limit windows shared by the API processes: one row per caller (an API key or a client
 * address), overwritten as windows pass. Unlogged: counters need no crash safety, and skipping the
 * WAL keeps the per-request upsert cheap.
 */
export const schemaV5: ReadonlyArray<string> = [
  `CREATE UNLOGGED TABLE rate_windows (
    bucket text COLLATE "C" NOT NULL,
    window_start bigint NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (bucket)
  )`,
  `CREATE INDEX rate_windows_window_start ON rate_windows (window_start)`
]
