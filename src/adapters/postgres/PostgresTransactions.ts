import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer } from "effect"
import { Transactions } from "../../ports/Transactions.js"

/** A Postgres transaction: every statement the effect runs goes through its connection (nested: a savepoint). */
export const make = Effect.map(SqlClient.SqlClient, (sql) =>
  Transactions.of({
    atomically: (self) => Effect.catchTag(sql.withTransaction(self), "SqlError", Effect.die) as typeof self
  }))

export const layer = Layer.effect(Transactions, make)
