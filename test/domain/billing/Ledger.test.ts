import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import { balanceOf, chargeEntry, refundEntry } from "../../../src/domain/billing/Ledger.js"
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
