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

// The texts of the readings already written: every rule writes its reading for every hour of every
// timeline, and a number with a decimal is slow to write (a map lookup is about 2.5 times faster). A pure
// cache (the same text for the same number); a few thousand readings recur, bounded all the same.
const texts = new Map<number, string>()

/** A reading as people write it: at most one decimal, no trailing zero. */
export const num = (value: number): string => {
  const rounded = Math.round(value * 10) / 10
  if (Object.is(rounded, -0)) return "0"
  let text = texts.get(rounded)
  if (text === undefined) {
    if (texts.size >= 4096) texts.clear()
    text = String(rounded)
    texts.set(rounded, text)
  }
  return text
}

export const limitsText = (unit: string, limits: Limits, band: string): string =>
  `GO up to ${num(limits.go)} ${unit}, AVOID from ${num(limits.avoid)} ${unit} for ${band}`
