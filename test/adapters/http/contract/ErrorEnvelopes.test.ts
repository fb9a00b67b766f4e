import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { AccountNotFound, AccountSuspended } from "../../../../src/domain/account/Account.js"
import { ApiKeyNotFound, InvalidApiKey, KeyRevoked, MissingApiKey } from "../../../../src/domain/account/ApiKey.js"
import { IdempotencyKeyReused } from "../../../../src/domain/billing/Idempotency.js"
import { ForecastInProgress, ForecastNotFound } from "../../../../src/domain/forecast/Forecast.js"
import { SpotCastNotFound } from "../../../../src/domain/spotcast/SpotCast.js"
import { invalid } from "../../../../src/domain/Validation.js"
import { DeliveryNotFailed, DeliveryNotFound } from "../../../../src/domain/webhook/WebhookRedelivery.js"
import * as AdminErrors from "../../../../src/adapters/http/contract/AdminErrors.js"
import * as AuthErrors from "../../../../src/adapters/http/contract/AuthErrors.js"
import {
  AdminUnauthorized,
  InternalError,
  MAX_BODY_BYTES,
  PayloadTooLarge,
  RateLimitExceeded,
  RouteNotFound
} from "../../../../src/adapters/http/contract/EdgeErrors.js"
import * as RequestErrors from "../../../../src/adapters/http/contract/RequestErrors.js"
import * as SpotCastErrors from "../../../../src/adapters/http/contract/SpotCastErrors.js"
import { forecastId, spotCastId } from "../../../support/TestIds.js"

const odd = "it's a 'quoted' id\n"

/** Each envelope with an error of its class: encoding then decoding gives the same error back. */
const cases: ReadonlyArray<readonly [string, Schema.Schema<any, any>, unknown]> = [
  ["Validation", RequestErrors.Validation, invalid("invalid_num_days", "num_days must be an integer from 1 to 5", "num_days")],
  ["Validation without param", RequestErrors.Validation, invalid("invalid_json", "The request body is not valid JSON")],
  ["NoRoute", RequestErrors.NoRoute, new RouteNotFound()],
  ["TooLarge", RequestErrors.TooLarge, new PayloadTooLarge({ limitBytes: MAX_BODY_BYTES })],
  ["RateLimited", RequestErrors.RateLimited, new RateLimitExceeded({ retryAfterSeconds: 17 })],
  ["Internal", RequestErrors.Internal, new InternalError()],
  ["Missing", AuthErrors.Missing, new MissingApiKey()],
  ["Invalid", AuthErrors.Invalid, new InvalidApiKey()],
  ["Revoked", AuthErrors.Revoked, new KeyRevoked()],
  ["Suspended", AuthErrors.Suspended, new AccountSuspended()],
  ["AdminToken", AuthErrors.AdminToken, new AdminUnauthorized()],
  [
    "Insufficient",
    SpotCastErrors.Insufficient,
    new SpotCastErrors.InsufficientBalanceAnswer({ currentBalance: 1, requiredCredits: 5, purchaseUrl: "https://b.example" })
  ],
  ["IdempotencyReused", SpotCastErrors.IdempotencyReused, new IdempotencyKeyReused({ key: "" })],
  ["NoSpotCast", SpotCastErrors.NoSpotCast, new SpotCastNotFound({ spotcastId: odd })],
  ["NoForecast", SpotCastErrors.NoForecast, new ForecastNotFound({ forecastId: odd })],
  [
    "InProgress",
    SpotCastErrors.InProgress,
    new ForecastInProgress({
      spotcastId: spotCastId("a".repeat(22)),
      forecastId: forecastId("b".repeat(22))
    })
  ],
  ["NoAccount", AdminErrors.NoAccount, new AccountNotFound({ accountId: odd })],
  ["NoKey", AdminErrors.NoKey, new ApiKeyNotFound({ keyId: odd })],
  ["NoDelivery", AdminErrors.NoDelivery, new DeliveryNotFound({ deliveryId: odd })],
  ["NotFailed", AdminErrors.NotFailed, new DeliveryNotFailed({ deliveryId: "whk_c", status: "pending" })]
]

describe("error envelopes are two-way", () => {
  for (const [name, schema, error] of cases) {
    it(`${name}: the envelope decodes back into the error it was written from`, () => {
      const wire = Schema.encodeSync(schema)(error)
      assert.deepStrictEqual(Object.keys(wire), ["error"])
      const back = Schema.decodeUnknownSync(schema)(JSON.parse(JSON.stringify(wire)))
      assert.strictEqual(back.constructor, (error as object).constructor)
      assert.deepStrictEqual({ ...back }, { ...(error as object) })
    })
  }

  it("writes the messages the contract shows, ids as they are", () => {
    assert.deepStrictEqual(Schema.encodeSync(SpotCastErrors.NoSpotCast)(new SpotCastNotFound({ spotcastId: odd })), {
      error: { code: "spotcast_not_found", message: `No SpotCast found with id '${odd}'`, param: "id" }
    })
    assert.deepStrictEqual(
      Schema.encodeSync(SpotCastErrors.Insufficient)(
        new SpotCastErrors.InsufficientBalanceAnswer({ currentBalance: 4, requiredCredits: 5, purchaseUrl: "https://b" })
      ),
      {
        error: {
          code: "insufficient_balance",
          message: "This request costs 5 credits; the balance is 4",
          current_balance: 4,
          required_credits: 5,
          purchase_url: "https://b"
        }
      }
    )
  })

  it("refuses an envelope whose message does not name an id the way the contract writes it", () => {
    const decode = Schema.decodeUnknownEither(SpotCastErrors.NoSpotCast)
    assert.isTrue(decode({ error: { code: "spotcast_not_found", message: "No SpotCast found", param: "id" } })._tag === "Left")
  })
})
