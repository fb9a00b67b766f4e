import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { InstallationSecrets } from "../../ports/InstallationSecrets.js"

/** Insert-if-absent, then read: concurrent first starts all read the row that was inserted first. */
export const layer = Layer.effect(
  InstallationSecrets,
  Effect.map(SqlClient.SqlClient, (sql) =>
    InstallationSecrets.of({
      keep: (name, candidate) =>
        Effect.gen(function*() {
          yield* sql`INSERT INTO installation_secrets (name, value) VALUES (${name}, ${candidate})
                     ON CONFLICT (name) DO NOTHING`
          const rows = yield* sql<{ value: string }>`SELECT value FROM installation_secrets WHERE name = ${name}`
          const kept = rows[0]?.value
          return kept === undefined ? yield* Effect.dieMessage(`installation secret ${name} vanished`) : kept
        }).pipe(Effect.orDie, Effect.withSpan("PostgresInstallationSecrets.keep"))
    }))
)
