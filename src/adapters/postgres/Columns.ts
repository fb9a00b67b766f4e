import { Schema } from "effect"

/** A `timestamptz` column: pg reads it as a `Date` and writes a `Date` back. */
export const Timestamp = Schema.DateTimeUtcFromDate

/** A nullable `timestamptz` column. */
export const OptionalTimestamp = Schema.NullOr(Timestamp)

/** A `bigint` column of credits: pg reads it as a string. */
export const Credits = Schema.NumberFromString.pipe(Schema.int())
