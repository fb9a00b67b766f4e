import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import { Layer } from "effect"
import { Crypto, type CryptoShape } from "../../ports/Crypto.js"

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest()

export const make: CryptoShape = {
  sha256Hex: (text) => sha256(text).toString("hex"),
  hmacSha256Hex: (key, text) => createHmac("sha256", key).update(text, "utf8").digest("hex"),
  // Digests first: timingSafeEqual needs equal lengths, and comparing digests leaks neither length.
  timingSafeEqual: (a, b) => timingSafeEqual(sha256(a), sha256(b))
}

/** Node's native SHA-256, HMAC and constant-time comparison. */
export const layer = Layer.succeed(Crypto, make)
