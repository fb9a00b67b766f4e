import { Schema } from "effect"

/** A day's verdict: the contract's three classes, and the order of their severity. */
export const Classification = Schema.Literal("GO", "CAUTION", "AVOID")
export type Classification = typeof Classification.Type

const severity: Record<Classification, number> = { GO: 0, CAUTION: 1, AVOID: 2 }

export const severityOf = (c: Classification): number => severity[c]

/** The more severe of two classes: the rule every safety floor is built on. */
export const mostSevere = (a: Classification, b: Classification): Classification =>
  severity[b] > severity[a] ? b : a

export const worstOf = (classes: ReadonlyArray<Classification>): Classification => classes.reduce(mostSevere, "GO")
