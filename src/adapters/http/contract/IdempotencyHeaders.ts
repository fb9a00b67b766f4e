import { Schema } from "effect"
import { says } from "./SchemaAnnotations.js"

/** The optional `Idempotency-Key` of the charging requests (create and refresh). */
export const IdempotencyHeaders = Schema.Struct({
  "idempotency-key": Schema.optional(
    Schema.String.pipe(Schema.minLength(1), Schema.maxLength(255)).annotations({
      ...says("Idempotency-Key must be 1 to 255 characters"),
      description: "Retry-safe key (1-255 characters): the same key and body within 24 hours replays the first answer"
    })
  )
})
