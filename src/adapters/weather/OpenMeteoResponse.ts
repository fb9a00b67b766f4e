import { Option, Schema } from "effect"

const LOCAL_HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}:00$/

const Values = Schema.Array(Schema.NullOr(Schema.Finite))

/**
 * The hourly part of a Forecast or Marine API answer (`timeformat=iso8601`). Variables the model lacks
 * come with unit `"undefined"` and all-null values; every array is as long as `time`.
 */
const Hourly = Schema.Struct(
  { time: Schema.Array(Schema.String.pipe(Schema.pattern(LOCAL_HOUR))) },
  Schema.Record({ key: Schema.String, value: Schema.Union(Schema.Array(Schema.String), Values) })
).pipe(
  Schema.filter((hourly) => {
    for (const [name, values] of Object.entries(hourly)) {
      if (values.length !== hourly.time.length) return `hourly.${name} has ${values.length} values for ${hourly.time.length} hours`
    }
    return true
  })
)

export const OpenMeteoBody = Schema.Struct({
  latitude: Schema.Finite,
  longitude: Schema.Finite,
  utc_offset_seconds: Schema.Int,
  timezone: Schema.String,
  hourly_units: Schema.Record({ key: Schema.String, value: Schema.String }),
  hourly: Hourly
})
export type OpenMeteoBody = typeof OpenMeteoBody.Type

export const decodeBody = Schema.decodeUnknownEither(Schema.parseJson(OpenMeteoBody))

/** `{"error": true, "reason": "..."}`, as every Open-Meteo error status answers. */
const ErrorBody = Schema.parseJson(Schema.Struct({ error: Schema.Literal(true), reason: Schema.String }))

export const errorReason = (text: string): string | undefined =>
  Option.getOrUndefined(Option.map(Schema.decodeUnknownOption(ErrorBody)(text), (body) => body.reason))

/** The numeric series of `name`, or undefined when absent (a string array is not a reading). */
export const valuesOf = (body: OpenMeteoBody, name: string): ReadonlyArray<number | null> | undefined => {
  if (name === "time") return undefined
  const values = body.hourly[name]
  if (values === undefined) return undefined
  return values.every((v) => v === null || typeof v === "number") ? (values as ReadonlyArray<number | null>) : undefined
}
