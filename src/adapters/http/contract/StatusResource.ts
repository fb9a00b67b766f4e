import { Schema } from "effect"
import { ForecastError } from "../../../domain/forecast/ForecastError.js"
import type { SpotCastView } from "../../../ports/SpotCastStore.js"
import { ProgressBody, Timestamp, timestamp } from "./Wire.js"

const head = {
  id: Schema.String,
  forecast_id: Schema.String,
  created_at: Timestamp.annotations({ description: "When the newest forecast was requested" })
}

/** GET /v3/spotcast/{id}/status: the newest forecast's state, for polling. */
export const StatusResource = Schema.Union(
  Schema.Struct({ ...head, status: Schema.Literal("pending", "processing"), progress: ProgressBody }),
  Schema.Struct({ ...head, status: Schema.Literal("completed"), completed_at: Timestamp, progress: ProgressBody }),
  Schema.Struct({
    ...head,
    status: Schema.Literal("failed"),
    progress: ProgressBody.annotations({ description: "Where processing stopped" }),
    error: ForecastError
  })
).annotations({ identifier: "SpotCastStatus" })
export type StatusResource = typeof StatusResource.Type

const FALLBACK_ERROR: ForecastError = { code: "processing_failed", message: "The forecast could not be produced" }

// Each answer written out whole, not spread from a shared head: on the polling path, V8 made new hidden
// classes for the spread's copy on every call (docs/performance.md, "What filled the old generation").
export const statusResource = ({ latest, spotcast }: SpotCastView): StatusResource => {
  const createdAt = timestamp(latest.createdAt)
  switch (latest.status) {
    case "completed":
      if (latest.completedAt === undefined) throw new Error(`forecast ${latest.id} is completed without completed_at`)
      return {
        id: spotcast.id,
        forecast_id: latest.id,
        created_at: createdAt,
        status: "completed",
        completed_at: timestamp(latest.completedAt),
        progress: latest.progress
      }
    case "failed":
      return {
        id: spotcast.id,
        forecast_id: latest.id,
        created_at: createdAt,
        status: "failed",
        progress: latest.progress,
        error: latest.error ?? FALLBACK_ERROR
      }
    default:
      return { id: spotcast.id, forecast_id: latest.id, created_at: createdAt, status: latest.status, progress: latest.progress }
  }
}
