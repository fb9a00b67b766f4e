/**
 * Weather answers shared by every process on the server, one row per provider, cell, dates and models,
 * with the claim that makes concurrent askers wait for one upstream call. Times are epoch milliseconds.
 * Unlogged: a cache needs no crash safety, and skipping the WAL keeps a fill cheap.
 */
export const schemaWeatherCache: ReadonlyArray<string> = [
  `CREATE UNLOGGED TABLE weather_cache (
    key text COLLATE "C" PRIMARY KEY,
    value text,
    expires_at bigint NOT NULL DEFAULT 0,
    owner text,
    lease_until bigint NOT NULL DEFAULT 0,
    failure text,
    failed_at bigint NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX weather_cache_expires_at ON weather_cache (expires_at)`
]
