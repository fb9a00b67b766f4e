import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either, Option } from "effect"
import { type IdempotencyRecord, recordOf, resolveClaim } from "../../../src/domain/billing/Idempotency.js"
import type { Receipt } from "../../../src/domain/billing/Receipt.js"
import { accountId, forecastId, spotCastId } from "../../support/TestIds.js"

const account = accountId(1)
const made = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8))
const receipt: Receipt = {
  kind: "create",
  spotcastId: spotCastId(1),
  forecastId: forecastId(1),
  createdAt: made,
  creditsCharged: 3,
  creditsRemaining: 7,
  estimatedCompletionSeconds: 10
}
const claim = { key: "order-42", fingerprint: "fp-a" }
const record: IdempotencyRecord = recordOf(account, claim, receipt)
const after = (hours: number, millis = 0) => DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8 + hours) + millis)

describe("resolveClaim", () => {
  it("a key without a record goes ahead", () => {
    assert.deepStrictEqual(resolveClaim(undefined, claim, made), Either.right(Option.none()))
  })

  it("the same request within 24 hours replays the receipt, up to the last millisecond", () => {
    for (const now of [made, after(23), after(24)]) {
      assert.deepStrictEqual(resolveClaim(record, claim, now), Either.right(Option.some(receipt)))
    }
  })

  it("another request with the key is refused within 24 hours", () => {
    const reused = resolveClaim(record, { ...claim, fingerprint: "fp-b" }, after(1))
    assert.isTrue(Either.isLeft(reused) && reused.left._tag === "IdempotencyKeyReused" && reused.left.key === "order-42")
  })

  it("after 24 hours the key is free again, whatever the request", () => {
    for (const fingerprint of ["fp-a", "fp-b"]) {
      assert.deepStrictEqual(resolveClaim(record, { ...claim, fingerprint }, after(24, 1)), Either.right(Option.none()))
    }
  })
})

describe("recordOf", () => {
  it("keeps the claim's key and fingerprint with the receipt, dated as the receipt", () => {
    assert.deepStrictEqual(record, { accountId: account, key: "order-42", fingerprint: "fp-a", createdAt: made, receipt })
  })
})
