import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import { draftReceipt, settleReceipt } from "../../../src/domain/billing/Receipt.js"
import { forecastId, spotCastId } from "../../support/TestIds.js"

const made = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8))
const spotcastId = spotCastId(1)
const forecast = { id: forecastId(1), createdAt: made }

describe("receipts", () => {
  it("a receipt says what was charged for which forecast, and the balance the charge left", () => {
    const draft = draftReceipt("refresh", spotcastId, forecast, 3, 12)
    assert.deepStrictEqual(settleReceipt(draft, { creditBalance: 7, totalPurchased: 10, totalUsed: 3 }), {
      kind: "refresh",
      spotcastId,
      forecastId: forecast.id,
      createdAt: made,
      creditsCharged: 3,
      creditsRemaining: 7,
      estimatedCompletionSeconds: 12
    })
  })
})
