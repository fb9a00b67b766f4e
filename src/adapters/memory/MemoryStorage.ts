import { Layer } from "effect"
import * as MemoryHealth from "./MemoryHealth.js"
import * as MemoryAccountStore from "./MemoryAccountStore.js"
import * as MemoryDatabase from "./MemoryDatabase.js"
import * as MemoryIdempotencyStore from "./MemoryIdempotencyStore.js"
import * as MemoryJobQueue from "./MemoryJobQueue.js"
import * as MemorySpotCastStore from "./MemorySpotCastStore.js"
import * as MemoryWebhookOutbox from "./MemoryWebhookOutbox.js"
import * as MemoryUsageStore from "./MemoryUsageStore.js"
import * as MemoryRouteStore from "./MemoryRouteStore.js"
import * as MemoryWidgetStore from "./MemoryWidgetStore.js"
import * as MemoryWeatherCache from "./MemoryWeatherCache.js"
import * as MemoryInstallationSecrets from "./MemoryInstallationSecrets.js"
import * as MemoryChargeLedger from "./MemoryChargeLedger.js"
import * as MemoryTransactions from "./MemoryTransactions.js"

/** Every storage port, the webhook outbox included, on one fresh in-memory database. */
export const layer = Layer.mergeAll(
  MemoryAccountStore.layer,
  MemorySpotCastStore.layer,
  MemoryJobQueue.layer,
  MemoryIdempotencyStore.layer,
  MemoryWebhookOutbox.layer,
  MemoryHealth.layer,
  MemoryWidgetStore.layer,
  MemoryUsageStore.layer,
  MemoryRouteStore.layer,
  MemoryWeatherCache.layer,
  MemoryInstallationSecrets.layer,
  MemoryChargeLedger.layer,
  MemoryTransactions.layer
).pipe(Layer.provideMerge(MemoryDatabase.layer))
