import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Either, Option, TestClock } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { requestFingerprint } from "../../../src/domain/billing/Idempotency.js"
import { MetadataText } from "../../../src/domain/spotcast/Metadata.js"
import type { CreateSpotCastCommand } from "../../../src/domain/spotcast/SpotCastCommands.js"
import { WebhookUrl } from "../../../src/domain/webhook/WebhookUrl.js"
import { createSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { getSpotCast } from "../../../src/application/spotcast/ReadSpotCasts.js"
import { refreshSpotCast } from "../../../src/application/spotcast/RefreshSpotCast.js"
import { failForecast, PROCESSING_FAILED } from "../../../src/application/spotcast/ProcessForecast.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import { createCommand, seedAccount } from "../../support/Accounts.js"
import * as MemoryCore from "../../support/MemoryCore.js"

const NOW = Date.UTC(2026, 10, 22, 10)
const command = (over: Partial<CreateSpotCastCommand> = {}): CreateSpotCastCommand => ({
  ...createCommand("2026-11-23", 3),
  ...over
})
/** The fingerprint the HTTP adapter takes of the wire body that command() stands for. */
const fingerprint = (numDays: number) =>
  requestFingerprint(NodeCrypto.make, "POST", "/v3/spotcast", {
    latitude: 41.13,
    longitude: -71.71,
    start_date: "2026-11-23",
    num_days: numDays
  })
const at = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.zipRight(TestClock.setTime(NOW), self).pipe(Effect.provide(MemoryCore.layer))

describe("createSpotCast", () => {
  it.effect("charges max(2, n), stores the SpotCast with a processing forecast and reports the balance", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const charged = yield* createSpotCast(account, command({ numDays: 1, metadata: MetadataText.make(`{"k":1.0}`) }))
      assert.strictEqual(charged._tag, "Created")
      assert.strictEqual(charged.receipt.creditsCharged, 2)
      assert.strictEqual(charged.receipt.creditsRemaining, 8)
      const view = yield* getSpotCast(account, charged.receipt.spotcastId)
      assert.deepStrictEqual(view.latest.progress, { stage: "pending", percentage: 0 })
      assert.strictEqual(view.latest.status, "processing")
      assert.strictEqual(view.spotcast.metadata, `{"k":1.0}`)
      // The units the command left out are resolved and stored: English with knots and nm reads metres and °C.
      assert.deepStrictEqual(view.spotcast.preferences, { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "m", temperatureUnits: "c" })
      assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 8)
    })))

  it.effect("stores the units a command names, and the US reader's defaults for English with miles", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const named = yield* createSpotCast(account, command({
        preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "f" }
      }))
      assert.strictEqual(named._tag, "Created")
      const us = yield* createSpotCast(account, command({ preferences: { language: "en", distanceUnits: "mi", speedUnits: "kts" } }))
      assert.strictEqual(us._tag, "Created")
      const [a, b] = yield* Effect.forEach([named, us], (c) => getSpotCast(account, c.receipt.spotcastId))
      assert.deepStrictEqual([a!.spotcast.preferences.heightUnits, a!.spotcast.preferences.temperatureUnits], ["ft", "f"])
      assert.deepStrictEqual([b!.spotcast.preferences.heightUnits, b!.spotcast.preferences.temperatureUnits], ["ft", "f"])
    })))

  it.effect("refuses a start before yesterday or past the horizon, charging nothing", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      for (const start of ["2026-11-20", "2026-12-06"]) {
        const result = yield* Effect.either(createSpotCast(account, command({ start: DateTime.unsafeMake(`${start}T00:00:00Z`) })))
        assert.isTrue(Either.isLeft(result) && result.left._tag === "ValidationError" && result.left.code === "invalid_start_date")
      }
      assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 10)
    })))

  it.effect("fails with the shortfall when credits are too few", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(4)
      const result = yield* Effect.either(createSpotCast(account, command({ numDays: 5 })))
      assert.deepStrictEqual(
        Either.getLeft(result).pipe(Option.map((e) => e._tag === "InsufficientBalance" ? [e.currentBalance, e.requiredCredits] : e._tag)),
        Option.some([4, 5])
      )
    })))

  it.effect("replays an idempotent request without charging again, and refuses the key for another body", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const claim = { key: "k-1", fingerprint: fingerprint(3) }
      const first = yield* createSpotCast(account, command(), claim)
      yield* TestClock.adjust("1 hour")
      const again = yield* createSpotCast(account, command(), claim)
      assert.strictEqual(again._tag, "Replayed")
      assert.deepStrictEqual(again.receipt, first.receipt)
      assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 7)
      const other = { key: "k-1", fingerprint: fingerprint(4) }
      const reused = yield* Effect.either(createSpotCast(account, command({ numDays: 4 }), other))
      assert.isTrue(Either.isLeft(reused) && reused.left._tag === "IdempotencyKeyReused")
      yield* TestClock.adjust("24 hours")
      const later = yield* createSpotCast(account, command(), claim)
      assert.strictEqual(later._tag, "Created", "a key is fresh again after 24 hours")
    })))
})

describe("refreshSpotCast", () => {
  it.effect("is refused while the newest forecast runs, allowed after it failed (and was refunded)", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const created = yield* createSpotCast(account, command())
      const busy = yield* Effect.either(refreshSpotCast(account, created.receipt.spotcastId, {}))
      assert.isTrue(Either.isLeft(busy) && busy.left._tag === "ForecastInProgress")
      const work = yield* (yield* SpotCastStore).work(created.receipt.forecastId)
      assert.isTrue(yield* failForecast(Option.getOrThrow(work), PROCESSING_FAILED))
      assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 10)
      const refreshed = yield* refreshSpotCast(account, created.receipt.spotcastId, { webhookUrl: WebhookUrl.make("https://h.example.com/x") })
      assert.strictEqual(refreshed.receipt.creditsCharged, 3)
      const view = yield* getSpotCast(account, created.receipt.spotcastId)
      assert.strictEqual(view.forecastCount, 2)
      assert.strictEqual(view.latest.id, refreshed.receipt.forecastId)
      assert.strictEqual(view.latest.webhookUrl, "https://h.example.com/x")
    })))

  it.effect("answers not found for another account's SpotCast", () =>
    at(Effect.gen(function*() {
      const { account } = yield* seedAccount(10)
      const { account: other } = yield* seedAccount(10)
      const created = yield* createSpotCast(account, command())
      const result = yield* Effect.either(refreshSpotCast(other, created.receipt.spotcastId, {}))
      assert.isTrue(Either.isLeft(result) && result.left._tag === "SpotCastNotFound")
      const read = yield* Effect.either(getSpotCast(other, created.receipt.spotcastId))
      assert.isTrue(Either.isLeft(read) && read.left._tag === "SpotCastNotFound")
    })))
})
