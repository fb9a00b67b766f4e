import { Either, Encoding } from "effect"
import type { Digests } from "../Digests.js"
import { ID_BODY_LENGTH, IdPrefix } from "../Ids.js"
import { invalid, type ValidationError } from "../Validation.js"

/** The keyset position after which the next page starts (newest first: older than this). */
export interface CursorPosition {
  readonly createdAtMillis: number
  readonly id: string
}

/** Which list a cursor belongs to: its account and its list (e.g. "spotcasts", "forecasts:spc_…"). */
export interface CursorScope {
  readonly accountId: string
  readonly list: string
}

const VERSION = 1
const MAC_HEX_LENGTH = 32

/** Longer than any cursor this service seals (two ids, a list name, a timestamp): nothing to decode. */
export const MAX_CURSOR_LENGTH = 512

/** The last instant a cursor may name: 9999-12-31T23:59:59.999Z, inside every store's date range. */
export const MAX_CURSOR_MILLIS = 253_402_300_799_999

const ID_PATTERN = new RegExp(`^(?:${Object.values(IdPrefix).join("|")})_[0-9A-Za-z]{${ID_BODY_LENGTH}}$`)

/** A position a store can resume after: an instant from 1970 to 9999 and a well-formed public id. */
export const isCursorPosition = (createdAtMillis: unknown, id: unknown): boolean =>
  typeof createdAtMillis === "number" && Number.isSafeInteger(createdAtMillis) && createdAtMillis >= 0 &&
  createdAtMillis <= MAX_CURSOR_MILLIS && typeof id === "string" && ID_PATTERN.test(id)

const mac = (digests: Digests, secret: string, payload: string) =>
  digests.hmacSha256Hex(secret, payload).slice(0, MAC_HEX_LENGTH)

/**
 * An opaque cursor: the position and its scope, sealed with an HMAC so that a cursor that was edited,
 * or made for another account or list, is refused instead of silently paging something else.
 */
export const encodeCursor = (digests: Digests, secret: string, scope: CursorScope, position: CursorPosition): string => {
  const payload = Encoding.encodeBase64Url(
    JSON.stringify([VERSION, scope.accountId, scope.list, position.createdAtMillis, position.id])
  )
  return `${payload}.${mac(digests, secret, payload)}`
}

const badCursor = () => invalid("invalid_cursor", "The cursor is not valid for this list", "after")

/**
 * Opens a cursor sealed with any of `secrets` (the current one first, then one being rotated out).
 * Every field is bounded, even under a valid seal: a cursor names nothing a store could choke on.
 */
export const decodeCursor = (
  digests: Digests,
  secrets: string | ReadonlyArray<string>,
  scope: CursorScope,
  cursor: string
): Either.Either<CursorPosition, ValidationError> => {
  if (cursor.length > MAX_CURSOR_LENGTH) return Either.left(badCursor())
  const [payload, seal, ...rest] = cursor.split(".")
  if (payload === undefined || seal === undefined || rest.length > 0) return Either.left(badCursor())
  if (seal.length !== MAC_HEX_LENGTH) return Either.left(badCursor())
  const keys = typeof secrets === "string" ? [secrets] : secrets
  if (!keys.some((secret) => digests.timingSafeEqual(seal, mac(digests, secret, payload)))) {
    return Either.left(badCursor())
  }
  const text = Encoding.decodeBase64UrlString(payload)
  if (Either.isLeft(text)) return Either.left(badCursor())
  let fields: unknown
  try {
    fields = JSON.parse(text.right)
  } catch {
    return Either.left(badCursor())
  }
  if (!Array.isArray(fields) || fields.length !== 5) return Either.left(badCursor())
  const [version, accountId, list, createdAtMillis, id] = fields
  if (
    version !== VERSION || accountId !== scope.accountId || list !== scope.list ||
    !isCursorPosition(createdAtMillis, id)
  ) return Either.left(badCursor())
  return Either.right({ createdAtMillis, id })
}
