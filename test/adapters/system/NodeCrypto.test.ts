import { createHash, createHmac } from "node:crypto"
import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"

const { hmacSha256Hex, sha256Hex, timingSafeEqual } = NodeCrypto.make

describe("NodeCrypto", () => {
  it("matches the FIPS 180-4 test vectors", () => {
    assert.strictEqual(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    assert.strictEqual(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    assert.strictEqual(
      sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    )
  })

  it("matches the RFC 4231 HMAC-SHA256 test vector and the well-known one", () => {
    assert.strictEqual(
      hmacSha256Hex("Jefe", "what do ya want for nothing?"),
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    )
    assert.strictEqual(
      hmacSha256Hex("key", "The quick brown fox jumps over the lazy dog"),
      "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
    )
  })

  it.prop("hashes text as UTF-8, for SHA-256 and HMAC-SHA256", [fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "binary", maxLength: 130 })], ([message, key]) => {
    assert.strictEqual(sha256Hex(message), createHash("sha256").update(Buffer.from(message, "utf8")).digest("hex"))
    assert.strictEqual(hmacSha256Hex(key, message), createHmac("sha256", Buffer.from(key, "utf8")).update(Buffer.from(message, "utf8")).digest("hex"))
  })

  it.prop("compares strings for equality, whatever their lengths", [fc.string(), fc.string()], ([a, b]) => {
    assert.strictEqual(timingSafeEqual(a, b), a === b)
    assert.isTrue(timingSafeEqual(a, a))
  })
})
