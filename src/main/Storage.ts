import { Layer } from "effect"
import * as MemoryStorage from "../adapters/memory/MemoryStorage.js"
import * as EmbeddedPostgres from "../adapters/postgres/EmbeddedPostgres.js"
import * as PostgresStorage from "../adapters/postgres/PostgresStorage.js"
import * as AesGcmSealer from "../adapters/system/AesGcmSealer.js"
import type { SecretsConfig } from "./config/Secrets.js"
import type { StorageChoice } from "./config/Storage.js"

/** Every storage port, the webhook outbox included, on the chosen backend: memory, embedded PGlite (the default) or a Postgres server. */
export const layer = (choice: StorageChoice, applicationName: string, secrets: SecretsConfig) => {
  // Webhook secrets are sealed at rest where there is a rest (not in memory).
  const sealer = AesGcmSealer.layer(secrets)
  switch (choice._tag) {
    case "memory":
      return MemoryStorage.layer
    case "embedded":
      return Layer.provide(EmbeddedPostgres.layer({ dataDir: choice.dataDir }), sealer)
    case "server":
      return Layer.provide(PostgresStorage.layerUrl(choice.url, { maxConnections: choice.poolSize, applicationName }), sealer)
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

