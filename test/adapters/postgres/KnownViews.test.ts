import { assert, it } from "@effect/vitest"
import { DateTime, Effect, Layer, Option, type Redacted } from "effect"
import * as PostgresStorage from "../../../src/adapters/postgres/PostgresStorage.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { chargeNewSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { chargeSpotCastRefresh } from "../../../src/application/spotcast/RefreshSpotCast.js"
import { completeForecast, failForecast } from "../../../src/application/finish/Finish.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { LedgerEntryId } from "../../../src/domain/Ids.js"
import * as TestSettings from "../../support/TestSettings.js"
import * as F from "../../ports/Fixtures.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

/** Every storage port on a pool of its own, as a separate process has them (each with its own known views). */
const processOn = (url: Redacted.Redacted<string>) =>
  Layer.build(
    PostgresStorage.layerUrl(url, { maxConnections: 2 }).pipe(
      Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, TestSettings.layer()))
    )
  ).pipe(Effect.map((context) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provide(effect, context)))

const analysis = {
  summary: "Calm morning, building wind after noon.",
  daily_classifications: [{ date: "2026-03-02", classification: "CAUTION" as const, summary: "12 kts by 14:00" }]
}

await describeServer("SpotCast reads answered from the views a process keeps", () => {
  it.live("a view read again is the same object while its rows are unchanged, and every change by another process is read at once", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const reader = yield* processOn(url)
      const writer = yield* processOn(url)
      const read = (accountId: string, spotcastId: string) =>
        reader(Effect.flatMap(SpotCastStore, (store) => store.get(accountId as never, spotcastId)))
      const fresh = (accountId: string, spotcastId: string) =>
        // A third pool's store has no views kept: what a first read gives.
        Effect.flatMap(processOn(url), (other) => other(Effect.flatMap(SpotCastStore, (store) => store.get(accountId as never, spotcastId))))

      const { account, command } = yield* writer(Effect.gen(function*() {
        const account = yield* F.seed(20)
        const command = yield* F.createCommand(account)
        yield* chargeNewSpotCast(command)
        return { account, command }
      }))
      const id = command.spotcast.id
      const first = Option.getOrThrow(yield* read(account.id, id))
      assert.deepStrictEqual(first.latest.progress, { stage: "pending", percentage: 0 })
      assert.strictEqual(Option.getOrThrow(yield* read(account.id, id)), first, "unchanged: the view kept")

      // A stage, the finish and a refresh, each written by the other process.
      assert.isTrue(yield* writer(Effect.flatMap(SpotCastStore, (store) => store.advance(command.forecast.id, "processing_data"))))
      const advanced = Option.getOrThrow(yield* read(account.id, id))
      assert.notStrictEqual(advanced, first)
      assert.deepStrictEqual(advanced.latest.progress, { stage: "processing_data", percentage: 50 })

      assert.isTrue(yield* writer(Effect.flatMap(DateTime.now, (at) => completeForecast({ forecastId: command.forecast.id, analysis, at }))))
      const completed = Option.getOrThrow(yield* read(account.id, id))
      assert.strictEqual(completed.latest.status, "completed")
      assert.deepStrictEqual(completed.latest.analysis, analysis)
      assert.deepStrictEqual(completed, Option.getOrThrow(yield* fresh(account.id, id)))
      assert.strictEqual(Option.getOrThrow(yield* read(account.id, id)), completed)

      const refresh = yield* writer(Effect.gen(function*() {
        const now = yield* DateTime.now
        const refresh = {
          accountId: account.id,
          spotcastId: id,
          forecast: F.forecast({ id, accountId: account.id }, now),
          price: 2,
          chargeId: LedgerEntryId.make(F.id("led")),
          estimatedCompletionSeconds: 12
        }
        yield* chargeSpotCastRefresh(refresh)
        return refresh
      }))
      const refreshed = Option.getOrThrow(yield* read(account.id, id))
      assert.strictEqual(refreshed.forecastCount, 2)
      assert.strictEqual(refreshed.latest.id, refresh.forecast.id)
      assert.deepStrictEqual(refreshed, Option.getOrThrow(yield* fresh(account.id, id)))

      yield* writer(Effect.flatMap(DateTime.now, (at) =>
        failForecast({ forecastId: refresh.forecast.id, error: { code: "weather_data_unavailable", message: "no data" }, at, refundId: F.refundId() })))
      const failed = Option.getOrThrow(yield* read(account.id, id))
      assert.strictEqual(failed.latest.status, "failed")
      assert.deepStrictEqual(failed, Option.getOrThrow(yield* fresh(account.id, id)))

      // Another account never gets the view kept for this one.
      const stranger = yield* writer(F.seed(0))
      assert.isTrue(Option.isNone(yield* read(stranger.id, id)))
      assert.strictEqual(Option.getOrThrow(yield* read(account.id, id)), failed)
    })), 60_000)
})
