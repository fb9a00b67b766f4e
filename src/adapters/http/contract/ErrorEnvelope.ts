import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"

/**
 * A two-way schema between the contract's envelope `{"error": {"code", "message", "param"?, ...}}` and
 * an error class, answered with `status` (docs/decisions.md, Errors). HttpApi encodes a failure with it,
 * the typed client decodes the response back into the class, and OpenAPI documents the envelope.
 * Given the envelope's fields, it takes `toWire` and `fromWire`, which see those fields decoded.
 */
export const errorEnvelope = <Self, const Fields extends Schema.Struct.Fields>(
  cls: Schema.Schema<Self, any, never>,
  status: number,
  description: string,
  fields: Fields
) =>
(
  toWire: (error: Self) => Schema.Struct.Type<Fields>,
  fromWire: (wire: Schema.Struct.Type<Fields>) => Self
) =>
  Schema.transform(Schema.Struct({ error: Schema.Struct(fields) }), Schema.typeSchema(cls), {
    strict: true,
    decode: (wire) => fromWire(wire.error as Schema.Struct.Type<Fields>),
    encode: (error) => ({ error: toWire(error) })
  }).annotations(HttpApiSchema.annotations({ status, description }))

/** An error with no fields, which always says the same. */
export const fixedError = <Self, const Code extends string>(
  cls: Schema.Schema<Self, any, never> & (new(props: {}) => Self),
  status: number,
  description: string,
  code: Code,
  message: string
) =>
  errorEnvelope(cls, status, description, { code: Schema.Literal(code), message: Schema.String })(
    () => ({ code, message }),
    () => new cls({})
  )

export const code = <const C extends string>(c: C) => Schema.Literal(c)

export const param = Schema.optional(Schema.String)

/**
 * A message that names one id, `before + id + after`: one template both writes the message and reads
 * the id back, so the typed client's error carries the id the server put in it. Documented as a string.
 */
export const messageNaming = (before: string, after: string) =>
  Schema.transform(Schema.TemplateLiteralParser(before, Schema.String, after), Schema.String, {
    strict: true,
    decode: ([, id]) => id,
    encode: (id) => [before, id, after] as const
  }).annotations({ jsonSchema: { type: "string" } })

/** A 404 whose message names the id that was not found and whose `param` names its path parameter. */
export const notFound = <Self, const Code extends string>(
  cls: Schema.Schema<Self, any, never>,
  description: string,
  wire: {
    readonly code: Code
    readonly param: string
    /** The message is `before + id + after`. */
    readonly message: readonly [before: string, after: string]
    readonly id: (error: Self) => string
    readonly make: (id: string) => Self
  }
) =>
  errorEnvelope(cls, 404, description, {
    code: Schema.Literal(wire.code),
    message: messageNaming(...wire.message),
    param
  })(
    (error) => ({ code: wire.code, message: wire.id(error), param: wire.param }),
    (answer) => wire.make(answer.message)
  )
