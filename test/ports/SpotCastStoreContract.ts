import { assert, describe } from "@effect/vitest"
import { DateTime, Effect, Either, Option, TestClock } from "effect"
import type { Analysis } from "../../src/domain/forecast/Analysis.js"
import type { Forecast } from "../../src/domain/forecast/Forecast.js"
import { advanced, completed, failed } from "../../src/domain/forecast/ForecastLifecycle.js"
import { LedgerEntryId, type SpotCastId } from "../../src/domain/Ids.js"
import { chargeEntry, InsufficientBalance } from "../../src/domain/billing/Ledger.js"
import { MetadataText } from "../../src/domain/spotcast/Metadata.js"
import { AccountStore } from "../../src/ports/AccountStore.js"
import { ChargeLedger } from "../../src/ports/ChargeLedger.js"
import { IdempotencyStore } from "../../src/ports/IdempotencyStore.js"
import { JobQueue } from "../../src/ports/JobQueue.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import * as F from "./Fixtures.js"
import { type ContractIt, onFreshStorage } from "./StorageHarness.js"
import { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"
import { chargeSpotCastRefresh } from "../../src/application/spotcast/RefreshSpotCast.js"
import { completeForecast, failForecast } from "../../src/application/finish/Finish.js"

const analysis: Analysis = {
  summary: "Calm morning, building wind after noon.",
  daily_classifications: [{ date: "2026-03-02", classification: "CAUTION", summary: "12 kts by 14:00" }]
}
const weatherError = { code: "weather_data_unavailable", message: "no data" } as const

const shortfall = (e: { readonly _tag: string }) =>
  e instanceof InsufficientBalance ? { currentBalance: e.currentBalance, requiredCredits: e.requiredCredits } : e._tag

/** A stored SpotCast of a new account with `credits`, and its first forecast. */
const created = (credits = 10, price = 2) =>
  Effect.gen(function*() {
    const account = yield* F.seed(credits)
    const command = yield* F.createCommand(account, price)
    const charged = yield* chargeNewSpotCast(command)
    return { account, command, charged }
  })

const refreshOf = (forecast: Forecast, price = 2) =>
  Effect.map(DateTime.now, (now) => ({
    accountId: forecast.accountId,
    spotcastId: forecast.spotcastId,
    forecast: F.forecast({ id: forecast.spotcastId, accountId: forecast.accountId }, now),
    price,
    chargeId: LedgerEntryId.make(F.id("led")),
    estimatedCompletionSeconds: 12
  }))

export const spotCastStoreContract = (it: ContractIt) =>
  describe("SpotCastStore", () => {
    it.effect("create charges, stores the SpotCast and its first forecast, and enqueues its job", () =>
      onFreshStorage(Effect.gen(function*() {
        const { account, charged, command } = yield* created(10, 3)
        assert.deepStrictEqual(charged, {
          _tag: "Created",
          receipt: {
            kind: "create",
            spotcastId: command.spotcast.id,
            forecastId: command.forecast.id,
            createdAt: command.forecast.createdAt,
            creditsCharged: 3,
            creditsRemaining: 7,
            estimatedCompletionSeconds: 10
          }
        })
        assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 7, totalPurchased: 10, totalUsed: 3 })
        const view = Option.getOrThrow(yield* (yield* SpotCastStore).get(account.id, command.spotcast.id))
        assert.deepStrictEqual(view, { spotcast: command.spotcast, forecastCount: 1, latest: command.forecast })
        assert.strictEqual(yield* (yield* JobQueue).depth, 1)
      })))

    it.effect("every field of a SpotCast round-trips; metadata keeps its text byte for byte as sent", () =>
      onFreshStorage(Effect.gen(function*() {
        const account = yield* F.seed(10)
        const now = yield* DateTime.now
        const metadata = MetadataText.make(
          `{ "zeta": 1.0, "n": 12345678901234567890, "z": -0, "alpha": {"y": [3, "two", null], "b": true}, "ünï": "😀 \\"quoted\\" \\u00e9", "empty": {} }`
        )
        const spotcast = F.spotcast(account, now, {
          coordinates: { latitude: -33.8688, longitude: 151.2093 },
          numDays: 5,
          tripDurationHours: 6,
          metadata,
          webhookUrl: F.webhookUrl("https://hooks.example.com/a?b=c"),
          preferences: { language: "ja", distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" },
          vessel: { type: "sailboat", lengthFt: 32.5 }
        })
        const forecast = F.forecast(spotcast, now)
        yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), spotcast, forecast })
        const view = Option.getOrThrow(yield* (yield* SpotCastStore).get(account.id, spotcast.id))
        assert.deepStrictEqual(view.spotcast, spotcast)
        assert.strictEqual(view.spotcast.metadata, metadata)
      })))

    it.effect("create without enough credits fails with the balance and price and changes nothing", () =>
      onFreshStorage(Effect.gen(function*() {
        const account = yield* F.seed(3)
        const command = yield* F.createCommand(account, 4)
        const error = yield* Effect.flip(chargeNewSpotCast(command))
        assert.deepStrictEqual(shortfall(error), { currentBalance: 3, requiredCredits: 4 })
        assert.isTrue(Option.isNone(yield* (yield* SpotCastStore).get(account.id, command.spotcast.id)))
        assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 3, totalPurchased: 3, totalUsed: 0 })
        assert.strictEqual(yield* (yield* JobQueue).depth, 0)
      })))

    it.effect("insertCharged on its own, outside any transaction: the rows with their charge, or when short nothing at all", () =>
      onFreshStorage(Effect.gen(function*() {
        const account = yield* F.seed(5)
        const store = yield* SpotCastStore
        const ledger = yield* ChargeLedger
        const paid = yield* F.createCommand(account, 3)
        const paidEntry = chargeEntry(paid.forecast, 3, paid.chargeId)
        assert.deepStrictEqual(
          yield* store.insertCharged(paid.spotcast, paid.forecast, paidEntry, undefined),
          Either.right({ creditBalance: 2, totalPurchased: 5, totalUsed: 3 })
        )
        assert.deepStrictEqual(yield* ledger.chargeOf(account.id, paid.forecast.id), Option.some(paidEntry))
        assert.deepStrictEqual(
          Option.getOrThrow(yield* store.get(account.id, paid.spotcast.id)),
          { spotcast: paid.spotcast, forecastCount: 1, latest: paid.forecast }
        )
        assert.strictEqual(yield* (yield* JobQueue).depth, 1)

        // Short by one: the balance as it was, and neither the entry nor any of the three rows.
        const short = yield* F.createCommand(account, 3)
        assert.deepStrictEqual(
          yield* store.insertCharged(short.spotcast, short.forecast, chargeEntry(short.forecast, 3, short.chargeId), undefined),
          Either.left(2)
        )
        assert.isTrue(Option.isNone(yield* ledger.chargeOf(account.id, short.forecast.id)))
        assert.isTrue(Option.isNone(yield* store.get(account.id, short.spotcast.id)))
        assert.isTrue(Option.isNone(yield* store.getForecast(account.id, short.spotcast.id, short.forecast.id)))
        assert.strictEqual(yield* (yield* JobQueue).depth, 1)
        assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 2, totalPurchased: 5, totalUsed: 3 })
      })))

    it.effect("many creates of one account at once: as many are charged as the balance covers, each answered as if alone", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const ledger = yield* ChargeLedger
        const account = yield* F.seed(20)
        const other = yield* F.seed(4)
        // 12 creates of 3 credits against 20 (six fit, two credits left), and 2 of another account beside.
        const commands = yield* Effect.forEach(Array.from({ length: 12 }), () => F.createCommand(account, 3))
        const others = yield* Effect.forEach(Array.from({ length: 2 }), () => F.createCommand(other, 2))
        const answers = yield* Effect.forEach(
          [...commands, ...others],
          (c) => store.insertCharged(c.spotcast, c.forecast, chargeEntry(c.forecast, c.price, c.chargeId), undefined),
          { concurrency: "unbounded" }
        )
        const mine = answers.slice(0, 12)
        const charged = mine.filter(Either.isRight).map((a) => a.right)
        assert.strictEqual(charged.length, 6)
        // Each charged create left a different balance, as one after another: 17, 14, … 2.
        assert.deepStrictEqual(charged.map((b) => b.creditBalance).sort((a, b) => b - a), [17, 14, 11, 8, 5, 2])
        for (const b of charged) assert.strictEqual(b.totalUsed, 20 - b.creditBalance)
        // Each refused one was refused on a balance it did not fit in.
        for (const a of mine) if (Either.isLeft(a)) assert.isBelow(a.left, 3)
        assert.deepStrictEqual(answers.slice(12).map((a) => Either.isRight(a) && a.right.creditBalance).sort(), [0, 2])
        yield* Effect.forEach(commands, (c, i) =>
          Effect.gen(function*() {
            const stored = Option.isSome(yield* store.get(account.id, c.spotcast.id))
            assert.strictEqual(stored, Either.isRight(mine[i]!))
            assert.strictEqual(Option.isSome(yield* ledger.chargeOf(account.id, c.forecast.id)), stored)
          }))
        assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 2, totalPurchased: 20, totalUsed: 18 })
        assert.strictEqual(yield* (yield* JobQueue).depth, 8)
      })))

    it.effect("spending the balance to exactly zero is allowed, one credit more is not", () =>
      onFreshStorage(Effect.gen(function*() {
        const account = yield* F.seed(4)
        const store = yield* SpotCastStore
        yield* chargeNewSpotCast(yield* F.createCommand(account, 2))
        yield* chargeNewSpotCast(yield* F.createCommand(account, 2))
        const error = yield* Effect.flip(chargeNewSpotCast(yield* F.createCommand(account, 2)))
        assert.strictEqual(error._tag, "InsufficientBalance")
        assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 0, totalPurchased: 4, totalUsed: 4 })
      })))

    it.effect("an idempotency key replays its receipt, refuses another request, and is fresh after 24 hours", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const account = yield* F.seed(10)
        const idempotency = { key: "order-42", fingerprint: "fp-a" }
        const first = yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), idempotency })
        assert.strictEqual(first._tag, "Created")

        yield* TestClock.adjust("23 hours")
        const again = yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), idempotency })
        assert.deepStrictEqual(again, { _tag: "Replayed", receipt: first.receipt })
        const reused = yield* Effect.flip(chargeNewSpotCast({ ...(yield* F.createCommand(account)), idempotency: { ...idempotency, fingerprint: "fp-b" } }))
        assert.deepStrictEqual(reused._tag === "IdempotencyKeyReused" && reused.key, "order-42")
        assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 8)

        const record = Option.getOrThrow(yield* (yield* IdempotencyStore).find(account.id, "order-42"))
        assert.deepStrictEqual(record, {
          accountId: account.id,
          key: "order-42",
          fingerprint: "fp-a",
          createdAt: first.receipt.createdAt,
          receipt: first.receipt
        })

        yield* TestClock.adjust("1 hour")
        yield* TestClock.adjust("1 millis")
        const later = yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), idempotency: { ...idempotency, fingerprint: "fp-c" } })
        assert.strictEqual(later._tag, "Created")
        assert.notStrictEqual(later.receipt.spotcastId, first.receipt.spotcastId)
        assert.strictEqual((yield* (yield* AccountStore).balance(account.id)).creditBalance, 6)
        assert.strictEqual(Option.getOrThrow(yield* (yield* IdempotencyStore).find(account.id, "order-42")).fingerprint, "fp-c")
      })))

    it.effect("idempotency keys belong to their account; a refused charge keeps no record", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const rich = yield* F.seed(10)
        const poor = yield* F.seed(1)
        const idempotency = { key: "shared-key", fingerprint: "fp" }
        yield* chargeNewSpotCast({ ...(yield* F.createCommand(rich)), idempotency })
        const refused = yield* Effect.flip(chargeNewSpotCast({ ...(yield* F.createCommand(poor)), idempotency }))
        assert.strictEqual(refused._tag, "InsufficientBalance")
        assert.isTrue(Option.isNone(yield* (yield* IdempotencyStore).find(poor.id, "shared-key")))
        yield* (yield* AccountStore).grant(F.grant(poor, 5, yield* DateTime.now))
        const fresh = yield* chargeNewSpotCast({ ...(yield* F.createCommand(poor)), idempotency })
        assert.strictEqual(fresh._tag, "Created")
      })))

    it.effect("refresh waits for the newest forecast to finish, then charges and adds a forecast", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created(10)
        yield* TestClock.adjust("1 minute")
        const busy = yield* Effect.flip(chargeSpotCastRefresh(yield* refreshOf(command.forecast)))
        assert.deepStrictEqual(busy._tag === "ForecastInProgress" && [busy.spotcastId, busy.forecastId], [
          command.spotcast.id,
          command.forecast.id
        ])

        assert.isTrue(yield* completeForecast({ forecastId: command.forecast.id, analysis, at: yield* DateTime.now }))
        yield* TestClock.adjust("1 minute")
        const refresh = yield* refreshOf(command.forecast, 3)
        const charged = yield* chargeSpotCastRefresh({ ...refresh, idempotency: { key: "r1", fingerprint: "f" } })
        assert.deepStrictEqual(charged, {
          _tag: "Created",
          receipt: {
            kind: "refresh",
            spotcastId: command.spotcast.id,
            forecastId: refresh.forecast.id,
            createdAt: refresh.forecast.createdAt,
            creditsCharged: 3,
            creditsRemaining: 5,
            estimatedCompletionSeconds: 12
          }
        })
        const view = Option.getOrThrow(yield* store.get(account.id, command.spotcast.id))
        assert.strictEqual(view.forecastCount, 2)
        assert.deepStrictEqual(view.latest, refresh.forecast)
        const replay = yield* chargeSpotCastRefresh({ ...(yield* refreshOf(command.forecast, 3)), idempotency: { key: "r1", fingerprint: "f" } })
        assert.deepStrictEqual(replay, { _tag: "Replayed", receipt: charged.receipt })
        assert.strictEqual(yield* (yield* JobQueue).depth, 1)
      })))

    it.effect("refresh of an unknown or foreign SpotCast is SpotCastNotFound; without credits it is refused", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created(2)
        const stranger = yield* F.seed(10)
        const refresh = yield* refreshOf(command.forecast)
        const foreign = yield* Effect.flip(chargeSpotCastRefresh({ ...refresh, accountId: stranger.id }))
        assert.strictEqual(foreign._tag, "SpotCastNotFound")
        const unknown = yield* Effect.flip(chargeSpotCastRefresh({ ...refresh, spotcastId: F.spotcast(account, yield* DateTime.now).id }))
        assert.strictEqual(unknown._tag, "SpotCastNotFound")
        const malformed = yield* Effect.flip(chargeSpotCastRefresh({
          ...refresh,
          spotcastId: "spc_'; --" as SpotCastId,
          idempotency: { key: "k", fingerprint: "f" }
        }))
        assert.strictEqual(malformed._tag, "SpotCastNotFound")
        // The refused refresh had claimed its key in the same transaction: undone with it.
        assert.isTrue(Option.isNone(yield* (yield* IdempotencyStore).find(account.id, "k")))
        const again = yield* Effect.flip(chargeSpotCastRefresh({
          ...refresh,
          spotcastId: "spc_'; --" as SpotCastId,
          idempotency: { key: "k", fingerprint: "another request" }
        }))
        assert.strictEqual(again._tag, "SpotCastNotFound")
        yield* failForecast({ forecastId: command.forecast.id, error: weatherError, at: yield* DateTime.now, refundId: F.refundId() })
        yield* chargeNewSpotCast(yield* F.createCommand(account, 2))
        const broke = yield* Effect.flip(chargeSpotCastRefresh(refresh))
        assert.deepStrictEqual(shortfall(broke), { currentBalance: 0, requiredCredits: 2 })
        assert.strictEqual(Option.getOrThrow(yield* store.get(account.id, command.spotcast.id)).forecastCount, 1)
      })))

    it.effect("reads are scoped to the account and the SpotCast", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created()
        const other = yield* created()
        const { id: spotcastId } = command.spotcast
        const { id: forecastId } = command.forecast
        assert.deepStrictEqual(yield* store.getForecast(account.id, spotcastId, forecastId), Option.some(command.forecast))
        assert.isTrue(Option.isNone(yield* store.getForecast(other.account.id, spotcastId, forecastId)))
        assert.isTrue(Option.isNone(yield* store.getForecast(account.id, other.command.spotcast.id, forecastId)))
        assert.isTrue(Option.isNone(yield* store.getForecast(account.id, spotcastId, "fcst_nope")))
        assert.isTrue(Option.isNone(yield* store.get(other.account.id, spotcastId)))
        assert.isTrue(Option.isNone(yield* store.get(account.id, "spc_'; DROP TABLE spotcasts; --")))
        assert.deepStrictEqual(yield* store.listForecasts(other.account.id, spotcastId, { limit: 10 }), [])
        assert.deepStrictEqual((yield* store.list(account.id, { limit: 10 })).map((v) => v.spotcast.id), [spotcastId])
      })))

    it.effect("lists newest first, ties by id in byte order, strictly after the cursor", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const account = yield* F.seed(100)
        const now = yield* DateTime.now
        const at = (minutes: number) => DateTime.add(now, { minutes })
        // Same instant, ids differing only in case and digits: byte order is 0 < A < a.
        const bodies = [["0", 1], ["A", 1], ["a", 1], ["b", 0], ["B", 2]] as const
        for (const [body, minutes] of bodies) {
          const spotcast = F.spotcast(account, at(minutes), { id: F.id("spc", body) as never })
          yield* chargeNewSpotCast({ ...(yield* F.createCommand(account)), spotcast, forecast: F.forecast(spotcast, at(minutes)) })
        }
        const order = ["B", "a", "A", "0", "b"].map((b) => F.id("spc", b))
        const all = yield* store.list(account.id, { limit: 10 })
        assert.deepStrictEqual(all.map((v) => v.spotcast.id), order)
        const walked: Array<string> = []
        let after: { createdAtMillis: number; id: string } | undefined
        for (;;) {
          const page = yield* store.list(account.id, after === undefined ? { limit: 2 } : { limit: 2, after })
          if (page.length === 0) break
          walked.push(...page.map((v) => v.spotcast.id))
          const last = page[page.length - 1]!
          after = { createdAtMillis: DateTime.toEpochMillis(last.spotcast.createdAt), id: last.spotcast.id }
        }
        assert.deepStrictEqual(walked, order)
      })))

    it.effect("lists a SpotCast's forecasts newest first with the cursor", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created(100)
        const ids = [command.forecast.id as string]
        let latest = command.forecast
        for (let i = 0; i < 4; i++) {
          yield* completeForecast({ forecastId: latest.id, analysis, at: yield* DateTime.now })
          yield* TestClock.adjust("1 minute")
          const refresh = yield* refreshOf(latest)
          yield* chargeSpotCastRefresh(refresh)
          latest = refresh.forecast
          ids.unshift(latest.id)
        }
        const page = yield* store.listForecasts(account.id, command.spotcast.id, { limit: 3 })
        assert.deepStrictEqual(page.map((f) => f.id), ids.slice(0, 3))
        const last = page[2]!
        const rest = yield* store.listForecasts(account.id, command.spotcast.id, {
          limit: 3,
          after: { createdAtMillis: DateTime.toEpochMillis(last.createdAt), id: last.id }
        })
        assert.deepStrictEqual(rest.map((f) => f.id), ids.slice(3))
        const view = Option.getOrThrow(yield* store.get(account.id, command.spotcast.id))
        assert.strictEqual(view.forecastCount, 5)
        assert.strictEqual(view.latest.id, ids[0])
        assert.strictEqual(view.latest.status, "processing")
      })))

    it.effect("work gives a worker the forecast with its SpotCast and account", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created()
        const work = Option.getOrThrow(yield* store.work(command.forecast.id))
        assert.strictEqual(work.account.id, account.id)
        assert.deepStrictEqual(work.spotcast, command.spotcast)
        assert.deepStrictEqual(work.forecast, command.forecast)
        assert.isTrue(Option.isNone(yield* store.work(F.forecast(command.spotcast, yield* DateTime.now).id)))
      })))

    it.effect("work with a start stage moves an unfinished forecast on in the same step, and gives it as it was", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created()
        const progress = () => Effect.map(store.get(account.id, command.spotcast.id), (v) => Option.getOrThrow(v).latest.progress)
        const work = Option.getOrThrow(yield* store.work(command.forecast.id, "fetching_weather"))
        assert.deepStrictEqual(work.forecast, command.forecast)
        assert.deepStrictEqual(yield* progress(), { stage: "fetching_weather", percentage: 25 })
        yield* store.advance(command.forecast.id, "ai_analysis")
        yield* store.work(command.forecast.id, "fetching_weather")
        assert.deepStrictEqual(yield* progress(), { stage: "ai_analysis", percentage: 75 })
        assert.isTrue(yield* completeForecast({ forecastId: command.forecast.id, analysis, at: yield* DateTime.now }))
        const done = Option.getOrThrow(yield* store.work(command.forecast.id, "fetching_weather"))
        assert.strictEqual(done.forecast.status, "completed")
        assert.deepStrictEqual(yield* progress(), { stage: "completed", percentage: 100 })
      })))

    it.effect("advance moves progress forward only, and not at all once finished", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created()
        const progress = () => Effect.map(store.get(account.id, command.spotcast.id), (v) => Option.getOrThrow(v).latest.progress)
        assert.isTrue(yield* store.advance(command.forecast.id, "processing_data"))
        assert.deepStrictEqual(yield* progress(), { stage: "processing_data", percentage: 50 })
        assert.isTrue(yield* store.advance(command.forecast.id, "fetching_weather"))
        assert.deepStrictEqual(yield* progress(), { stage: "processing_data", percentage: 50 })
        assert.isTrue(yield* completeForecast({ forecastId: command.forecast.id, analysis, at: yield* DateTime.now }))
        assert.isFalse(yield* store.advance(command.forecast.id, "ai_analysis"))
        assert.deepStrictEqual(yield* progress(), { stage: "completed", percentage: 100 })
        assert.isFalse(yield* store.advance(F.forecast(command.spotcast, yield* DateTime.now).id, "ai_analysis"))
      })))

    it.effect("advance keeps the domain's rule at the write: the stored forecast is `advanced`'s, and racing advances end at the furthest stage", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created()
        const stored = () => Effect.map(store.get(account.id, command.spotcast.id), (v) => Option.getOrThrow(v).latest)
        const stages = ["processing_data", "fetching_weather", "processing_data", "ai_analysis", "fetching_weather"] as const
        for (const stage of stages) {
          const expected = Either.getOrThrow(advanced(yield* stored(), stage))
          assert.isTrue(yield* store.advance(command.forecast.id, stage))
          const now = yield* stored()
          assert.deepStrictEqual([now.status, now.progress], [expected.status, expected.progress], stage)
        }
        const other = yield* created()
        const racing = (["ai_analysis", "fetching_weather", "processing_data", "fetching_weather"] as const).map((stage) =>
          store.advance(other.command.forecast.id, stage)
        )
        assert.deepStrictEqual(yield* Effect.all(racing, { concurrency: "unbounded" }), [true, true, true, true])
        const raced = Option.getOrThrow(yield* store.get(other.account.id, other.command.spotcast.id)).latest
        assert.deepStrictEqual([raced.status, raced.progress], ["processing", { stage: "ai_analysis", percentage: 75 }])
      })))

    it.effect("many forecasts' work and moves at once (a busy worker's): each answered as if alone", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const all = yield* Effect.forEach([0, 1, 2, 3], () => created())
        const [finished, ...open] = all
        assert.isTrue(yield* completeForecast({ forecastId: finished!.command.forecast.id, analysis, at: yield* DateTime.now }))
        const missing = F.forecast(all[0]!.command.spotcast, yield* DateTime.now).id
        const progress = (c: (typeof all)[number]) =>
          Effect.map(store.get(c.account.id, c.command.spotcast.id), (v) => Option.getOrThrow(v).latest.progress)
        const works = yield* Effect.all(
          [...all.map((c) => store.work(c.command.forecast.id, "fetching_weather")), store.work(missing, "fetching_weather")],
          { concurrency: "unbounded" }
        )
        all.forEach((c, i) => assert.strictEqual(Option.getOrThrow(works[i]!).forecast.id, c.command.forecast.id))
        assert.deepStrictEqual(Option.getOrThrow(works[1]!).forecast, open[0]!.command.forecast)
        assert.strictEqual(Option.getOrThrow(works[0]!).forecast.status, "completed")
        assert.isTrue(Option.isNone(works[4]!))
        assert.deepStrictEqual(yield* progress(open[2]!), { stage: "fetching_weather", percentage: 25 })
        const moves = [
          [open[0]!, "ai_analysis"],
          [open[1]!, "processing_data"],
          [finished!, "ai_analysis"],
          [open[0]!, "processing_data"],
          [open[2]!, "fetching_weather"]
        ] as const
        const moved = yield* Effect.all(moves.map(([c, stage]) => store.advance(c.command.forecast.id, stage)), { concurrency: "unbounded" })
        assert.deepStrictEqual(moved, [true, true, false, true, true])
        assert.deepStrictEqual(yield* progress(open[0]!), { stage: "ai_analysis", percentage: 75 })
        assert.deepStrictEqual(yield* progress(open[1]!), { stage: "processing_data", percentage: 50 })
        assert.deepStrictEqual(yield* progress(open[2]!), { stage: "fetching_weather", percentage: 25 })
        assert.deepStrictEqual(yield* progress(finished!), { stage: "completed", percentage: 100 })
      })))

    it.effect("many forecasts finished at once (a busy worker's): each written as if alone, a forecast finished twice once", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const all = yield* Effect.forEach([0, 1, 2, 3, 4], () => created())
        const at = yield* DateTime.now
        const said = (text: string): Analysis => ({ ...analysis, summary: text })
        // Texts that JSON escapes, each its own.
        const texts = ["quote \" and back\\slash", "line\nbreak\u2028 and é, 𝄞", "<tag> & 'single'", "first of two", "second of two"]
        const finish = (forecast: Forecast, text: string) => Either.getOrThrow(completed(forecast, said(text), at))
        const failure = Either.getOrThrow(failed(all[4]!.command.forecast, weatherError, at))
        const [done] = all
        assert.isTrue(yield* store.saveFinished(finish(done!.command.forecast, "done before")))
        const saved = yield* Effect.all([
          store.saveFinished(finish(all[1]!.command.forecast, texts[0]!)),
          store.saveFinished(finish(all[2]!.command.forecast, texts[1]!)),
          store.saveFinished(finish(done!.command.forecast, texts[2]!)),
          store.saveFinished(finish(all[3]!.command.forecast, texts[3]!)),
          store.saveFinished(finish(all[3]!.command.forecast, texts[4]!)),
          store.saveFinished(failure)
        ], { concurrency: "unbounded" })
        assert.deepStrictEqual(saved, [true, true, false, true, false, true])
        const stored = (c: (typeof all)[number]) =>
          Effect.map(store.getForecast(c.account.id, c.command.spotcast.id, c.command.forecast.id), Option.getOrThrow)
        assert.deepStrictEqual(yield* stored(all[1]!), finish(all[1]!.command.forecast, texts[0]!))
        assert.deepStrictEqual(yield* stored(all[2]!), finish(all[2]!.command.forecast, texts[1]!))
        assert.deepStrictEqual((yield* stored(done!)).analysis, said("done before"))
        assert.deepStrictEqual(yield* stored(all[3]!), finish(all[3]!.command.forecast, texts[3]!))
        assert.deepStrictEqual(yield* stored(all[4]!), failure)
        assert.strictEqual(yield* (yield* JobQueue).depth, 0)
        // Completions are counted, failures not.
        assert.strictEqual((yield* store.recentCompletionSeconds(10)).length, 4)
      })))

    it.effect("complete finishes once, removes the job, and a late second completion or failure changes nothing", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const { account, command } = yield* created(10)
        yield* store.advance(command.forecast.id, "ai_analysis")
        yield* TestClock.adjust("42 seconds")
        const at = yield* DateTime.now
        const delivery = F.delivery(command.forecast, at)
        assert.isTrue(yield* completeForecast({ forecastId: command.forecast.id, analysis, at, delivery }))
        const done = Option.getOrThrow(yield* store.getForecast(account.id, command.spotcast.id, command.forecast.id))
        assert.deepStrictEqual(done, {
          ...command.forecast,
          status: "completed",
          progress: { stage: "completed", percentage: 100 },
          completedAt: at,
          analysis
        })
        assert.strictEqual(yield* (yield* JobQueue).depth, 0)
        const later = DateTime.add(at, { seconds: 5 })
        assert.isFalse(yield* completeForecast({ forecastId: command.forecast.id, analysis: { ...analysis, summary: "late" }, at: later }))
        assert.isFalse(yield* failForecast({ forecastId: command.forecast.id, error: weatherError, at: later, refundId: F.refundId() }))
        assert.deepStrictEqual(yield* store.getForecast(account.id, command.spotcast.id, command.forecast.id), Option.some(done))
        assert.deepStrictEqual(yield* (yield* AccountStore).balance(account.id), { creditBalance: 8, totalPurchased: 10, totalUsed: 2 })
      })))

    it.effect("fail refunds the charge once, keeps the progress reached, and removes the job", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        const accounts = yield* AccountStore
        const { account, command } = yield* created(10, 4)
        yield* store.advance(command.forecast.id, "fetching_weather")
        const at = yield* DateTime.now
        assert.isTrue(yield* failForecast({ forecastId: command.forecast.id, error: weatherError, at, refundId: F.refundId(), delivery: F.delivery(command.forecast, at) }))
        const failed = Option.getOrThrow(yield* store.getForecast(account.id, command.spotcast.id, command.forecast.id))
        assert.deepStrictEqual(failed, {
          ...command.forecast,
          status: "failed",
          progress: { stage: "fetching_weather", percentage: 25 },
          failedAt: at,
          error: weatherError
        })
        assert.deepStrictEqual(yield* accounts.balance(account.id), { creditBalance: 10, totalPurchased: 10, totalUsed: 0 })
        assert.isFalse(yield* failForecast({ forecastId: command.forecast.id, error: weatherError, at, refundId: F.refundId() }))
        assert.isFalse(yield* completeForecast({ forecastId: command.forecast.id, analysis, at }))
        assert.deepStrictEqual(yield* accounts.balance(account.id), { creditBalance: 10, totalPurchased: 10, totalUsed: 0 })
        assert.strictEqual(yield* (yield* JobQueue).depth, 0)
        assert.isFalse(yield* failForecast({ forecastId: F.forecast(command.spotcast, at).id, error: weatherError, at, refundId: F.refundId() }))
      })))

    it.effect("recent completion times come newest first, as many as asked", () =>
      onFreshStorage(Effect.gen(function*() {
        const store = yield* SpotCastStore
        assert.deepStrictEqual(yield* store.recentCompletionSeconds(5), [])
        const first = yield* created(100)
        const second = yield* created(100)
        const third = yield* created(100)
        const start = yield* DateTime.now
        const finish = (forecast: Forecast, seconds: number) =>
          completeForecast({ forecastId: forecast.id, analysis, at: DateTime.add(start, { seconds }) })
        yield* finish(second.command.forecast, 30)
        yield* failForecast({ forecastId: third.command.forecast.id, error: weatherError, at: start, refundId: F.refundId() })
        yield* finish(first.command.forecast, 12)
        assert.deepStrictEqual(yield* store.recentCompletionSeconds(5), [12, 30])
        assert.deepStrictEqual(yield* store.recentCompletionSeconds(1), [12])
      })))
  })
