import { DateTime, Schema } from "effect"

/** An ISO 8601 UTC timestamp with `Z`, millisecond precision, as every response writes it. */
export const Timestamp = Schema.String.annotations({
  description: "ISO 8601 UTC timestamp",
  examples: ["2026-11-22T06:00:00.000Z"]
})

export const timestamp = (t: DateTime.Utc): string => DateTime.formatIso(t)

export const CoordinatesBody = Schema.Struct({
  latitude: Schema.Finite.annotations({ description: "-90 to 90" }),
  longitude: Schema.Finite.annotations({ description: "-180 to 180" })
}).annotations({ identifier: "Coordinates" })

/** Stages beyond the documented table may appear (the contract asks clients to tolerate them). */
export const ProgressBody = Schema.Struct({
  stage: Schema.String.annotations({
    description: "pending, fetching_weather, processing_data, ai_analysis or completed; tolerate others",
    examples: ["fetching_weather"]
  }),
  percentage: Schema.Int.annotations({ description: "0 to 100" })
}).annotations({ identifier: "Progress" })

export const ForecastStatusBody = Schema.Literal("pending", "processing", "completed", "failed")

/** The list envelope: `next_cursor` is the `after` of the next page, null on the last page. */
export const listOf = <S extends Schema.Schema.Any>(item: S) => ({
  data: Schema.Array(item),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String)
})

/** A page in the list envelope, each item written by `item`. */
export const listBody = <A, B>(
  page: { readonly data: ReadonlyArray<A>; readonly hasMore: boolean; readonly nextCursor: string | null },
  item: (a: A) => B
) => ({ data: page.data.map(item), has_more: page.hasMore, next_cursor: page.nextCursor })
