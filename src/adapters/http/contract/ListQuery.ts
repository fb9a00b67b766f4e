import { Schema } from "effect"
import { MAX_PAGE_SIZE } from "../../../domain/paging/Page.js"
import { says } from "./SchemaAnnotations.js"

export const DEFAULT_SPOTCASTS_LIMIT = 20
export const DEFAULT_FORECASTS_LIMIT = 10

/** `limit` and `after` of the paginated lists, as they arrive in the query string. */
export const listQuery = (defaultLimit: number) =>
  Schema.Struct({
    limit: Schema.optional(
      Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, MAX_PAGE_SIZE)).annotations({
        ...says(`limit must be an integer from 1 to ${MAX_PAGE_SIZE}`),
        description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${defaultLimit})`,
        jsonSchema: {
          type: "integer",
          minimum: 1,
          maximum: MAX_PAGE_SIZE,
          default: defaultLimit,
          description: `Page size, 1 to ${MAX_PAGE_SIZE} (default ${defaultLimit})`
        }
      })
    ),
    after: Schema.optional(
      Schema.String.annotations({ description: "The next_cursor of the previous page" })
    )
  })

export const ListSpotCastsQuery = listQuery(DEFAULT_SPOTCASTS_LIMIT)
export const ListForecastsQuery = listQuery(DEFAULT_FORECASTS_LIMIT)
export const DEFAULT_WIDGETS_LIMIT = 20
export const ListWidgetsQuery = listQuery(DEFAULT_WIDGETS_LIMIT)
