import { Effect, Either, Redacted } from "effect"
import { type CursorPosition, type CursorScope, decodeCursor, encodeCursor } from "../domain/paging/Cursor.js"
import { MAX_PAGE_SIZE, pageOf } from "../domain/paging/Page.js"
import { invalid } from "../domain/Validation.js"
import { Crypto } from "../ports/Crypto.js"
import { Settings } from "../ports/Settings.js"
import { spanned } from "../ports/Spans.js"

export interface PageQuery {
  readonly limit: number
  readonly after?: string | undefined
}

/** A page as the contract shows it: the items, whether more follow, and the cursor to ask for them. */
export interface ListPage<A> {
  readonly data: ReadonlyArray<A>
  readonly hasMore: boolean
  readonly nextCursor: string | null
}

/**
 * One keyset page of any list: checks the limit, opens the sealed cursor of this scope, fetches one
 * row more than the page to learn whether more follow, and seals the cursor of the page's last item.
 */
// Untraced, spanned only when tracing: it runs on every list request (see Spans.ts).
export const readPage = Effect.fnUntraced(function*<A>(
  scope: CursorScope,
  query: PageQuery,
  positionOf: (a: A) => CursorPosition,
  fetch: (page: { limit: number; after?: CursorPosition }) => Effect.Effect<ReadonlyArray<A>>
) {
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_SIZE) {
    return yield* invalid("invalid_limit", `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`, "limit")
  }
  const crypto = yield* Crypto
  const settings = yield* Settings
  const secret = Redacted.value(settings.cursorSecret)
  let after: CursorPosition | undefined
  if (query.after !== undefined) {
    const secrets = settings.previousCursorSecret === undefined
      ? [secret]
      : [secret, Redacted.value(settings.previousCursorSecret)]
    const decoded = decodeCursor(crypto, secrets, scope, query.after)
    if (Either.isLeft(decoded)) return yield* decoded.left
    after = decoded.right
  }
  const rows = yield* fetch(after === undefined ? { limit: query.limit + 1 } : { limit: query.limit + 1, after })
  const page = pageOf(rows, query.limit)
  return {
    data: page.data,
    hasMore: page.hasMore,
    nextCursor: page.next === undefined ? null : encodeCursor(crypto, secret, scope, positionOf(page.next))
  } satisfies ListPage<A>
}, spanned("ReadPage"))
