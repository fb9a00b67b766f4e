/**
 * `f` with its answers kept, for a pure `f` called again and again with the same few arguments (the texts
 * of readings, offsets and hours a timeline writes for every hour): the same answer as calling it, without
 * the work. At most `max` answers are kept; past that the kept ones are dropped and kept again as asked.
 * An argument `f` throws for is not kept: it throws again each time.
 */
export const memoized = <K, V>(max: number, f: (key: K) => V): (key: K) => V => {
  const kept = new Map<K, V>()
  return (key) => {
    let value = kept.get(key)
    if (value === undefined) {
      value = f(key)
      if (kept.size >= max) kept.clear()
      kept.set(key, value)
    }
    return value
  }
}
