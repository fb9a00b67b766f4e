/** Alphabet of ids, API keys and webhook secrets. */
export const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/**
 * Maps random bytes to base62 characters without modulo bias: bytes >= 248 (the largest multiple of 62
 * that fits in a byte) are skipped, so the caller hands in more bytes than characters it wants.
 */
export const base62FromBytes = (bytes: Uint8Array, length: number): string | undefined => {
  let out = ""
  for (const byte of bytes) {
    if (out.length === length) break
    if (byte < 248) out += BASE62[byte % 62]
  }
  return out.length === length ? out : undefined
}
