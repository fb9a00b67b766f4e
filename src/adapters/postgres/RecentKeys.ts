import { Clock, Effect, type Exit, Option, Runtime } from "effect"
import type { Account } from "../../domain/account/Account.js"
import type { ApiKey } from "../../domain/account/ApiKey.js"

/**
 * How long an authenticated key is answered from memory, counted from when its lookup was sent. Another
 * process's revocation or suspension reaches this one within this time (the guarantee is 1 s:
 * docs/operations.md, "Limits across processes"); this process's own revocations, suspensions and secret
 * changes empty the cache at once.
 */
export const RECENT_KEY_MILLIS = 250

/**
 * A key asked for in the last this-many milliseconds of its entry is looked up again in the background,
 * while the entry still answers: a busy key's entry is renewed before it runs out, so its requests never
 * wait for the lookup (when they did, every request of the key that came during the lookup sent its own,
 * and each quarter second all of them waited on a pool's worth of identical statements: the reads' p99).
 */
export const REFRESH_AHEAD_MILLIS = 100

/** Past this many entries, expired ones are swept before another is added. */
const SWEEP_AT = 10_000

interface Found {
  readonly account: Account
  readonly key: ApiKey
}

/** A lookup on its way, and the requests waiting for it (none for a refresh ahead of time). */
interface Lookup {
  readonly generation: number
  waiting: Array<(exit: Exit.Exit<Option.Option<Found>>) => void>
}

/**
 * The keys found in the last `RECENT_KEY_MILLIS`, by hash: at hundreds of requests a second per key,
 * authentication then costs a round trip a quarter of a second (sent ahead of need, while the entry
 * still answers) instead of one per request. One lookup per key is on its way at a time: the requests
 * that need it wait for it together. Only found keys are kept: an unknown key is looked up every time.
 * The lookups run on fibers of their own (from `runtime`): a request that is interrupted, its client
 * gone, does not take with it a lookup that others wait on.
 */
export const makeRecentKeys = <R>(
  runtime: Runtime.Runtime<R>,
  lookup: (hash: string) => Effect.Effect<Option.Option<Found>, never, R>
) => {
  const runFork = Runtime.runFork(runtime)
  const entries = new Map<string, { readonly found: Found; readonly until: number }>()
  const lookups = new Map<string, Lookup>()
  // Bumped by `clear`: a lookup sent before a revocation, a suspension or a secret change answers the
  // rows as they were, so its answer is neither kept nor given to requests that came after the change.
  let generation = 0
  const sweep = (now: number) => {
    for (const [hash, entry] of entries) if (entry.until <= now) entries.delete(hash)
  }
  /** Sends a lookup of `hash` (none is on its way); its answer is kept for `RECENT_KEY_MILLIS` from `sentAt`. */
  const send = (hash: string, sentAt: number): Lookup => {
    const pending: Lookup = { generation, waiting: [] }
    lookups.set(hash, pending)
    runFork(lookup(hash)).addObserver((exit) => {
      if (lookups.get(hash) === pending) lookups.delete(hash)
      if (exit._tag === "Success" && pending.generation === generation) {
        const found = exit.value
        if (Option.isNone(found)) entries.delete(hash)
        else {
          if (entries.size >= SWEEP_AT) sweep(sentAt)
          entries.set(hash, { found: found.value, until: sentAt + RECENT_KEY_MILLIS })
        }
      }
      for (const resume of pending.waiting) resume(exit)
    })
    return pending
  }
  return {
    find: (hash: string): Effect.Effect<Option.Option<Found>> =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const entry = entries.get(hash)
        const inFlight = lookups.get(hash)
        const current = inFlight !== undefined && inFlight.generation === generation ? inFlight : undefined
        if (entry !== undefined && entry.until > now) {
          if (current === undefined && entry.until - now <= REFRESH_AHEAD_MILLIS) send(hash, now)
          return Effect.succeed(Option.some(entry.found))
        }
        return Effect.async<Option.Option<Found>>((resume) => {
          ;(current ?? send(hash, now)).waiting.push(resume)
        })
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
    clear: Effect.sync(() => {
      generation++
      entries.clear()
    })
  }
}
