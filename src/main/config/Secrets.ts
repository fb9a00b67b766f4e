import { Config, Redacted } from "effect"

/** 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`). */
const KEY_MESSAGE = "Expected a 32-byte key: 64 hex digits or base64 (openssl rand -base64 32)"

const decodeKey = (text: string): Uint8Array | undefined => {
  const trimmed = text.trim()
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
    ? Buffer.from(trimmed, "base64")
    : undefined
  return bytes?.length === 32 ? new Uint8Array(bytes) : undefined
}

// Validated as the variable's own string, so that a refusal names it; the value is never repeated.
const key = (name: string) =>
  Config.string(name).pipe(
    Config.validate({ message: KEY_MESSAGE, validation: (text) => decodeKey(text) !== undefined }),
    Config.map((text) => Redacted.make(decodeKey(text)!)),
    Config.option
  )

/**
 * `SPOTCAST_SECRETS_KEY` seals webhook secrets at rest (AES-256-GCM); `SPOTCAST_SECRETS_KEY_PREVIOUS`, during a
 * rotation, still opens what the old key sealed (start-up seals those again under the new key).
 */
export const SecretsConfig = Config.all({
  current: key("SPOTCAST_SECRETS_KEY"),
  previous: key("SPOTCAST_SECRETS_KEY_PREVIOUS")
})
export type SecretsConfig = Config.Config.Success<typeof SecretsConfig>
