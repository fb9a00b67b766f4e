import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { checkRefreshable } from "../../../src/domain/forecast/Forecast.js"
import { forecastId, spotCastId } from "../../support/TestIds.js"

const spotcast = spotCastId(1)
const forecast = forecastId(1)

describe("checkRefreshable", () => {
  it("allows a refresh once the newest forecast has completed or failed, refuses it while it runs", () => {
    for (const status of ["completed", "failed"] as const) {
      assert.isTrue(Either.isRight(checkRefreshable(spotcast, { id: forecast, status })))
    }
    for (const status of ["pending", "processing"] as const) {
      const refused = checkRefreshable(spotcast, { id: forecast, status })
      assert.isTrue(Either.isLeft(refused))
      if (Either.isLeft(refused)) {
        assert.deepStrictEqual([refused.left._tag, refused.left.spotcastId, refused.left.forecastId], [
          "ForecastInProgress",
          spotcast,
          forecast
        ])
      }
    }
  })
})
