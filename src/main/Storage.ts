import { Layer } from "effect"
import * as AesGcmSealer from "../adapters/system/AesGcmSealer.js"
import { loadLayer } from "./LoadModule.js"
import type { SecretsConfig } from "./config/Secrets.js"
import type { StorageChoice } from "./config/Storage.js"

/**
 * Every storage port, the webhook outbox included, on the chosen backend: memory, embedded PGlite (the default) or a Postgres server.
 * Each backend's adapters are imported only when chosen: memory storage does not load pg, PGlite and
 * their SQL (about 10 MB of RSS), a Postgres server not the in-memory stores nor PGlite.
 */
export const layer = (choice: StorageChoice, applicationName: string, secrets: SecretsConfig) => {
  // Webhook secrets are sealed at rest where there is a rest (not in memory).
  const sealer = AesGcmSealer.layer(secrets)
  switch (choice._tag) {
    case "memory":
      return loadLayer(() => import("../adapters/memory/MemoryStorage.js"), "memory storage", (MemoryStorage) => MemoryStorage.layer)
    case "embedded":
      return loadLayer(
        () => import("../adapters/postgres/EmbeddedPostgres.js"),
        "embedded PGlite storage",
        (EmbeddedPostgres) => Layer.provide(EmbeddedPostgres.layer({ dataDir: choice.dataDir, optimizedCodeOnly: true }), sealer)
      )
    case "server":
      return loadLayer(
        () => import("../adapters/postgres/PostgresStorage.js"),
        "PostgreSQL storage",
        (PostgresStorage) =>
          Layer.provide(PostgresStorage.layerUrl(choice.url, { maxConnections: choice.poolSize, applicationName }), sealer)
      )
  }
}

export const describe = (choice: StorageChoice): string => {
  switch (choice._tag) {
    case "memory":
      return "in memory (nothing survives a restart)"
    case "embedded":
      return `embedded PGlite in ${choice.dataDir}`
    case "server":
      return "PostgreSQL server (DATABASE_URL)"
  }
}

/** Only a shared server can coordinate separate API and worker processes. */
export const supportsRoles = (choice: StorageChoice): boolean => choice._tag === "server"

