import { Either, Encoding } from "effect"
import type { Digests } from "../Digests.js"
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

export const decodeCursor = (
  digests: Digests,
  secret: string,
  scope: CursorScope,
  cursor: string
): Either.Either<CursorPosition, ValidationError> => {
  const [payload, seal, ...rest] = cursor.split(".")
  if (payload === undefined || seal === undefined || rest.length > 0) return Either.left(badCursor())
  if (!digests.timingSafeEqual(seal, mac(digests, secret, payload))) return Either.left(badCursor())
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
    typeof createdAtMillis !== "number" || !Number.isSafeInteger(createdAtMillis) || typeof id !== "string"
  ) return Either.left(badCursor())
  return Either.right({ createdAtMillis, id })
}
