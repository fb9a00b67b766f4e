import { Clock, Effect, Option } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { ApiKey } from "../../domain/account/ApiKey.js"

/**
 * How long an authenticated key is answered from memory. Another process's revocation or suspension
 * reaches this one within this time (the guarantee is 1 s: docs/operations.md, "Limits across
 * processes"); this process's own revocations, suspensions and secret changes empty the cache at once.
 */
export const RECENT_KEY_MILLIS = 250

/** Past this many entries, expired ones are swept before another is added. */
const SWEEP_AT = 10_000

interface Found {
  readonly account: Account
  readonly key: ApiKey
}

/**
 * The keys found in the last `RECENT_KEY_MILLIS`, by hash: at hundreds of requests a second per key,
 * authentication then costs a round trip a quarter of a second instead of one per request. Only found
 * keys are kept: an unknown key is looked up every time, as before.
 */
export const makeRecentKeys = (lookup: (hash: string) => Effect.Effect<Option.Option<Found>>) => {
  const entries = new Map<string, { readonly found: Found; readonly until: number }>()
  const sweep = (now: number) => {
    for (const [hash, entry] of entries) if (entry.until <= now) entries.delete(hash)
  }
  return {
    find: (hash: string) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const entry = entries.get(hash)
        if (entry !== undefined && entry.until > now) return Effect.succeed(Option.some(entry.found))
        return Effect.tap(lookup(hash), (found) =>
          Effect.sync(() => {
            if (Option.isNone(found)) return entries.delete(hash)
            if (entries.size >= SWEEP_AT) sweep(now)
            entries.set(hash, { found: found.value, until: now + RECENT_KEY_MILLIS })
          }))
      }),
    /** Keeps a cached key's `lastUsedAt` in step with a touch, so it is not touched again per request. */
    touched: (keyId: string, at: ApiKey["lastUsedAt"]) =>
      Effect.sync(() => {
        for (const [hash, entry] of entries) {
          if (entry.found.key.id === keyId) {
            entries.set(hash, { ...entry, found: { ...entry.found, key: { ...entry.found.key, lastUsedAt: at } } })
          }
        }
      }),
    clear: Effect.sync(() => entries.clear())
  }
}
