import { DateTime, Effect, Option } from "effect"
import { AccountSuspended } from "../../domain/account/Account.js"
import { apiKeyMode, hashApiKey, InvalidApiKey, KeyRevoked, MissingApiKey } from "../../domain/account/ApiKey.js"
import { AccountStore } from "../../ports/AccountStore.js"
import { Crypto } from "../../ports/Crypto.js"
import { spanned } from "../../ports/Spans.js"
import type { Caller } from "../../ports/Caller.js"

export type { Caller }

/** Why a request's key was refused. */
export type AuthFailure = MissingApiKey | InvalidApiKey | KeyRevoked | AccountSuspended

/** The key as presented: `Authorization: Bearer <key>` and/or `X-API-Key: <key>`. */
export interface PresentedKey {
  readonly bearer?: string | undefined
  readonly apiKey?: string | undefined
}

/** last_used_at is written at most this often per key, so reads do not each cost a write. */
const TOUCH_INTERVAL_MS = 60_000

/** How many keys' hashes one process keeps (see makeAuthenticate). */
const KEY_HASHES_KEPT = 1_000

const nonEmpty = (s: string | undefined) => (s === undefined || s.trim() === "" ? undefined : s.trim())

/**
 * Resolves the caller of a request. Both header forms are accepted; when both are sent they must carry
 * the same key. A well-formed but unknown key, and a malformed one, are both `InvalidApiKey`.
 * Made once with its services: the request gate calls it on every request, before routing, and looking
 * the services up per call would have it provide them around each request.
 */
export const makeAuthenticate = Effect.map(Effect.all([Crypto, AccountStore]), ([crypto, accounts]) => {
  // The hashes of keys found in the store, by key: a caller sends the same key again and again, and its
  // SHA-256 was a tenth of the CPU of a GET answered from memory. A hash never changes, so this cache
  // cannot be stale (revocation and suspension are read from the store every time); bounded, and only
  // keys that exist get in.
  const hashes = new Map<string, string>()
  // Untraced: on every request, Effect.fn's stack capture per call costs more than the span it names.
  return Effect.fnUntraced(function*(presented: PresentedKey) {
    const bearer = nonEmpty(presented.bearer)
    const header = nonEmpty(presented.apiKey)
    if (bearer === undefined && header === undefined) return yield* new MissingApiKey()
    if (bearer !== undefined && header !== undefined && bearer !== header) return yield* new InvalidApiKey()
    const key = (bearer ?? header)!
    const known = hashes.get(key)
    if (known === undefined && apiKeyMode(key) === undefined) return yield* new InvalidApiKey()
    const hash = known ?? hashApiKey(crypto, key)
    const found = yield* accounts.findKeyByHash(hash)
    if (Option.isNone(found)) return yield* new InvalidApiKey()
    if (known === undefined) {
      if (!crypto.timingSafeEqual(found.value.key.hash, hash)) return yield* new InvalidApiKey()
      if (hashes.size >= KEY_HASHES_KEPT) hashes.clear()
      hashes.set(key, hash)
    } else if (found.value.key.hash !== hash) {
      // The store answered a lookup by this hash with a key of another: checked in constant time once,
      // when the key got in here; both sides are this key's hash, so a plain comparison tells nothing.
      return yield* new InvalidApiKey()
    }
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
  }, spanned("Authenticate"))
})

/** `makeAuthenticate` for one call. */
export const authenticate = (presented: PresentedKey) =>
  Effect.flatMap(makeAuthenticate, (authenticateWith) => authenticateWith(presented))
