import { constantTimeEqual, hmacSha256, toHex, utf8 } from "../Sha256.js"

export const SIGNATURE_HEADER = "X-Service-Signature"

/** `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook secret. */
export const signBody = (secret: string, body: string): string => `sha256=${toHex(hmacSha256(utf8(secret), utf8(body)))}`

/** What a receiver does: recompute over the raw body and compare in constant time. */
export const verifySignature = (secret: string, body: string, header: string): boolean =>
  constantTimeEqual(signBody(secret, body), header)
