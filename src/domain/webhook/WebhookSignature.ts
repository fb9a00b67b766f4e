import type { Digests } from "../Digests.js"

export const SIGNATURE_HEADER = "X-Service-Signature"

/** `sha256=` followed by the lowercase hex HMAC-SHA256 of the raw body, keyed with the webhook secret. */
export const signBody = (digests: Digests, secret: string, body: string): string =>
  `sha256=${digests.hmacSha256Hex(secret, body)}`

/** What a receiver does: recompute over the raw body and compare in constant time. */
export const verifySignature = (digests: Digests, secret: string, body: string, header: string): boolean =>
  digests.timingSafeEqual(signBody(digests, secret, body), header)
