import { Schema } from "effect"
import { IdempotencyKeyReused } from "../../../domain/billing/Idempotency.js"
import { InsufficientBalance } from "../../../domain/billing/Ledger.js"
import { ForecastInProgress, ForecastNotFound } from "../../../domain/forecast/Forecast.js"
import { ForecastId, SpotCastId } from "../../../domain/Ids.js"
import { SpotCastNotFound } from "../../../domain/spotcast/SpotCast.js"
import { code, errorEnvelope, notFound, param } from "./ErrorEnvelope.js"

/**
 * A 402 as the API answers it: the shortfall and where to buy credits. The purchase URL is the HTTP
 * adapter's setting, so the handlers add it to the core's `InsufficientBalance`.
 */
export class InsufficientBalanceAnswer extends InsufficientBalance.extend<InsufficientBalanceAnswer>(
  "InsufficientBalanceAnswer"
)({ purchaseUrl: Schema.String }) {}

export const Insufficient = errorEnvelope(InsufficientBalanceAnswer, 402, "Not enough credits", {
  code: code("insufficient_balance"),
  message: Schema.String,
  current_balance: Schema.Int,
  required_credits: Schema.Int,
  purchase_url: Schema.String
})(
  (e) => ({
    code: "insufficient_balance",
    message: `This request costs ${e.requiredCredits} credits; the balance is ${e.currentBalance}`,
    current_balance: e.currentBalance,
    required_credits: e.requiredCredits,
    purchase_url: e.purchaseUrl
  }),
  (w) =>
    new InsufficientBalanceAnswer({
      currentBalance: w.current_balance,
      requiredCredits: w.required_credits,
      purchaseUrl: w.purchase_url
    })
).annotations({ identifier: "InsufficientBalance" })

/** The answer does not repeat the key (the client sent it), so a decoded error has an empty one. */
export const IdempotencyReused = errorEnvelope(
  IdempotencyKeyReused,
  400,
  "The Idempotency-Key was already used with a different request",
  { code: code("idempotency_key_reused"), message: Schema.String, param }
)(
  () => ({
    code: "idempotency_key_reused",
    message: "This Idempotency-Key was already used with a different request",
    param: "Idempotency-Key"
  }),
  () => new IdempotencyKeyReused({ key: "" })
)

export const NoSpotCast = notFound(SpotCastNotFound, "No such SpotCast for this account", {
  code: "spotcast_not_found",
  param: "id",
  message: ["No SpotCast found with id '", "'"],
  id: (e) => e.spotcastId,
  make: (spotcastId) => new SpotCastNotFound({ spotcastId })
})

export const NoForecast = notFound(ForecastNotFound, "No such forecast in this SpotCast for this account", {
  code: "forecast_not_found",
  param: "forecast_id",
  message: ["No forecast found with id '", "' in this SpotCast"],
  id: (e) => e.forecastId,
  make: (forecastId) => new ForecastNotFound({ forecastId })
})

export const InProgress = errorEnvelope(
  ForecastInProgress,
  409,
  "The SpotCast's newest forecast is still being produced",
  { code: code("forecast_in_progress"), message: Schema.String, spotcast_id: SpotCastId, forecast_id: ForecastId }
)(
  (e) => ({
    code: "forecast_in_progress",
    message: `Forecast ${e.forecastId} of this SpotCast is still in progress; refresh once it has finished`,
    spotcast_id: e.spotcastId,
    forecast_id: e.forecastId
  }),
  (w) => new ForecastInProgress({ spotcastId: w.spotcast_id, forecastId: w.forecast_id })
)
