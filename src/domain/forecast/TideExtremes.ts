/** A high or low water: when (fractional hours since the series' first hour) and how high (ft). */
export interface TideExtreme {
  readonly type: "high" | "low"
  readonly at: number
  readonly heightFt: number
}

/**
 * The high and low waters of an hourly sea-level curve (index = hours since its first hour). Each local
 * maximum or minimum of three consecutive known hours is refined by the parabola through them, which
 * places it between the hours (a semi-diurnal tide turns every ~6 h 12 min, so hourly samples alone
 * would be up to 30 min off). A flat top counts once, at its first hour. Gaps (nulls) break the curve.
 */
export const tideExtremes = (heights: ReadonlyArray<number | null | undefined>): ReadonlyArray<TideExtreme> => {
  const found: Array<TideExtreme> = []
  for (let i = 1; i + 1 < heights.length; i++) {
    const a = heights[i - 1]
    const b = heights[i]
    let k = i + 1
    // A plateau: look past equal values to the next different one.
    while (k < heights.length && heights[k] === b) k++
    const c = heights[k]
    if (a === null || a === undefined || b === null || b === undefined || c === null || c === undefined) continue
    const high = b > a && b > c
    const low = b < a && b < c
    if (!high && !low) continue
    const curvature = a - 2 * b + c
    const shift = k === i + 1 && curvature !== 0 ? Math.max(-0.5, Math.min(0.5, (a - c) / (2 * curvature))) : (k - 1 - i) / 2
    const height = k === i + 1 ? b - ((a - c) * shift) / 4 : b
    found.push({ type: high ? "high" : "low", at: i + shift, heightFt: height })
    i = k - 1
  }
  return found
}
