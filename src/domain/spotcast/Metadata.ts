import { Schema } from "effect"
import { utf8 } from "../Sha256.js"

export const MAX_METADATA_BYTES = 16 * 1024

/** Client-supplied free-form JSON object, stored and echoed back as sent. */
export const Metadata = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(
  Schema.filter((m) =>
    utf8(JSON.stringify(m)).length <= MAX_METADATA_BYTES || `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON`
  )
)
export type Metadata = typeof Metadata.Type
