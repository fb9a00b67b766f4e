import type * as SqlClient from "@effect/sql/SqlClient"
import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Either, FastCheck as fc } from "effect"
import { type ChargedRow, makeDebit } from "../../../src/adapters/postgres/DebitStatement.js"
import type { LedgerEntry } from "../../../src/domain/billing/Ledger.js"
import { AccountId, ForecastId, LedgerEntryId } from "../../../src/domain/Ids.js"
import { ledgerEntryRow } from "../../../src/adapters/postgres/WrittenRows.js"

/** A client that records the statements sent and answers every charge as debited. */
const recording = () => {
  const sent: Array<{ text: string; parameters: ReadonlyArray<unknown> }> = []
  const sql = {
    unsafe: (text: string, parameters: ReadonlyArray<unknown>) => {
      sent.push({ text, parameters })
      return Effect.succeed([{ current: "9", credit_balance: "7", total_purchased: "9", total_used: "2" }])
    }
  } as unknown as SqlClient.SqlClient
  return { sent, debit: makeDebit(sql) }
}

const entry: LedgerEntry = {
  id: LedgerEntryId.make("led_AAAAAAAAAAAAAAAAAAAAAA"),
  accountId: AccountId.make("acct_AAAAAAAAAAAAAAAAAAAAAA"),
  kind: "charge",
  amount: 2,
  forecastId: ForecastId.make("fcst_AAAAAAAAAAAAAAAAAAAAAA"),
  createdAt: DateTime.unsafeMake(Date.UTC(2026, 10, 27))
}

/** Each inserted row of a sent statement: its table, and each column with the parameter the text gives it. */
const insertsOf = ({ parameters, text }: { text: string; parameters: ReadonlyArray<unknown> }) =>
  [...text.matchAll(/INSERT INTO "([^"]+)" \(([^)]*)\)\s*SELECT ([^\n]*?) FROM debited/g)].map(([, table, columns, values]) => {
    const names = columns!.split(", ").map((c) => c.slice(1, -1))
    const places = values!.split(", ").map((v) => Number(v.slice(1)))
    assert.strictEqual(names.length, places.length)
    return { table, values: Object.fromEntries(names.map((name, i) => [name, parameters[places[i]! - 1]])) }
  })

const column = fc.constantFrom("a", "b", "c", "d", "e")
const row: fc.Arbitrary<ChargedRow> = fc.tuple(
  fc.constantFrom("spotcasts", "forecasts", "jobs"),
  fc.uniqueArray(column, { minLength: 1, maxLength: 5 }).chain((names) =>
    fc.tuple(...names.map(() => fc.oneof(fc.integer(), fc.string(), fc.constant(null)))).map((values) =>
      Object.fromEntries(names.map((name, i) => [name, values[i]]))
    )
  )
)

describe("DebitStatement", () => {
  it.effect("every row's columns get their own values, whatever shapes come and in whatever order (the texts kept per shape)", () =>
    Effect.gen(function*() {
      const { debit, sent } = recording()
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.array(row, { maxLength: 3 }), fc.option(fc.constant("key-1"), { nil: undefined })), { minLength: 1, maxLength: 12 }), (calls) => {
          sent.length = 0
          for (const [rows, settles] of calls) {
            const answer = Effect.runSync(debit([entry], settles, rows))
            assert.deepStrictEqual(answer, Either.right({ creditBalance: 7, totalPurchased: 9, totalUsed: 2 }))
          }
          calls.forEach(([rows, settles], i) => {
            const statement = sent[i]!
            assert.deepStrictEqual(insertsOf(statement), [
              { table: "ledger_entries", values: ledgerEntryRow(entry) },
              ...rows.map(([table, values]) => ({ table, values }))
            ])
            // The account's five parameters first, the key (when settled) last, and nothing else.
            const placesUsed = new Set([...statement.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))
            assert.strictEqual(placesUsed.size, statement.parameters.length)
            assert.deepStrictEqual(statement.parameters.slice(0, 5), [-2, 0, 2, entry.accountId, -2])
            assert.strictEqual(statement.text.includes("settled AS"), settles !== undefined)
            if (settles !== undefined) assert.strictEqual(statement.parameters.at(-1), settles)
          })
        }),
        { numRuns: 200 }
      )
    }))

  it.effect("one shape's text is made once and sent again; another order of the same columns is another shape", () =>
    Effect.gen(function*() {
      const { debit, sent } = recording()
      yield* debit([entry], undefined, [["jobs", { a: 1, b: 2 }]])
      yield* debit([entry], undefined, [["jobs", { a: 3, b: 4 }]])
      yield* debit([entry], undefined, [["jobs", { b: 5, a: 6 }]])
      assert.strictEqual(sent[0]!.text, sent[1]!.text)
      assert.notStrictEqual(sent[0]!.text, sent[2]!.text)
      assert.deepStrictEqual(insertsOf(sent[2]!)[1], { table: "jobs", values: { b: 5, a: 6 } })
    }))

  it.effect("a short balance answers the balance as it was", () =>
    Effect.gen(function*() {
      const sql = {
        unsafe: () => Effect.succeed([{ current: "1", credit_balance: null, total_purchased: null, total_used: null }])
      } as unknown as SqlClient.SqlClient
      assert.deepStrictEqual(yield* makeDebit(sql)([entry], undefined, []), Either.left(1))
    }))
})
