import { Either, Schema } from "effect"
import { Analysis } from "./Analysis.js"
import { ForecastError } from "./ForecastError.js"
import { ForecastStatus, isTerminal } from "./ForecastStatus.js"
import { AccountId, ForecastId, SpotCastId } from "../Ids.js"
import { Progress } from "./Progress.js"
import { WebhookUrl } from "../webhook/WebhookUrl.js"

/** One run of the analysis for a SpotCast: the first at creation, one more per refresh. */
export const Forecast = Schema.Struct({
  id: ForecastId,
  spotcastId: SpotCastId,
  accountId: AccountId,
  createdAt: Schema.DateTimeUtc,
  status: ForecastStatus,
  progress: Progress,
  completedAt: Schema.optional(Schema.DateTimeUtc),
  /** Set once the forecast failed; absent otherwise. */
  failedAt: Schema.optional(Schema.DateTimeUtc),
  analysis: Schema.optional(Analysis),
  error: Schema.optional(ForecastError),
  /** A refresh's own webhook URL, which overrides the SpotCast's for this forecast. */
  webhookUrl: Schema.optional(WebhookUrl)
})
export type Forecast = typeof Forecast.Type

export class ForecastNotFound extends Schema.TaggedError<ForecastNotFound>()("ForecastNotFound", {
  forecastId: Schema.String
}) {}

/** Refresh while the SpotCast's newest forecast is still pending or processing (docs/decisions.md: 409). */
export class ForecastInProgress extends Schema.TaggedError<ForecastInProgress>()("ForecastInProgress", {
  spotcastId: SpotCastId,
  forecastId: ForecastId
}) {}

/** A SpotCast may be refreshed once its newest forecast has finished, failed ones included (refunded). */
export const checkRefreshable = (
  spotcastId: SpotCastId,
  latest: Pick<Forecast, "id" | "status">
): Either.Either<void, ForecastInProgress> =>
  isTerminal(latest.status) ? Either.void : Either.left(new ForecastInProgress({ spotcastId, forecastId: latest.id }))
