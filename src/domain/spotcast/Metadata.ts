import { Schema } from "effect"

export const MAX_METADATA_BYTES = 16 * 1024

const encoder = new TextEncoder()

/** Client-supplied free-form JSON object, stored and echoed back as sent. */
export const Metadata = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(
  Schema.filter((m) =>
    encoder.encode(JSON.stringify(m)).length <= MAX_METADATA_BYTES || `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON`
  )
)
export type Metadata = typeof Metadata.Type
