// Loads Effect's runtime, and with it the global fiber scope, before anything here reads it.
import "effect/Fiber"

/**
 * Where Effect's global fiber scope keeps the root fibers, those started with `Runtime.runFork` (one per
 * HTTP request in @effect/platform-node's server): a `Set` added to and deleted from once per fiber. In V8 a
 * `Set` whose hash table has reached the old generation and then grows or is rebuilt leaves the old table
 * behind holding the entries it had and a link to the new one; until the next full collection the young
 * generation's collector takes that dead old table for a live one, so everything it reaches survives:
 * the next table, the fibers in it, all they hold, and from there the table after. Under load that is
 * nearly every request's fiber, moved to the old generation, which then fills and is collected every
 * second or so, each collection pausing every request in flight (docs/performance.md, "What kept finished
 * requests alive").
 *
 * `RootFiberSlab` keeps the same fibers in a plain array, each removed by swapping the last one into its
 * place: nothing it drops is left pointing at a young object.
 */
export class RootFiberSlab<F extends object> {
  private readonly slots: Array<{ readonly fiber: F; index: number }> = []

  get size(): number {
    return this.slots.length
  }

  /** Adds `fiber`; the returned function removes it (once; later calls do nothing). */
  add(fiber: F): () => void {
    const slot = { fiber, index: this.slots.length }
    this.slots.push(slot)
    return () => {
      if (slot.index < 0) return
      const last = this.slots.pop()!
      if (last !== slot) {
        this.slots[slot.index] = last
        last.index = slot.index
      }
      slot.index = -1
    }
  }

  has(fiber: F): boolean {
    return this.slots.some((slot) => slot.fiber === fiber)
  }

  *[Symbol.iterator](): IterableIterator<F> {
    // A copy: a fiber that ends while the caller iterates must not make it skip another.
    for (const slot of this.slots.slice()) yield slot.fiber
  }
}

/** The shape of Effect's global fiber scope that this module relies on (effect 3.x, internal/fiberScope). */
interface GlobalFiberScope {
  roots: Iterable<unknown>
  add(runtimeFlags: unknown, child: { addObserver(observer: (exit: unknown) => void): void }): void
}

const GLOBAL_SCOPE = Symbol.for("effect/FiberScope/Global")

/** Effect's global fiber scope, read from its store of global values without creating anything there. */
const globalFiberScope = (): unknown => {
  const store = (globalThis as { readonly ["effect/GlobalValue"]?: ReadonlyMap<unknown, unknown> })["effect/GlobalValue"]
  return store?.get(GLOBAL_SCOPE)
}

const isGlobalFiberScope = (u: unknown): u is GlobalFiberScope =>
  typeof u === "object" && u !== null && "roots" in u && typeof (u as { add?: unknown }).add === "function"

/**
 * Has Effect's global fiber scope keep its root fibers in a `RootFiberSlab`, for the life of the process.
 * `Fiber.roots` still lists them. Call it once, before forking; a second call does nothing. Returns whether
 * the slab is in place. `false` means nothing changed: root fibers were running already, or this version of
 * Effect keeps them elsewhere (then `test/main/RootFibers.test.ts` fails for it).
 */
export const keepRootFibersInSlab = (): boolean => {
  const scope = globalFiberScope()
  if (!isGlobalFiberScope(scope)) return false
  if (scope.roots instanceof RootFiberSlab) return true
  if (!(scope.roots instanceof Set) || scope.roots.size > 0) return false
  const slab = new RootFiberSlab<object>()
  scope.roots = slab
  scope.add = (_runtimeFlags, child) => {
    const remove = slab.add(child)
    child.addObserver(remove)
  }
  return true
}
