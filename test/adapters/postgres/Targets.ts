import * as SqlClient from "@effect/sql/SqlClient"
import { layer, type Vitest } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import type { Ids } from "../../../src/ports/Ids.js"
import type { StoragePorts } from "../../ports/StorageHarness.js"
import { serverReachable, serverStorage } from "./TestDatabase.js"

export interface Target {
  readonly name: string
  readonly layer: Layer.Layer<StoragePorts | SqlClient.SqlClient | Ids, unknown>
}

// Ids for the finish path's deliveries.
export const pglite: Target = { name: "PGlite", layer: Layer.merge(EmbeddedPostgres.layer(), SequentialIds.layer) }
export const server: Target = { name: "the Postgres server", layer: Layer.merge(serverStorage(), SequentialIds.layer) }

/**
 * Runs a suite on PGlite and, where one answers, on the real server (a fresh database each); the
 * server's absence is reported once by TestDatabase.
 */
export const onEveryPostgres = async (
  name: string,
  suite: (it: Vitest.MethodsNonLive<StoragePorts | SqlClient.SqlClient | Ids, true>, target: Target) => void
) => {
  const targets = (await serverReachable) ? [pglite, server] : [pglite]
  for (const target of targets) {
    layer(target.layer, { excludeTestServices: true, timeout: "120 seconds" })(`${name} (${target.name})`, (it) => suite(it, target))
  }
}

/** Runs raw SQL expecting Postgres to refuse it; yields the server's message. */
export const refused = (statement: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => Effect.flip(sql.unsafe(statement))).pipe(
    Effect.map((e) => String((e.cause as { message?: string } | undefined)?.message ?? e.message))
  )
