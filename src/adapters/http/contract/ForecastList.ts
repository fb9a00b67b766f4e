import { Schema } from "effect"
import type { Forecast } from "../../../domain/forecast/Forecast.js"
import { ForecastListItem, forecastListItem } from "./ForecastResource.js"
import { listBody, listOf } from "./Wire.js"

/** GET /v3/spotcast/{id}/forecasts: newest first, keyset-paginated like the SpotCast list. */
export const ForecastList = Schema.Struct({
  spotcast_id: Schema.String,
  ...listOf(ForecastListItem)
}).annotations({ identifier: "ForecastList" })
export type ForecastList = typeof ForecastList.Type

export const forecastList = (page: {
  readonly spotcastId: string
  readonly data: ReadonlyArray<Forecast>
  readonly hasMore: boolean
  readonly nextCursor: string | null
}): ForecastList => ({
  spotcast_id: page.spotcastId,
  ...listBody(page, forecastListItem)
})
