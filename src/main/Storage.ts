import { Layer } from "effect"
import * as MemoryStorage from "../adapters/memory/MemoryStorage.js"
import * as MemoryWebhookOutbox from "../adapters/memory/MemoryWebhookOutbox.js"
import * as EmbeddedPostgres from "../adapters/postgres/EmbeddedPostgres.js"
import * as PostgresStorage from "../adapters/postgres/PostgresStorage.js"
import * as PostgresWebhookOutbox from "../adapters/postgres/PostgresWebhookOutbox.js"
import type { StorageChoice } from "./AppConfig.js"

/**
 * Every storage port, the webhook outbox included, on the chosen backend: memory, embedded PGlite (the
 * default) or a Postgres server.
 */
export const layer = (choice: StorageChoice, applicationName: string) => {
  switch (choice._tag) {
    case "memory":
      return MemoryWebhookOutbox.layer.pipe(Layer.provideMerge(MemoryStorage.layer))
    case "embedded":
      return PostgresWebhookOutbox.layer.pipe(Layer.provideMerge(EmbeddedPostgres.layer({ dataDir: choice.dataDir })))
    case "server":
      return PostgresWebhookOutbox.layer.pipe(
        Layer.provideMerge(PostgresStorage.layerUrl(choice.url, { maxConnections: choice.poolSize, applicationName }))
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

