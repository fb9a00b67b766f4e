/** Create and refresh cost one credit per forecast day with a two-credit minimum. */
export const spotCastPrice = (numDays: number): number => Math.max(2, numDays)

/** A widget create or refresh costs one credit per day, with no minimum (docs/decisions.md). */
export const widgetPrice = (numDays: number): number => numDays

/** A route forecast costs one credit per calendar day (UTC) its passage and departure window span, at least two. */
export const routePrice = (spanDays: number): number => Math.max(2, spanDays)
