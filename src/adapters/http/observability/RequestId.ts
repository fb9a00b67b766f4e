import { randomBytes } from "node:crypto"

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** A caller's own id is kept when it is short and made only of characters safe in a header and a log. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:+=\/-]{0,127}$/

export const isWellFormed = (candidate: string): boolean => WELL_FORMED.test(candidate)

/** `req_` and 24 random base62 characters. */
export const generate = (): string => {
  const bytes = randomBytes(24)
  let id = "req_"
  for (const byte of bytes) id += ALPHABET[byte % 62]
  return id
}

/** The caller's Request-Id (or X-Request-Id) when well-formed, else a new one. */
export const fromHeaders = (headers: Readonly<Record<string, string | undefined>>): string => {
  const given = headers["request-id"] ?? headers["x-request-id"]
  return given !== undefined && isWellFormed(given) ? given : generate()
}
