/** Complete in-memory adapters of every storage port (simulation, embedding, tests). */
export * as MemoryAccountStore from "./MemoryAccountStore.js"
export * as MemoryDatabase from "./MemoryDatabase.js"
export * as MemoryIdempotencyStore from "./MemoryIdempotencyStore.js"
export * as MemoryJobQueue from "./MemoryJobQueue.js"
export * as MemorySpotCastStore from "./MemorySpotCastStore.js"
export * as MemoryStorage from "./MemoryStorage.js"
export * as MemoryWebhookOutbox from "./MemoryWebhookOutbox.js"
export * as MemoryWidgetStore from "./MemoryWidgetStore.js"
