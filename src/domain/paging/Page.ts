/** One page of a keyset-paginated list, newest first. */
export interface Page<A> {
  readonly data: ReadonlyArray<A>
  readonly hasMore: boolean
  /** The position of the last item, when more items follow it. */
  readonly next: A | undefined
}

export const MAX_PAGE_SIZE = 100

/** Builds a page from up to `limit + 1` rows fetched after the cursor: the extra row only says "more". */
export const pageOf = <A>(rows: ReadonlyArray<A>, limit: number): Page<A> => {
  const data = rows.slice(0, limit)
  const hasMore = rows.length > limit
  return { data, hasMore, next: hasMore ? data[data.length - 1] : undefined }
}

/** Keyset order: newest first, ties broken by id, descending. True when `a` comes after `b` in a page walk. */
export const isAfter = (
  a: { readonly createdAtMillis: number; readonly id: string },
  b: { readonly createdAtMillis: number; readonly id: string }
): boolean => a.createdAtMillis < b.createdAtMillis || (a.createdAtMillis === b.createdAtMillis && a.id < b.id)
