import type * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Either } from "effect"
import { type Balance, balanceOf, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { ledgerEntryRow } from "./WrittenRows.js"

/** What the charge statement answers: pg reads `bigint` credits as strings; the three are NULL when nothing was debited. */
interface DebitedRow {
  readonly current: string
  readonly credit_balance: string | null
  readonly total_purchased: string | null
  readonly total_used: string | null
}

/** A row a charged command stores with its charge: its table and its columns as written (WrittenRows). */
export type ChargedRow = readonly [table: string, row: Readonly<Record<string, unknown>>]

const quoted = (name: string) => `"${name.replaceAll("\"", "\"\"")}"`

/**
 * The statement's text for rows of these tables and columns, with or without a key to settle; the
 * parameters in the order `makeDebit` lists them (the account's five, every row's columns, the key). `INSERT … SELECT … FROM debited` writes a row
 * when the account was debited and none when not; its parameters take their column's type, as in a
 * VALUES list.
 */
const debitText = (rows: ReadonlyArray<ChargedRow>, settles: boolean): string => {
  let n = 5
  const inserts = rows.map(([table, row], i) => {
    const columns = Object.keys(row)
    const values = columns.map(() => `$${++n}`)
    return `written_${i} AS (INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")})
            SELECT ${values.join(", ")} FROM debited)`
  })
  const settled = settles
    ? `, settled AS (
            UPDATE idempotency_keys SET credits_remaining = debited.credit_balance FROM debited
            WHERE idempotency_keys.account_id = $4 AND idempotency_keys.key = $${++n}
          )`
    : ""
  return `WITH debited AS (
            UPDATE accounts SET credit_balance = credit_balance + $1, total_purchased = total_purchased + $2,
              total_used = total_used + $3
            WHERE account_id = $4 AND credit_balance + $5 >= 0
            RETURNING credit_balance, total_purchased, total_used
          ), ${inserts.join(", ")}${settled}
          SELECT a.credit_balance AS current, d.credit_balance, d.total_purchased, d.total_used
          FROM accounts a LEFT JOIN debited d ON true
          WHERE a.account_id = $4`
}

/**
 * The charge in one statement: the account's conditional update (never below zero), the charge's
 * ledger entry, `rows` (what the command stores besides) and, with a claimed key, the balance left
 * written into its receipt; everything but the update is written only when the account was debited.
 * Several charges of one account (`entries`) go together as one: the update adds their changes, and
 * either all of them and their rows are written or none (the balance after all of them is answered).
 * `current` is the balance as it was (the statement's snapshot): with no row debited it says how short
 * the account is. Being one statement it is atomic on its own: run outside a transaction, it holds the
 * account's row (on which every charge of the account queues) for itself and its commit only, not for
 * the round trips of a transaction's later statements and COMMIT through a busy process.
 * The foreign keys between the rows (a job's forecast, the entry's forecast) are checked at the
 * statement's end, when all of them are there.
 *
 * Its text is made once for each shape of rows (tables and columns, a key or none; a few dozen at most:
 * a statement carries up to 32 creates): on every create, building it from fragments cost a tenth of the
 * create path's allocations.
 */
export const makeDebit = (sql: SqlClient.SqlClient) => {
  // The shapes seen (a few: each caller writes fixed tables and columns) with their texts; a shape is
  // recognised by walking the rows' keys in order, which allocates nothing.
  interface Shape {
    readonly settles: boolean
    readonly tables: ReadonlyArray<string>
    readonly columns: ReadonlyArray<ReadonlyArray<string>>
    readonly text: string
  }
  const shapes: Array<Shape> = []
  const sameColumns = (row: ChargedRow[1], columns: ReadonlyArray<string>) => {
    let i = 0
    for (const column in row) if (columns[i++] !== column) return false
    return i === columns.length
  }
  const isShape = (shape: Shape, rows: ReadonlyArray<ChargedRow>, settles: boolean) => {
    if (shape.settles !== settles || shape.tables.length !== rows.length) return false
    for (let i = 0; i < rows.length; i++) {
      if (rows[i]![0] !== shape.tables[i] || !sameColumns(rows[i]![1], shape.columns[i]!)) return false
    }
    return true
  }
  const textFor = (rows: ReadonlyArray<ChargedRow>, settles: boolean) => {
    for (const shape of shapes) if (isShape(shape, rows, settles)) return shape.text
    const text = debitText(rows, settles)
    const tables = rows.map(([table]) => table)
    shapes.push({ settles, tables, columns: rows.map(([, row]) => Object.keys(row)), text })
    return text
  }

  return (entries: ReadonlyArray<LedgerEntry>, settles: string | undefined, rows: ReadonlyArray<ChargedRow>) => {
    // The entries' changes added up (the ledger's arithmetic, from an empty balance).
    const delta = balanceOf(entries)
    const written: Array<ChargedRow> = entries.map((entry) => ["ledger_entries", ledgerEntryRow(entry)])
    written.push(...rows)
    const parameters: Array<unknown> = [
      delta.creditBalance,
      delta.totalPurchased,
      delta.totalUsed,
      entries[0]!.accountId,
      delta.creditBalance
    ]
    for (const [, row] of written) parameters.push(...Object.values(row))
    if (settles !== undefined) parameters.push(settles)
    return sql.unsafe<DebitedRow>(textFor(written, settles !== undefined), parameters).pipe(
      Effect.map(([row]): Either.Either<Balance, number> => {
        if (row !== undefined && row.credit_balance !== null) {
          return Either.right({
            creditBalance: Number(row.credit_balance),
            totalPurchased: Number(row.total_purchased ?? 0),
            totalUsed: Number(row.total_used ?? 0)
          })
        }
        return Either.left(row === undefined ? 0 : Number(row.current))
      })
    )
  }
}
