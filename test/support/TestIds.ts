import {
  AccountId,
  ApiKeyId,
  DeliveryId,
  ForecastId,
  type IdPrefix,
  LedgerEntryId,
  SpotCastId
} from "../../src/domain/Ids.js"

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
let counter = Math.floor(Math.random() * 62 ** 6)

const base62 = (n: number) => {
  let digits = ""
  do {
    digits = BASE62[n % 62] + digits
    n = Math.floor(n / 62)
  } while (n > 0)
  return digits
}

/**
 * The tests' one id maker: prefix, underscore, 22 base62 characters. With a number, the same id every
 * time, its decimal digits
 * (`id("whk", 42)` is `whk_0000000000000000000042`), for tests that compare wire bytes; without, a fresh
 * one, for tests that share storage. A string is the id's own leading characters (`id("spc", "B")` is
 * `spc_B000000000000000000000`), for tests of byte order.
 */
export const id = (prefix: IdPrefix, seed?: number | string) =>
  typeof seed === "string"
    ? `${prefix}_${seed.padEnd(22, "0").slice(0, 22)}`
    : `${prefix}_${(seed === undefined ? base62(++counter) : String(seed)).padStart(22, "0")}`

export const accountId = (seed?: number | string) => AccountId.make(id("acct", seed))
export const apiKeyId = (seed?: number | string) => ApiKeyId.make(id("key", seed))
export const spotCastId = (seed?: number | string) => SpotCastId.make(id("spc", seed))
export const forecastId = (seed?: number | string) => ForecastId.make(id("fcst", seed))
export const ledgerEntryId = (seed?: number | string) => LedgerEntryId.make(id("led", seed))
export const deliveryId = (seed?: number | string) => DeliveryId.make(id("whk", seed))
