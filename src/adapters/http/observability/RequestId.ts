import { randomFillSync } from "node:crypto"

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** A caller's own id is kept when it is short and made only of characters safe in a header and a log. */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:+=\/-]{0,127}$/

export const isWellFormed = (candidate: string): boolean => WELL_FORMED.test(candidate)

const ID_BYTES = 24
/** Random bytes for 512 ids, drawn from the CSPRNG at once: one call per id cost ~2 % of a GET. */
const pool = Buffer.alloc(ID_BYTES * 512)
let next = pool.length

/** `req_` and 24 random base62 characters. */
export const generate = (): string => {
  if (next === pool.length) {
    randomFillSync(pool)
    next = 0
  }
  let id = "req_"
  for (let i = next; i < next + ID_BYTES; i++) id += ALPHABET[pool[i]! % 62]
  next += ID_BYTES
  return id
}

/** The caller's Request-Id (or X-Request-Id) when well-formed, else a new one. */
export const fromHeaders = (headers: Readonly<Record<string, string | undefined>>): string => {
  const given = headers["request-id"] ?? headers["x-request-id"]
  return given !== undefined && isWellFormed(given) ? given : generate()
}
