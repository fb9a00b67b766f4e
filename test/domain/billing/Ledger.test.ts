import { assert, describe, it } from "@effect/vitest"
import { DateTime, FastCheck as fc } from "effect"
import { applyEntry, type Balance, balanceOf, balancesAlongTheWay, chargeEntry, refundEntry } from "../../../src/domain/billing/Ledger.js"
import { accountId, forecastId, ledgerEntryId } from "../../support/TestIds.js"

const made = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8))
const later = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 9))
const forecast = {
  id: forecastId(1),
  accountId: accountId(1),
  createdAt: made
}
const chargeId = ledgerEntryId(1)
const refundId = ledgerEntryId(2)

describe("charge and refund entries", () => {
  it("a charge names its forecast and is dated when the forecast was made", () => {
    assert.deepStrictEqual(chargeEntry(forecast, 3, chargeId), {
      id: chargeId,
      accountId: forecast.accountId,
      kind: "charge",
      amount: 3,
      forecastId: forecast.id,
      createdAt: made
    })
  })

  it("a refund reverses its charge in full, names it, and leaves the balance as before the charge", () => {
    const charge = chargeEntry(forecast, 3, chargeId)
    const refund = refundEntry(charge, refundId, later)
    assert.deepStrictEqual(refund, {
      id: refundId,
      accountId: forecast.accountId,
      kind: "refund",
      amount: 3,
      forecastId: forecast.id,
      refundOf: chargeId,
      createdAt: later
    })
    const grant = { kind: "grant", amount: 10 } as const
    assert.deepStrictEqual(balanceOf([grant, charge]), { creditBalance: 7, totalPurchased: 10, totalUsed: 3 })
    assert.deepStrictEqual(balanceOf([grant, charge, refund]), { creditBalance: 10, totalPurchased: 10, totalUsed: 0 })
  })
})

describe("balancesAlongTheWay", () => {
  const entry = fc.record({ kind: fc.constantFrom("grant" as const, "charge" as const, "refund" as const), amount: fc.integer({ min: 1, max: 50 }) })
  it.prop(
    "from the balance after all of them, each entry's balance is what applying them one after another leaves",
    { before: fc.record({ creditBalance: fc.integer({ min: 0, max: 500 }), totalPurchased: fc.integer({ min: 0, max: 500 }), totalUsed: fc.integer({ min: 0, max: 500 }) }), entries: fc.array(entry, { maxLength: 12 }) },
    ({ before, entries }) => {
      const oneByOne: Array<Balance> = []
      let balance: Balance = before
      for (const e of entries) oneByOne.push(balance = applyEntry(balance, e))
      assert.deepStrictEqual(balancesAlongTheWay(balance, entries), oneByOne)
    }
  )
})
