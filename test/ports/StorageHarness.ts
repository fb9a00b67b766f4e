import * as SqlClient from "@effect/sql/SqlClient"
import { layer, type Vitest } from "@effect/vitest"
import { Context, Effect, Layer, TestClock, TestContext } from "effect"
import * as MemoryStorage from "../../src/adapters/memory/MemoryStorage.js"
import { MemoryDatabase } from "../../src/adapters/memory/MemoryDatabase.js"
import type { AccountStore } from "../../src/ports/AccountStore.js"
import type { IdempotencyStore } from "../../src/ports/IdempotencyStore.js"
import type { JobQueue } from "../../src/ports/JobQueue.js"
import type { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import type { WebhookOutbox } from "../../src/ports/WebhookOutbox.js"
import type { UsageStore } from "../../src/ports/UsageStore.js"
import type { RouteStore } from "../../src/ports/RouteStore.js"
import type { WidgetStore } from "../../src/ports/WidgetStore.js"
import type { InstallationSecrets } from "../../src/ports/InstallationSecrets.js"
import type { ChargeLedger } from "../../src/ports/ChargeLedger.js"
import type { Transactions } from "../../src/ports/Transactions.js"
import type { Crypto } from "../../src/ports/Crypto.js"
import type { Ids } from "../../src/ports/Ids.js"
import type { Settings } from "../../src/ports/Settings.js"
import * as NodeCrypto from "../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../src/adapters/system/SequentialIds.js"
import * as TestSettings from "../support/TestSettings.js"

export type StoragePorts =
  | AccountStore
  | SpotCastStore
  | JobQueue
  | IdempotencyStore
  | WebhookOutbox
  | WidgetStore
  | UsageStore
  | RouteStore
  | InstallationSecrets
  | ChargeLedger
  | Transactions

/** What the suites use besides storage: the webhook outbox's suite seeds through the use cases. */
type SuiteServices = Ids | Crypto | Settings

/** Ids, hashing and settings for the suites, the same on every harness. */
const suiteServices = Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, TestSettings.layer())

/** Empties the storage between contract tests (test support only: no port offers it). */
export class StorageReset extends Context.Tag("test/StorageReset")<StorageReset, Effect.Effect<void>>() {}

/** An adapter under contract: every storage port, on storage of its own, and a way to empty it. */
export interface StorageHarness {
  readonly name: string
  readonly layer: Layer.Layer<StoragePorts | StorageReset, unknown>
}

/** A harness's layer with the suites' services beside its storage. */
const withSuiteServices = (harness: StorageHarness) => Layer.provideMerge(harness.layer, suiteServices)

export const memoryHarness: StorageHarness = {
  name: "memory",
  layer: Layer.provideMerge(
    Layer.effect(
      StorageReset,
      Effect.map(MemoryDatabase, (db) =>
        Effect.sync(() => {
          for (const [name, table] of Object.entries(db)) {
            if (table instanceof Map || table instanceof Set) table.clear()
            else if (Array.isArray(table)) table.length = 0
            else throw new Error(`unknown memory table ${name}`)
          }
        }))
    ),
    MemoryStorage.layer
  )
}

const TABLES = [
  "usage_requests",
  "webhook_attempts",
  "webhook_deliveries",
  "route_analyses",
  "routes",
  "widgets",
  "idempotency_keys",
  "jobs",
  "ledger_entries",
  "forecasts",
  "spotcasts",
  "api_keys",
  "accounts"
]

/** Reset for the Postgres adapters: TRUNCATE does not fire the ledger's append-only row trigger. */
export const sqlReset = Layer.effect(
  StorageReset,
  Effect.map(SqlClient.SqlClient, (sql) =>
    Effect.orDie(sql.unsafe(`TRUNCATE ${TABLES.join(", ")} RESTART IDENTITY CASCADE`)))
)

/** 2026-03-01T00:00:00Z: contract tests start each test here on the TestClock. */
export const START = Date.UTC(2026, 2, 1)

/**
 * Runs a contract test on emptied storage, under a TestClock set to START. Database suites build their
 * layer with live services (under @effect/vitest's `layer`, a real sleep or timeout of a database call
 * never wakes with the TestClock); only the test body gets the TestClock, and no adapter sleeps, so
 * nothing waits on it.
 */
export const onFreshStorage = <A, E, R>(body: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    yield* Effect.flatten(StorageReset)
    yield* TestClock.setTime(START)
    return yield* body
  }).pipe(Effect.provide(TestContext.TestContext))

/** The `it` a contract suite writes its tests with. */
export type ContractIt = Vitest.MethodsNonLive<StoragePorts | SuiteServices | StorageReset, true>

/** Runs contract suites against one harness, on one instance of its storage. */
export const runContracts = (harness: StorageHarness, suites: ReadonlyArray<(it: ContractIt) => void>) =>
  layer(withSuiteServices(harness), { excludeTestServices: true, timeout: "120 seconds" })(`storage contracts on ${harness.name}`, (it) => {
    for (const suite of suites) suite(it)
  })
