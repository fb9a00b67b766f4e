import { Cause, Clock, Deferred, Duration, Effect, FiberSet, Option } from "effect"
import { Ids } from "../../ports/Ids.js"

/** The longest wait after failed claims in a row, in idle periods. */
const MAX_BACKOFF = 8

/** What a background job kind supplies; the loop decides when to claim, renew, wait and stop. */
export interface JobKind<A, R> {
  /** Prefix of the owner id (`<name>-<12 base62>`) and the log annotation. */
  readonly name: string
  /** The most one claim takes; a kind that claims one at a time claims under its slot's own name. */
  readonly batch: number
  /** Claims up to `max` due items for `owner`, leased to it; an empty array when none is due. */
  readonly claim: (owner: string, max: number) => Effect.Effect<ReadonlyArray<A>, unknown, R>
  /** Does one claimed item. A failure is logged and ends that item's run; its lease then lapses. */
  readonly process: (item: A, owner: string) => Effect.Effect<void, unknown, R>
  /**
   * Hands an interrupted item back (shutdown), conditional on `owner` still holding it. Absent for a kind
   * whose claims name no owner: an interrupted item is then taken again when its lease lapses.
   */
  readonly release?: (item: A, owner: string) => Effect.Effect<void, never, R>
  /**
   * Keeps long items' leases alive: each item is renewed every `every`, the first `every` after its
   * claim. One renewer per loop renews every item then due (and those due within half a period, early)
   * in one `extendAll` per owner, so hundreds of items in flight cost one call per period, not one each.
   */
  readonly renew?: {
    readonly every: Duration.Duration
    readonly extendAll: (items: ReadonlyArray<A>, owner: string) => Effect.Effect<unknown, unknown, R>
  }
  /** The wait after a claim that found nothing; shutdown cuts it short. */
  readonly idle: Effect.Effect<void, never, R>
  /** Log annotations of one item's run. */
  readonly annotate?: (item: A) => Record<string, unknown>
}

/** An item in flight, with its owner and when its lease is next renewed (epoch millis). */
interface InFlight<A> {
  readonly item: A
  readonly owner: string
  renewAt: number
}

export interface ClaimLoopOptions {
  /**
   * Items in flight at once. An item waiting on the network holds its place but no CPU, so a kind whose
   * items mostly wait (forecasts) can hold hundreds; claims stop while every place is taken.
   */
  readonly concurrency: number
  /** On shutdown, how long in-flight items may run on before they are interrupted (and so released). */
  readonly shutdownGrace: Duration.DurationInput
}

/**
 * The one claim loop of every background job kind: up to `concurrency` items at once, fed by one
 * claimer. With a backlog a batching kind waits until half the slots are free, so claims stay batched;
 * when nothing is due only the claimer asks again, after `idle`. While storage is away claims fail in a
 * row: the n-th failure waits min(2^(n-1), 8) idle periods, and only the first failure and the recovery
 * are logged. Runs in the caller's scope: closing it stops claiming, lets in-flight items finish within
 * the grace period, then interrupts the rest, which the kind releases. Returns the owner prefix.
 */
export const startClaimLoop = <A, R>(kind: JobKind<A, R>, options: ClaimLoopOptions) =>
  Effect.gen(function*() {
    const owner = `${kind.name}-${yield* (yield* Ids).base62(12)}`
    const concurrency = Math.max(1, options.concurrency)
    const batch = Math.max(1, Math.min(kind.batch, concurrency))
    const batchWhenBusy = Math.min(batch, Math.max(1, Math.ceil(concurrency / 2)))
    const running = yield* FiberSet.make<void, never>()
    const stop = yield* Deferred.make<void>()
    const slotFreed = yield* Effect.makeLatch(false)
    // Free slot numbers: a one-at-a-time kind claims under `<owner>-<slot>`, so a lease taken over
    // inside this process is told apart too.
    const free: Array<number> = Array.from({ length: concurrency }, (_, i) => concurrency - 1 - i)

    // The items in flight with when each is next renewed (epoch millis), for the one renewer.
    const inFlight = new Set<InFlight<A>>()
    const added = yield* Effect.makeLatch(false)

    const run = (item: A, claimedBy: string) =>
      Effect.gen(function*() {
        const release = kind.release
        const renew = kind.renew
        const processed = kind.process(item, claimedBy).pipe(
          Effect.onInterrupt(() => (release === undefined ? Effect.void : release(item, claimedBy)))
        )
        if (renew === undefined) return yield* processed
        const entry: InFlight<A> = { item, owner: claimedBy, renewAt: (yield* Clock.currentTimeMillis) + Duration.toMillis(renew.every) }
        // Renewed while it runs, however it ends. `ensuring`, not a scope's finalizer: a finalizer costs
        // every item two diffs of its fiber's state.
        yield* Effect.uninterruptibleMask((restore) =>
          Effect.suspend(() => {
            inFlight.add(entry)
            return Effect.ensuring(Effect.zipRight(added.open, restore(processed)), Effect.sync(() => inFlight.delete(entry)))
          })
        )
      }).pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause) ? Effect.interrupt : Effect.logError(`${kind.name}: job failed`, cause)
        ),
        Effect.annotateLogs(kind.annotate?.(item) ?? {})
      )

    const start = (item: A, slot: number, claimedBy: string) =>
      FiberSet.run(
        running,
        run(item, claimedBy).pipe(Effect.ensuring(Effect.suspend(() => {
          free.push(slot)
          return slotFreed.open
        })))
      )

    // A wait that ends early on shutdown.
    const pause = (wait: Effect.Effect<void, never, R>) => Effect.raceAll([wait, Deferred.await(stop)])

    const claimer = Effect.gen(function*() {
      let backlog = false
      let failures = 0
      while (!(yield* Deferred.isDone(stop))) {
        // Closed before looking, so a slot freed in between still opens it.
        yield* slotFreed.close
        if (free.length < (backlog ? batchWhenBusy : 1)) {
          // Shutdown opens the latch too: one wait, no race (a race forks a fiber per side, and under a
          // backlog the claimer waits here once for every item that finishes).
          yield* slotFreed.await
          continue
        }
        const max = Math.min(batch, free.length)
        const claimedBy = batch === 1 ? `${owner}-${free[free.length - 1]}` : owner
        const claimed = yield* kind.claim(claimedBy, max).pipe(
          Effect.map(Option.some),
          Effect.catchAllCause((cause) =>
            Cause.isInterruptedOnly(cause)
              ? Effect.interrupt
              : Effect.as(failures === 0 ? Effect.logError(`${kind.name}: claim failed (backing off until it works again)`, cause) : Effect.void, Option.none())
          )
        )
        if (Option.isNone(claimed)) {
          failures++
          yield* pause(Effect.repeatN(kind.idle, Math.min(2 ** (failures - 1), MAX_BACKOFF) - 1))
          continue
        }
        if (failures > 0) yield* Effect.logInfo(`${kind.name}: claims work again after ${failures} failures`)
        failures = 0
        const items = claimed.value
        for (const item of items) {
          const slot = free.pop()!
          yield* start(item, slot, claimedBy)
        }
        backlog = items.length === max && batch > 1
        if (items.length === 0) yield* pause(kind.idle)
      }
    }).pipe(Effect.annotateLogs({ [kind.name]: "claimer" }))

    if (kind.renew !== undefined) {
      const { every, extendAll } = kind.renew
      const period = Duration.toMillis(every)
      const renewer = Effect.gen(function*() {
        for (;;) {
          // Closed before looking, so an item added in between still wakes it.
          yield* added.close
          let next = Number.POSITIVE_INFINITY
          for (const entry of inFlight) next = Math.min(next, entry.renewAt)
          if (next === Number.POSITIVE_INFINITY) {
            yield* added.await
            continue
          }
          const now = yield* Clock.currentTimeMillis
          // Items claimed later are due later: nothing added meanwhile is due before `next`.
          if (next > now) {
            yield* Effect.sleep(Duration.millis(next - now))
            continue
          }
          const byOwner = new Map<string, Array<InFlight<A>>>()
          for (const entry of inFlight) {
            if (entry.renewAt > now + period / 2) continue
            const group = byOwner.get(entry.owner)
            if (group === undefined) byOwner.set(entry.owner, [entry])
            else group.push(entry)
          }
          for (const [owner, entries] of byOwner) {
            for (const entry of entries) entry.renewAt = now + period
            yield* extendAll(entries.map((e) => e.item), owner).pipe(Effect.catchAllCause((cause) =>
              Cause.isInterruptedOnly(cause) ? Effect.interrupt : Effect.logWarning(`${kind.name}: lease renewal failed`, cause)
            ))
          }
        }
      }).pipe(Effect.annotateLogs({ [kind.name]: "renewer" }))
      // Forked before the shutdown finalizer is added, so it is stopped after it: leases stay renewed
      // while in-flight items finish within the grace period.
      yield* Effect.forkScoped(renewer)
    }

    const claiming = yield* Effect.forkScoped(claimer)
    yield* Effect.addFinalizer(() =>
      Effect.gen(function*() {
        yield* Deferred.succeed(stop, undefined)
        yield* slotFreed.open
        // Finalizers run uninterruptibly: without `interruptible` the timeouts could never cut the waits short.
        yield* claiming.await.pipe(Effect.interruptible, Effect.timeout(options.shutdownGrace), Effect.ignore)
        yield* FiberSet.awaitEmpty(running).pipe(Effect.interruptible, Effect.timeout(options.shutdownGrace), Effect.ignore)
        yield* FiberSet.clear(running)
      })
    )
    return owner
  })
