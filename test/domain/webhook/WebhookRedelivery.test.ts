import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either } from "effect"
import type { DeliveryStatus, WebhookDelivery } from "../../../src/domain/webhook/WebhookDelivery.js"
import { redeliver } from "../../../src/domain/webhook/WebhookRedelivery.js"
import { accountId, deliveryId, forecastId, spotCastId } from "../../support/TestIds.js"

const made = DateTime.unsafeMake(Date.UTC(2026, 2, 1))
const now = DateTime.unsafeMake(Date.UTC(2026, 2, 3))
const delivery = (status: DeliveryStatus): WebhookDelivery => ({
  id: deliveryId(1),
  accountId: accountId(1),
  spotcastId: spotCastId(1),
  forecastId: forecastId(1),
  event: "spotcast.forecast.failed",
  url: "https://receiver.example.com/hook",
  body: "{\"event\":\"spotcast.forecast.failed\"}",
  status,
  attempts: 5,
  createdAt: made
})

describe("redeliver", () => {
  it("makes a failed delivery due now with a fresh count, keeping its id, url and bytes", () => {
    const again = Either.getOrThrow(redeliver(delivery("failed"), now))
    assert.deepStrictEqual(again, { ...delivery("failed"), status: "pending", attempts: 0, nextAttemptAt: now })
  })

  it("refuses a delivery that has not failed", () => {
    for (const status of ["pending", "delivered"] as const) {
      const refused = redeliver(delivery(status), now)
      assert.isTrue(Either.isLeft(refused) && refused.left._tag === "DeliveryNotFailed" && refused.left.status === status)
    }
  })
})
