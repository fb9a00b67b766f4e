import { Effect, Layer } from "effect"
import type { AccountId } from "../../domain/Ids.js"
import { MemoryDatabase, type MemoryTables, type WidgetRecord } from "../../ports/MemoryDatabase.js"

export { MemoryDatabase, type MemoryTables, type WidgetRecord }

export const makeTables = (): MemoryTables => ({
  accounts: new Map(),
  keys: new Map(),
  keyByHash: new Map(),
  ledger: new Map(),
  balances: new Map(),
  chargeOf: new Map(),
  refunded: new Set(),
  spotcasts: new Map(),
  spotcastsOf: new Map(),
  forecasts: new Map(),
  forecastsOf: new Map(),
  jobs: new Map(),
  idempotency: new Map(),
  claimedKeys: new Map(),
  deliveries: new Map(),
  attempts: new Map(),
  widgets: new Map(),
  widgetsOf: new Map(),
  widgetOfSpotCast: new Map(),
  routes: new Map(),
  routesOf: new Map(),
  routeOfSpotCast: new Map(),
  routeAnalyses: new Map(),
  completionSeconds: []
})

/** A fresh, empty database. */
export const layer = Layer.effect(MemoryDatabase, Effect.sync(makeTables))

export const idempotencyKey = (accountId: AccountId, key: string): string => `${accountId}\u0000${key}`
