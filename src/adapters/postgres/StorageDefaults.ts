/**
 * The storage defaults, in a module of their own so that reading the configuration does not load pg and
 * PGlite (the adapters that use them are imported only when chosen).
 */

/** Where the service keeps its embedded database unless told otherwise. */
export const DEFAULT_DATA_DIR = "./.spotcast"

/** Connections to a PostgreSQL server unless SPOTCAST_DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10
