import { Schema } from "effect"

export const Stage = Schema.Literal("pending", "fetching_weather", "processing_data", "ai_analysis", "completed")
export type Stage = typeof Stage.Type

export const stagePercentage: Record<Stage, number> = {
  pending: 0,
  fetching_weather: 25,
  processing_data: 50,
  ai_analysis: 75,
  completed: 100
}

export const Progress = Schema.Struct({ stage: Stage, percentage: Schema.Int.pipe(Schema.between(0, 100)) })
export type Progress = typeof Progress.Type

export const progressAt = (stage: Stage): Progress => ({ stage, percentage: stagePercentage[stage] })
