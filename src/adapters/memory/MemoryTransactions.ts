import { Effect, Exit, FiberRef, Layer } from "effect"
import { Transactions } from "../../ports/Transactions.js"
import { MemoryDatabase } from "./MemoryDatabase.js"

/** The undo steps of the transaction the fiber is in, newest last; none outside one. */
const journal = FiberRef.unsafeMake<Array<() => void> | undefined>(undefined)

/** Something a command changed, and how to put it back should its transaction fail. */
export type Undo = (undo: () => void) => void

/**
 * A command that changes the tables: `change` runs at once, in one synchronous step, and names how to
 * undo each thing it changes; inside `atomically` a later failure undoes them, newest first.
 */
export const changing = <A>(change: (onUndo: Undo) => A): Effect.Effect<A> =>
  Effect.flatMap(FiberRef.get(journal), (undos) =>
    Effect.sync(() =>
      change((undo) => {
        undos?.push(undo)
      })
    ))

/** Sets `key`, remembering how to restore what it held. */
export const setRow = <K, V>(map: Map<K, V>, key: K, value: V, onUndo: Undo): void => {
  const had = map.has(key)
  const before = map.get(key)
  map.set(key, value)
  onUndo(() => {
    if (had) map.set(key, before as V)
    else map.delete(key)
  })
}

/** Undoes the insertion of `item` into an index array (wherever later inserts have moved it). */
export const unindex = <A>(array: Array<A>, item: A): void => {
  const at = array.lastIndexOf(item)
  if (at >= 0) array.splice(at, 1)
}

/**
 * One transaction at a time per database (the commands of one run back to back, as one Postgres
 * transaction's statements hold their locks); a nested call joins the outer transaction.
 */
export const layer = Layer.effect(
  Transactions,
  Effect.gen(function*() {
    yield* MemoryDatabase
    const lock = yield* Effect.makeSemaphore(1)
    return Transactions.of({
      atomically: (self) =>
        Effect.flatMap(FiberRef.get(journal), (outer) => {
          if (outer !== undefined) return self
          return lock.withPermits(1)(Effect.suspend(() => {
            const undos: Array<() => void> = []
            return self.pipe(
              Effect.locally(journal, undos),
              Effect.onExit((exit) =>
                Exit.isSuccess(exit) ? Effect.void : Effect.sync(() => {
                  for (let i = undos.length - 1; i >= 0; i--) undos[i]!()
                })
              )
            )
          }))
        })
    })
  })
)
