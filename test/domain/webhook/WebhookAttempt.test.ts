import { assert, describe, it } from "@effect/vitest"
import { DateTime, Option } from "effect"
import { type Attempt, recordAttempt } from "../../../src/domain/webhook/WebhookAttempt.js"
import type { DeliveryStatus, WebhookDelivery } from "../../../src/domain/webhook/WebhookDelivery.js"
import { accountId, deliveryId, forecastId, spotCastId } from "../../support/TestIds.js"

const made = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8))
const sent = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 5))
const answered = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 5, 1))
const retryAt = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 35))
const delivery = (status: DeliveryStatus = "pending"): WebhookDelivery => ({
  id: deliveryId(1),
  accountId: accountId(1),
  spotcastId: spotCastId(1),
  forecastId: forecastId(1),
  event: "spotcast.forecast.completed",
  url: "https://receiver.example.com/hook",
  body: "{}",
  status,
  attempts: 1,
  nextAttemptAt: sent,
  createdAt: made
})
const attempt = (next: Attempt["next"], extra: Partial<Attempt> = {}): Attempt => ({ at: sent, durationMs: 12, next, ...extra })
const record = (next: Attempt["next"], extra: Partial<Attempt> = {}, recorded = 3) =>
  Option.getOrThrow(recordAttempt(delivery(), recorded, attempt(next, extra)))

describe("recordAttempt", () => {
  it("delivered: counted, delivered at the answer's time, nothing due", () => {
    const { delivery: after } = record({ _tag: "Delivered", at: answered }, { statusCode: 204 })
    const { nextAttemptAt: _, ...rest } = delivery()
    assert.deepStrictEqual(after, { ...rest, status: "delivered", attempts: 2, deliveredAt: answered })
  })

  it("retry: counted, still pending, due at the retry time", () => {
    const { delivery: after } = record({ _tag: "Retry", at: retryAt }, { statusCode: 500 })
    assert.deepStrictEqual(after, { ...delivery(), attempts: 2, nextAttemptAt: retryAt })
  })

  it("failed: counted, failed for good, nothing due", () => {
    const { delivery: after } = record({ _tag: "Failed" }, { error: "connection: refused" })
    const { nextAttemptAt: _, ...rest } = delivery()
    assert.deepStrictEqual(after, { ...rest, status: "failed", attempts: 2 })
  })

  it("the attempt is numbered after those already recorded (across redeliveries), in whole milliseconds", () => {
    const { attempt: row } = record({ _tag: "Retry", at: retryAt }, { statusCode: 500, durationMs: 12.6 }, 7)
    assert.deepStrictEqual(row, { deliveryId: delivery().id, number: 8, at: sent, durationMs: 13, statusCode: 500 })
    const failedRow = record({ _tag: "Failed" }, { error: "timeout", durationMs: -3 }, 0).attempt
    assert.deepStrictEqual(failedRow, { deliveryId: delivery().id, number: 1, at: sent, durationMs: 0, error: "timeout" })
  })

  it("a delivery that is no longer pending takes no attempt", () => {
    for (const status of ["delivered", "failed"] as const) {
      assert.isTrue(Option.isNone(recordAttempt(delivery(status), 1, attempt({ _tag: "Delivered", at: answered }))))
    }
  })
})
