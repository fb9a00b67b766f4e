import { Effect, Exit, FiberRef, Layer } from "effect"
import { Transactions } from "../../ports/Transactions.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"

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

// Each database's one transaction at a time (below); a command atomic on its own takes it too (`changingAlone`).
const locks = new WeakMap<MemoryTables, Effect.Semaphore>()
const lockOf = (db: MemoryTables): Effect.Semaphore => {
  let lock = locks.get(db)
  if (lock === undefined) {
    lock = Effect.unsafeMakeSemaphore(1)
    locks.set(db, lock)
  }
  return lock
}

/**
 * `changing` for a command that is atomic on its own and runs outside any transaction as well (a create
 * with its charge): there it waits for the transaction in progress, whose undo puts rows back as they
 * were before it and would lose what the command changed in between, as a Postgres statement waits for
 * the row locks of a transaction in progress. Inside a transaction it is `changing`.
 */
export const changingAlone = <A>(db: MemoryTables, change: (onUndo: Undo) => A): Effect.Effect<A> =>
  Effect.flatMap(FiberRef.get(journal), (undos) =>
    undos === undefined ? lockOf(db).withPermits(1)(changing(change)) : changing(change))

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
    const lock = lockOf(yield* MemoryDatabase)
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
