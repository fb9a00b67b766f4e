import { DateTime } from "effect"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import { isAfter } from "../../domain/paging/Page.js"

/** Index of the first element that does not come before `key` in ascending keyset order. */
const lowerBound = <A>(sorted: ReadonlyArray<A>, keyOf: (a: A) => CursorPosition, key: CursorPosition) => {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (isAfter(keyOf(sorted[mid]!), key)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Inserts keeping the array in ascending (created_at, id) order, oldest first. */
export const insertSorted = <A>(sorted: Array<A>, item: A, keyOf: (a: A) => CursorPosition): void => {
  sorted.splice(lowerBound(sorted, keyOf, keyOf(item)), 0, item)
}

/** Up to `limit` items newest first, strictly after the cursor: O(log n + limit). */
export const newestFirst = <A>(
  sorted: ReadonlyArray<A>,
  keyOf: (a: A) => CursorPosition,
  page: { readonly limit: number; readonly after?: CursorPosition | undefined }
): Array<A> => {
  const end = page.after === undefined ? sorted.length : lowerBound(sorted, keyOf, page.after)
  const out: Array<A> = []
  for (let i = end - 1; i >= 0 && out.length < page.limit; i--) out.push(sorted[i]!)
  return out
}

/** A row's place in keyset order: its creation time and id. */
export const positionAt = (createdAt: DateTime.Utc, id: string): CursorPosition => ({
  createdAtMillis: DateTime.toEpochMillis(createdAt),
  id
})

/** Inserts into the sorted list an index keeps under `key` (an account's widgets, say), starting it if need be. */
export const insertIndexed = <K, A>(index: Map<K, Array<A>>, key: K, item: A, keyOf: (a: A) => CursorPosition): void => {
  const list = index.get(key) ?? []
  insertSorted(list, item, keyOf)
  index.set(key, list)
}
