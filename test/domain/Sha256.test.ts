import { createHash, createHmac } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { constantTimeEqual, hmacSha256, sha256, toHex } from "../../src/domain/Sha256.js"
import { signBody, verifySignature } from "../../src/domain/webhook/WebhookSignature.js"

describe("Sha256", () => {
  it("matches the FIPS test vector", () => {
    assert.strictEqual(
      toHex(sha256(new TextEncoder().encode("abc"))),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
  })

  it.prop("agrees with node:crypto for SHA-256 and HMAC-SHA256", [fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 130 })], ([message, key]) => {
    assert.strictEqual(toHex(sha256(message)), createHash("sha256").update(message).digest("hex"))
    assert.strictEqual(toHex(hmacSha256(key, message)), createHmac("sha256", key).update(message).digest("hex"))
  })

  it.prop("signs webhook bodies as sha256= + lowercase hex, the way receivers check them", [fc.string(), fc.string({ minLength: 1 })], ([body, secret]) => {
    const header = signBody(secret, body)
    assert.strictEqual(header, `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`)
    assert.isTrue(verifySignature(secret, body, header))
    assert.isFalse(verifySignature(secret + "x", body, header))
  })

  it.prop("compares strings for equality", [fc.string(), fc.string()], ([a, b]) => {
    assert.strictEqual(constantTimeEqual(a, b), a === b)
    assert.isTrue(constantTimeEqual(a, a))
  })
})
