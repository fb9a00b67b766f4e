import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { StorageHealth, type StorageStatus } from "../../ports/StorageHealth.js"
import { LATEST_MIGRATION, MIGRATIONS_TABLE } from "./Migrations.js"

/** A readiness probe must answer quickly: a database slower than this counts as not answering. */
const CHECK_TIMEOUT = "2 seconds"

/** Ready when the database answers within the timeout and has every migration this build knows. */
export const layer = Layer.effect(
  StorageHealth,
  Effect.map(SqlClient.SqlClient, (sql) => ({
    check: sql.unsafe<{ latest: number | null }>(`SELECT max(migration_id) AS latest FROM ${MIGRATIONS_TABLE}`).pipe(
      Effect.timeoutFail({ duration: CHECK_TIMEOUT, onTimeout: () => "timeout" }),
      Effect.map((rows): StorageStatus => {
        const latest = Number(rows[0]?.latest ?? 0)
        return latest >= LATEST_MIGRATION
          ? { ready: true }
          : { ready: false, reason: `database migrations not applied (at ${latest}, this build needs ${LATEST_MIGRATION})` }
      }),
      Effect.catchAll(() => Effect.succeed<StorageStatus>({ ready: false, reason: "database not answering" })),
      Effect.catchAllDefect(() => Effect.succeed<StorageStatus>({ ready: false, reason: "database not answering" }))
    )
  }))
)
