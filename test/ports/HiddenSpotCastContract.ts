import { assert } from "@effect/vitest"
import { DateTime, Effect, Either, Option } from "effect"
import type { Account } from "../../src/domain/account/Account.js"
import type { Forecast } from "../../src/domain/forecast/Forecast.js"
import { AccountStore } from "../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../src/ports/SpotCastStore.js"
import type { Ids } from "../../src/ports/Ids.js"
import type { Charged } from "../../src/application/charge/Charge.js"
import * as F from "./Fixtures.js"
import { type ContractIt, onFreshStorage, type StoragePorts } from "./StorageHarness.js"
import { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"

/** `owner`'s credit balance. */
export const balance = (owner: Pick<Account, "id">) =>
  Effect.flatMap(AccountStore, (store) => Effect.map(store.balance(owner.id), (b) => b.creditBalance))

/** A product whose forecasts are those of a hidden SpotCast (a widget, a route), as its store's suite drives it. */
export interface HiddenSpotCastProduct<A> {
  /** How test names call one ("widget", "route"). */
  readonly name: string
  /** Its usual price in these tests. */
  readonly price: number
  /** Stores a new one of `owner` at the clock's time, charged `price`. */
  readonly create: (
    owner: Pick<Account, "id">,
    price: number
  ) => Effect.Effect<{ readonly made: A; readonly forecast: Forecast }, { readonly _tag: string }, StoragePorts>
  /** A refresh of `made` at `at`, charged its usual price. */
  readonly refresh: (made: A, at: DateTime.Utc) => Effect.Effect<Charged, { readonly _tag: string }, StoragePorts>
  /** Completes one of its forecasts, as its worker does. */
  readonly complete: (forecastId: Forecast["id"]) => Effect.Effect<boolean, never, StoragePorts | Ids>
  /** The owner's list of them. */
  readonly list: (owner: Pick<Account, "id">) => Effect.Effect<ReadonlyArray<unknown>, never, StoragePorts>
  /** The overdraw test creates them at `price + i % 3`; the balance it leaves is below this. */
  readonly leftBelow: number
}

/**
 * The charging tests every such product's store passes: it is charged with the same atomic steps and
 * ledger as SpotCasts, so a charge it cannot pay stores nothing, and no concurrency overdraws.
 */
export const hiddenSpotCastChargingContract = <A>(it: ContractIt, product: HiddenSpotCastProduct<A>) => {
  it.effect("a create the balance cannot pay stores nothing", () =>
    onFreshStorage(Effect.gen(function*() {
      const owner = yield* F.seed(1)
      const attempt = yield* Effect.either(product.create(owner, 2))
      assert.isTrue(Either.isLeft(attempt) && attempt.left._tag === "InsufficientBalance")
      assert.deepStrictEqual(yield* product.list(owner), [])
      assert.strictEqual(yield* balance(owner), 1)
    })))

  it.effect(`a ${product.name}'s hidden SpotCast is none of the account's SpotCasts, by every SpotCast read`, () =>
    onFreshStorage(Effect.gen(function*() {
      const owner = yield* F.seed(20)
      const { forecast } = yield* product.create(owner, product.price)
      const spotcasts = yield* SpotCastStore
      assert.isTrue(Option.isNone(yield* spotcasts.get(owner.id, forecast.spotcastId)))
      assert.isTrue(Option.isNone(yield* spotcasts.getForecast(owner.id, forecast.spotcastId, forecast.id)))
      assert.deepStrictEqual(yield* spotcasts.listForecasts(owner.id, forecast.spotcastId, { limit: 10 }), [])
      assert.deepStrictEqual(yield* spotcasts.list(owner.id, { limit: 10 }), [])
      assert.isTrue(Option.isNone(yield* spotcasts.lockLatest(owner.id, forecast.spotcastId)))
    })))

  it.effect(`concurrent refreshes of one ${product.name}: exactly one is charged`, () =>
    onFreshStorage(Effect.gen(function*() {
      const owner = yield* F.seed(20)
      const { forecast, made } = yield* product.create(owner, product.price)
      yield* product.complete(forecast.id)
      const now = yield* DateTime.now
      const results = yield* Effect.all(
        Array.from({ length: 6 }, () => Effect.either(product.refresh(made, now))),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(results.filter(Either.isRight).length, 1)
      assert.strictEqual(yield* balance(owner), 20 - 2 * product.price)
    })))

  it.effect(`${product.name}s and SpotCasts charged at once never overdraw the balance`, () =>
    onFreshStorage(Effect.gen(function*() {
      const spotcasts = yield* SpotCastStore
      const owner = yield* F.seed(25)
      const results = yield* Effect.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0
            ? Effect.either(Effect.as(product.create(owner, product.price + (i % 3)), product.price + (i % 3)))
            : Effect.either(Effect.flatMap(F.createCommand(owner, 2), (c) => Effect.as(chargeNewSpotCast(c), 2)))),
        { concurrency: "unbounded" }
      )
      const spent = results.reduce((sum, r) => sum + (Either.isRight(r) ? r.right : 0), 0)
      for (const r of results) if (Either.isLeft(r)) assert.strictEqual(r.left._tag, "InsufficientBalance")
      const left = yield* balance(owner)
      assert.strictEqual(left, 25 - spent)
      assert.isAtLeast(left, 0)
      assert.isBelow(left, product.leftBelow)
    })))
}
