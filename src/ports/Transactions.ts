import { Context, type Effect } from "effect"

/**
 * Runs several storage commands as one: all of them take effect or none does, and nothing running
 * beside sees a state between two of them. A command of any store may run inside; nested calls join
 * the outer one. A failure (or an interruption) undoes every command it ran.
 */
export interface TransactionsShape {
  readonly atomically: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

export class Transactions extends Context.Tag("spotcast/Transactions")<Transactions, TransactionsShape>() {}
