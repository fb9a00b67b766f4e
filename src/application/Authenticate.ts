import { DateTime, Effect, Option } from "effect"
import { type Account, AccountSuspended } from "../domain/account/Account.js"
import { type ApiKey, apiKeyMode, hashApiKey, InvalidApiKey, KeyRevoked, MissingApiKey } from "../domain/account/ApiKey.js"
import { AccountStore } from "../ports/AccountStore.js"
import { Crypto } from "../ports/Crypto.js"

export interface Caller {
  readonly account: Account
  readonly key: ApiKey
}

/** The key as presented: `Authorization: Bearer <key>` and/or `X-API-Key: <key>`. */
export interface PresentedKey {
  readonly bearer?: string | undefined
  readonly apiKey?: string | undefined
}

/** last_used_at is written at most this often per key, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000

const nonEmpty = (s: string | undefined) => (s === undefined || s.trim() === "" ? undefined : s.trim())

/**
 * Resolves the caller of a request. Both header forms are accepted; when both are sent they must carry
 * the same key. A well-formed but unknown key, and a malformed one, are both `InvalidApiKey`.
 */
// Untraced: on every request, Effect.fn's stack capture per call costs more than the span it names.
export const authenticate = Effect.fnUntraced(function*(presented: PresentedKey) {
  const bearer = nonEmpty(presented.bearer)
  const header = nonEmpty(presented.apiKey)
  if (bearer === undefined && header === undefined) return yield* new MissingApiKey()
  if (bearer !== undefined && header !== undefined && bearer !== header) return yield* new InvalidApiKey()
  const key = (bearer ?? header)!
  if (apiKeyMode(key) === undefined) return yield* new InvalidApiKey()
  const crypto = yield* Crypto
  const hash = hashApiKey(crypto, key)
  const accounts = yield* AccountStore
  const found = yield* accounts.findKeyByHash(hash)
  if (Option.isNone(found) || !crypto.timingSafeEqual(found.value.key.hash, hash)) return yield* new InvalidApiKey()
  const { account, key: stored } = found.value
  if (stored.revokedAt !== undefined) return yield* new KeyRevoked()
  if (account.status === "suspended") return yield* new AccountSuspended()
  const now = yield* DateTime.now
  if (
    stored.lastUsedAt === undefined ||
    DateTime.toEpochMillis(now) - DateTime.toEpochMillis(stored.lastUsedAt) >= TOUCH_INTERVAL_MS
  ) {
    yield* accounts.touchKey(stored.id, now)
  }
  return { account, key: stored } satisfies Caller
}, Effect.withSpan("Authenticate"))
