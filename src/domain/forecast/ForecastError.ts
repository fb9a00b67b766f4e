import { Schema } from "effect"

/** Why a forecast failed, as the webhook and the status endpoint report it. */
export const ForecastErrorCode = Schema.Literal("weather_data_unavailable", "processing_failed")
export type ForecastErrorCode = typeof ForecastErrorCode.Type

export const ForecastError = Schema.Struct({ code: ForecastErrorCode, message: Schema.String })
export type ForecastError = typeof ForecastError.Type
