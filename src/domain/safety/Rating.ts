import type { Classification } from "../classification/Classification.js"
import type { Factor, Reason } from "./Assessment.js"
import type { Limits } from "./Thresholds.js"
import { memoized } from "../Memo.js"

/** GO up to `go`, AVOID from `avoid`, CAUTION between. */
export const rate = (value: number, limits: Limits): Classification =>
  value >= limits.avoid ? "AVOID" : value > limits.go ? "CAUTION" : "GO"

export const reason = (factor: Factor, classification: Classification, detail: string): Reason => ({
  factor,
  classification,
  detail
})

// The texts of the readings already written (`memoized`): every rule writes its readings for every hour
// of every timeline, and a number with a decimal is slow to write (a kept text is about 2.5 times faster).
const textOf = memoized(4096, (rounded: number) => String(rounded))

/** A reading as people write it: at most one decimal, no trailing zero. */
export const num = (value: number): string => {
  const rounded = Math.round(value * 10) / 10
  return Object.is(rounded, -0) ? "0" : textOf(rounded)
}

export const limitsText = (unit: string, limits: Limits, band: string): string =>
  `GO up to ${num(limits.go)} ${unit}, AVOID from ${num(limits.avoid)} ${unit} for ${band}`
