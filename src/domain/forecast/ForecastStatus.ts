import { Schema } from "effect"

export const ForecastStatus = Schema.Literal("pending", "processing", "completed", "failed")
export type ForecastStatus = typeof ForecastStatus.Type

export const isTerminal = (status: ForecastStatus): boolean => status === "completed" || status === "failed"
