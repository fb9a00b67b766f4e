import { assert, describe, it } from "@effect/vitest"
import { DateTime, FastCheck } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { webhookHeaders } from "../../../src/domain/webhook/WebhookHeaders.js"
import { verifySignature } from "../../../src/domain/webhook/WebhookSignature.js"
import { deliveryId } from "../../support/TestIds.js"

const delivery = {
  id: deliveryId(42),
  event: "spotcast.forecast.completed" as const,
  body: "{\"event\":\"spotcast.forecast.completed\",\"data\":{\"summary\":\"Brisa ligera – día tranquilo ✓\"}}"
}
const digests = NodeCrypto.make
const secret = "whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345"

describe("webhookHeaders", () => {
  it("are exactly the documented six, with this attempt's Unix time in seconds", () => {
    const headers = webhookHeaders(digests, delivery, secret, DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 0, 0, 999)))
    assert.deepStrictEqual(headers, {
      "Content-Type": "application/json",
      "X-Service-Event": "spotcast.forecast.completed",
      "X-Service-Signature": headers["X-Service-Signature"]!,
      "X-Service-Delivery-ID": "whk_0000000000000000000042",
      "X-Service-Timestamp": "1772352000",
      "User-Agent": "Service-Webhooks/1.0"
    })
    assert.match(headers["X-Service-Signature"]!, /^sha256=[0-9a-f]{64}$/)
  })

  it.prop("the signature verifies for the body and secret, and for nothing else", [FastCheck.string(), FastCheck.string({ minLength: 1 })], ([body, extra]) => {
    const headers = webhookHeaders(digests, { ...delivery, body }, secret, DateTime.unsafeMake(0))
    const signature = headers["X-Service-Signature"]!
    assert.isTrue(verifySignature(digests, secret, body, signature))
    assert.isFalse(verifySignature(digests, secret, body + extra, signature))
    assert.isFalse(verifySignature(digests, `${secret}x`, body, signature))
  })
})
