import { createHmac } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { signBody, verifySignature } from "../../../src/domain/webhook/WebhookSignature.js"

const digests = NodeCrypto.make

describe("WebhookSignature", () => {
  it.prop("signs webhook bodies as sha256= + lowercase hex, the way receivers check them", [fc.string(), fc.string({ minLength: 1 })], ([body, secret]) => {
    const header = signBody(digests, secret, body)
    assert.strictEqual(header, `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`)
    assert.isTrue(verifySignature(digests, secret, body, header))
    assert.isFalse(verifySignature(digests, secret + "x", body, header))
  })
})
