import { Cause, Duration, Effect, Layer } from "effect"
import type { AccountId } from "../../domain/Ids.js"
import { hourOf } from "../../domain/usage/UsageRange.js"
import { RequestCounter, type RequestCounterShape } from "../../ports/RequestCounter.js"
import { type RequestTally, UsageStore, type UsageStoreShape } from "../../ports/UsageStore.js"

/** How often each API process writes the request counts it gathered: what a crash may lose at most. */
export const FLUSH_INTERVAL = Duration.seconds(2)

export { RequestCounter, type RequestCounterShape }

interface Counts {
  requests: number
  rateLimited: number
}

type Pending = Map<number, Map<AccountId, Counts>>

const merge = (into: Pending, hourMillis: number, accountId: AccountId, requests: number, rateLimited: number) => {
  let accounts = into.get(hourMillis)
  if (accounts === undefined) into.set(hourMillis, accounts = new Map())
  const counts = accounts.get(accountId)
  if (counts === undefined) accounts.set(accountId, { requests, rateLimited })
  else {
    counts.requests += requests
    counts.rateLimited += rateLimited
  }
}

export const make = (store: UsageStoreShape) =>
  Effect.gen(function*() {
    let pending: Pending = new Map()
    const turn = yield* Effect.makeSemaphore(1)

    const write = Effect.suspend(() => {
      if (pending.size === 0) return Effect.void
      const batch = pending
      pending = new Map()
      const tallies: Array<RequestTally> = []
      for (const [hourMillis, accounts] of batch) {
        for (const [accountId, c] of accounts) tallies.push({ accountId, hourMillis, requests: c.requests, rateLimited: c.rateLimited })
      }
      return store.addRequests(tallies).pipe(
        Effect.catchAllCause((cause) => {
          // Kept for the next flush: counts are lost only if this process dies before storage is back.
          for (const t of tallies) merge(pending, t.hourMillis, t.accountId, t.requests, t.rateLimited)
          return Effect.logWarning(`usage: ${tallies.length} request counts not written, kept for the next flush`, Cause.squash(cause))
        })
      )
    })

    return RequestCounter.of({
      count: (accountId, nowMillis, rateLimited) => merge(pending, hourOf(nowMillis), accountId, 1, rateLimited ? 1 : 0),
      // Uninterruptible: a batch taken out of memory is always written or put back.
      flush: turn.withPermits(1)(Effect.uninterruptible(write)).pipe(Effect.withSpan("RequestCounter.flush"))
    } satisfies RequestCounterShape)
  })

/**
 * The counter of this process, flushing every `interval` in the background and once more when the
 * process stops (after the HTTP server has closed, so the last requests are in).
 */
export const layer = (options: { readonly interval?: Duration.DurationInput } = {}) =>
  Layer.scoped(
    RequestCounter,
    Effect.gen(function*() {
      const counter = yield* make(yield* UsageStore)
      yield* Effect.addFinalizer(() => counter.flush)
      yield* counter.flush.pipe(Effect.delay(options.interval ?? FLUSH_INTERVAL), Effect.forever, Effect.forkScoped)
      return counter
    })
  )
