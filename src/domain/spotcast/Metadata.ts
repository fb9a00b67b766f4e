import { Schema } from "effect"
import { isStorableText, UNSTORABLE_TEXT } from "../Text.js"

export const MAX_METADATA_BYTES = 16 * 1024

/** Nesting deeper than this is refused: no client needs it, and deep values are costly to walk. */
export const MAX_METADATA_DEPTH = 20

const encoder = new TextEncoder()

/**
 * Why a metadata value cannot be stored, or undefined: walked without recursion, so any depth is safe
 * to check; every key and string must be storable text.
 */
export const metadataProblem = (metadata: Readonly<Record<string, unknown>>): string | undefined => {
  const pending: Array<readonly [unknown, number]> = [[metadata, 1]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!
    if (typeof value === "string") {
      if (!isStorableText(value)) return `metadata strings ${UNSTORABLE_TEXT}`
    } else if (typeof value === "object" && value !== null) {
      if (depth > MAX_METADATA_DEPTH) return `metadata must be nested at most ${MAX_METADATA_DEPTH} levels deep`
      for (const [key, inner] of Object.entries(value)) {
        if (!isStorableText(key)) return `metadata keys ${UNSTORABLE_TEXT}`
        pending.push([inner, depth + 1])
      }
    }
  }
  return undefined
}

/** Client-supplied free-form JSON object, stored and echoed back as sent. */
export const Metadata = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(
  Schema.filter((m) => metadataProblem(m) ?? true),
  Schema.filter((m) =>
    encoder.encode(JSON.stringify(m)).length <= MAX_METADATA_BYTES || `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON`
  )
)
export type Metadata = typeof Metadata.Type

/**
 * The metadata object's JSON text exactly as the client sent it. It is what is kept and echoed back:
 * parsing and serializing again would change numbers such as 12345678901234567890, 1.0 or -0.
 */
export const MetadataText = Schema.String.pipe(Schema.brand("MetadataText"))
export type MetadataText = typeof MetadataText.Type

/** The text of metadata that has none as sent (made in code): its standard JSON form. */
export const metadataText = (metadata: Metadata): MetadataText => MetadataText.make(JSON.stringify(metadata))
