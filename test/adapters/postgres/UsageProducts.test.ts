import * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, layer } from "@effect/vitest"
import { DateTime, Effect, Layer, Schema } from "effect"
import { MemoryDatabase } from "../../../src/adapters/memory/MemoryDatabase.js"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import { LedgerEntryFromRow } from "../../../src/adapters/postgres/LedgerRows.js"
import { type LedgerEntry, refundEntry } from "../../../src/domain/billing/Ledger.js"
import { LedgerEntryId } from "../../../src/domain/Ids.js"
import { UsageStore } from "../../../src/ports/UsageStore.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import * as F from "../../ports/Fixtures.js"
import * as TestSettings from "../../support/TestSettings.js"

/**
 * A product the usage store has not seen before (a route's charge, as the route feature records it)
 * is reported under its own name by both adapters, with its refund; older entries without a product
 * read as a SpotCast's or a widget's.
 */
const AT = Date.UTC(2026, 5, 1, 10, 30)
const HOUR = Date.UTC(2026, 5, 1, 10)

const routeCharge = (accountId: LedgerEntry["accountId"]): LedgerEntry => ({
  id: LedgerEntryId.make(F.id("led")),
  accountId,
  kind: "charge",
  amount: 6,
  product: "route",
  createdAt: DateTime.unsafeMake(AT)
})

const checkRouteCounted = (insert: (entries: ReadonlyArray<LedgerEntry>) => Effect.Effect<void, unknown, any>) =>
  Effect.gen(function*() {
    const account = yield* F.seed(0)
    const charge = routeCharge(account.id)
    const refund = refundEntry(charge, LedgerEntryId.make(F.id("led")), DateTime.unsafeMake(AT + 60_000))
    assert.strictEqual(refund.product, "route", "a refund keeps its charge's product")
    yield* insert([charge, refund])
    const tallies = yield* (yield* UsageStore).tallies(account.id, HOUR, HOUR + 3_600_000, 3_600_000)
    assert.sameDeepMembers(tallies.filter((t) => t.measure.startsWith("credits")), [
      { bucketMillis: HOUR, measure: "credits_charged", amount: 6, product: "route" },
      { bucketMillis: HOUR, measure: "credits_refunded", amount: 6, product: "route" }
    ])
  })

const services = Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, TestSettings.layer())

describe("usage by product", () => {
  layer(Layer.provideMerge(MemoryStorage.layer, services))("memory", (it) => {
    it.effect("a route's charge and refund count as route", () =>
      checkRouteCounted((entries) =>
        Effect.map(MemoryDatabase, (db) => {
          for (const e of entries) db.ledger.set(e.accountId, [...(db.ledger.get(e.accountId) ?? []), e])
        })))
  })

  layer(Layer.provideMerge(EmbeddedPostgres.layer(), services), { excludeTestServices: true, timeout: "60 seconds" })("PGlite", (it) => {
    it.effect("a route's charge and refund count as route (the ledger's product column, migration 0008)", () =>
      checkRouteCounted((entries) =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const rows = entries.map((e) => Schema.encodeSync(LedgerEntryFromRow)(e))
          yield* sql`INSERT INTO ledger_entries ${sql.insert(rows)}`
          const back = yield* sql`SELECT * FROM ledger_entries WHERE entry_id = ${entries[0]!.id}`
          assert.deepStrictEqual(Schema.decodeUnknownSync(LedgerEntryFromRow)(back[0]), entries[0])
        })))

    it.effect("the product column refuses anything but spotcast, widget and route", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const account = yield* F.seed(0)
        const row = { ...Schema.encodeSync(LedgerEntryFromRow)(routeCharge(account.id)), product: "boat" }
        const refused = yield* Effect.either(sql`INSERT INTO ledger_entries ${sql.insert(row)}`)
        assert.strictEqual(refused._tag, "Left")
      }))
  })
})
