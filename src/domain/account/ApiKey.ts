import { Schema } from "effect"
import { AccountMode } from "./Account.js"
import { AccountId, ApiKeyId } from "../Ids.js"
import type { Digests } from "../Digests.js"

export const API_KEY_SECRET_LENGTH = 32
export const API_KEY_PREFIX_LENGTH = 12

const keyPrefixOf: Record<AccountMode, string> = { live: "sk_live_", sandbox: "sk_test_" }
const KEY_FORMAT = /^sk_(live|test)_[0-9A-Za-z]{32}$/

/** An API key as stored: never the key itself, only its SHA-256 and a display prefix. */
export const ApiKey = Schema.Struct({
  id: ApiKeyId,
  accountId: AccountId,
  prefix: Schema.String,
  hash: Schema.String,
  mode: AccountMode,
  createdAt: Schema.DateTimeUtc,
  lastUsedAt: Schema.optional(Schema.DateTimeUtc),
  revokedAt: Schema.optional(Schema.DateTimeUtc)
})
export type ApiKey = typeof ApiKey.Type

export const formatApiKey = (mode: AccountMode, secret: string): string => keyPrefixOf[mode] + secret

/** The mode a key's spelling claims, or undefined when it is not a key of ours at all. */
export const apiKeyMode = (key: string): AccountMode | undefined => {
  const match = KEY_FORMAT.exec(key)
  return match === null ? undefined : match[1] === "live" ? "live" : "sandbox"
}

export const hashApiKey = (digests: Digests, key: string): string => digests.sha256Hex(key)

export const displayPrefix = (key: string): string => key.slice(0, API_KEY_PREFIX_LENGTH)

export class MissingApiKey extends Schema.TaggedError<MissingApiKey>()("MissingApiKey", {}) {}
export class InvalidApiKey extends Schema.TaggedError<InvalidApiKey>()("InvalidApiKey", {}) {}
export class KeyRevoked extends Schema.TaggedError<KeyRevoked>()("KeyRevoked", {}) {}

export class ApiKeyNotFound extends Schema.TaggedError<ApiKeyNotFound>()("ApiKeyNotFound", {
  keyId: Schema.String
}) {}
