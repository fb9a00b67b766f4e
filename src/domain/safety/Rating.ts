import type { Classification } from "../classification/Classification.js"
import type { Factor, Reason } from "./Assessment.js"
import type { Limits } from "./Thresholds.js"

/** GO up to `go`, AVOID from `avoid`, CAUTION between. */
export const rate = (value: number, limits: Limits): Classification =>
  value >= limits.avoid ? "AVOID" : value > limits.go ? "CAUTION" : "GO"

export const reason = (factor: Factor, classification: Classification, detail: string): Reason => ({
  factor,
  classification,
  detail
})

/** A reading as people write it: at most one decimal, no trailing zero. */
export const num = (value: number): string => {
  const rounded = Math.round(value * 10) / 10
  return Object.is(rounded, -0) ? "0" : String(rounded)
}

export const limitsText = (unit: string, limits: Limits, band: string): string =>
  `GO up to ${num(limits.go)} ${unit}, AVOID from ${num(limits.avoid)} ${unit} for ${band}`
