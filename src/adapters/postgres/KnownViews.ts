import type { SpotCastView } from "../../ports/SpotCastStore.js"

/**
 * The row versions a view was read from: the `xmin` of its SpotCast row and of its newest forecast's
 * row. Postgres gives every committed version of a row the id of the transaction that wrote it, so
 * any change to either row (a stage, the finish, a refresh moving `latest_forecast_id` and
 * `forecast_count`, an edit of any column, by any process) comes with another pair; the same pair
 * means the same two rows, byte for byte. (An id recurs only after four billion transactions, on a row
 * that no transaction in between touched: far past the life of an entry here.)
 */
export interface RowVersions {
  readonly spotcast: string
  readonly forecast: string
}

/**
 * Past this many views the least recently read is forgotten. A view holds its parsed analysis and the
 * HTTP adapter keeps its body beside it (a 5-day SpotCast's is about 60 KB): an estimated 15 MB at most.
 */
export const KNOWN_VIEWS = 64

/**
 * The views this process read last, each with the versions it was read from, so that a read of an
 * unchanged SpotCast (a poller asking again, a finished forecast read many times) costs a lookup of the
 * two versions (a few bytes, no analysis sent, parsed or serialized again) and answers the same view
 * object: the HTTP adapter keeps a view's body and ETag with it, so a repeated GET also skips encoding
 * and hashing. Nothing is ever answered from here without the versions read in the same request: a
 * change by another process is seen at once, with no invalidation to send.
 */
export const makeKnownViews = (capacity = KNOWN_VIEWS) => {
  const views = new Map<string, { readonly versions: RowVersions; readonly view: SpotCastView }>()
  const keyOf = (accountId: string, spotcastId: string) => `${accountId} ${spotcastId}`
  return {
    /** The view kept for this SpotCast, if any, with the versions to check it against. */
    find: (accountId: string, spotcastId: string) => views.get(keyOf(accountId, spotcastId)),
    /** The view as it was just read. */
    remember: (accountId: string, spotcastId: string, versions: RowVersions, view: SpotCastView) => {
      const key = keyOf(accountId, spotcastId)
      views.delete(key)
      if (views.size >= capacity) views.delete(views.keys().next().value!)
      views.set(key, { versions, view })
    },
    /** Marks a view as read again (it is forgotten last). */
    touch: (accountId: string, spotcastId: string) => {
      const key = keyOf(accountId, spotcastId)
      const entry = views.get(key)
      if (entry !== undefined) {
        views.delete(key)
        views.set(key, entry)
      }
    },
    forget: (accountId: string, spotcastId: string) => {
      views.delete(keyOf(accountId, spotcastId))
    }
  }
}

/** Whether two reads saw the same two rows. */
export const sameVersions = (a: RowVersions, b: RowVersions) => a.spotcast === b.spotcast && a.forecast === b.forecast
