import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto"
import { Effect, Either, Layer, Option, Redacted } from "effect"
import { SecretSealer, type SecretSealerShape } from "../../ports/SecretSealer.js"

/**
 * AES-256-GCM sealing with node:crypto. A sealed value is `sealed:v1:<key id>:<base64url of iv | tag | ciphertext>`:
 * the version names the format, the key id (from a hash of the key, not the key) which key sealed it, so a
 * rotated key (the previous one kept for reading) opens old values while new ones use the current key.
 * Values without the prefix are legacy plain text: read as they are, sealed on the next write or at start-up.
 */
const PREFIX = "sealed:v1:"
const IV_BYTES = 12
const TAG_BYTES = 16

export interface SealingKeys {
  /** 32 bytes; seals, and opens what it sealed. */
  readonly current: Option.Option<Redacted.Redacted<Uint8Array>>
  /** 32 bytes; only opens (the key before a rotation). */
  readonly previous: Option.Option<Redacted.Redacted<Uint8Array>>
}

const keyId = (key: Uint8Array) => createHash("sha256").update("spotcast-secret-key:").update(key).digest("hex").slice(0, 8)

const aad = (context: string) => Buffer.from(`spotcast:${context}`, "utf8")

export const isSealed = (stored: string) => stored.startsWith(PREFIX)

/** A sealer on these keys; without a current key, values are stored as given (and sealed ones cannot be read). */
export const make = (keys: SealingKeys): SecretSealerShape => {
  const byId = new Map<string, Uint8Array>()
  for (const key of [keys.previous, keys.current]) {
    if (Option.isSome(key)) byId.set(keyId(Redacted.value(key.value)), Redacted.value(key.value))
  }
  const current = Option.map(keys.current, (k) => ({ id: keyId(Redacted.value(k)), key: Redacted.value(k) }))
  return {
    seal: (plain, context) => {
      if (Option.isNone(current)) return plain
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv("aes-256-gcm", current.value.key, iv).setAAD(aad(context))
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
      return `${PREFIX}${current.value.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`
    },
    open: (stored, context) => {
      if (!isSealed(stored)) return Either.right(stored)
      const [id, data] = stored.slice(PREFIX.length).split(":")
      const key = id === undefined ? undefined : byId.get(id)
      if (key === undefined) {
        return Either.left(`sealed under key ${id}, which is neither SPOTCAST_SECRETS_KEY nor SPOTCAST_SECRETS_KEY_PREVIOUS`)
      }
      try {
        const bytes = Buffer.from(data ?? "", "base64url")
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES)).setAAD(aad(context))
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
        return Either.right(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8"))
      } catch {
        return Either.left(`sealed under key ${id} but does not open (altered, or moved from another row)`)
      }
    },
    stale: (stored) => Option.isSome(current) && (!isSealed(stored) || !stored.startsWith(`${PREFIX}${current.value.id}:`))
  }
}

/** The sealer on these keys; without a current key, start-up says once that secrets are stored in plain text. */
export const layer = (keys: SealingKeys) =>
  Layer.effect(
    SecretSealer,
    Effect.as(
      Option.isNone(keys.current)
        ? Effect.logWarning("SPOTCAST_SECRETS_KEY is not set: webhook secrets are stored in plain text (see docs/operations.md, Failures and retries)")
        : Effect.void,
      make(keys)
    )
  )
