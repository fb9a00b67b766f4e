/**
 * The digests the rules need (API key hashes, sealed cursors, webhook signatures, request
 * fingerprints). The rules take them as a parameter, so the domain imports no platform crypto: the
 * application passes the `Crypto` port's implementation.
 */
export interface Digests {
  /** SHA-256 of the UTF-8 text, as lowercase hex. */
  readonly sha256Hex: (text: string) => string
  /** HMAC-SHA256 of the UTF-8 text keyed with the UTF-8 key, as lowercase hex. */
  readonly hmacSha256Hex: (key: string, text: string) => string
  /** Whether the two strings are equal, in time that says nothing about them, not even their lengths. */
  readonly timingSafeEqual: (a: string, b: string) => boolean
}
