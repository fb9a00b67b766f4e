import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import { checkRefreshable } from "../../../src/domain/forecast/Forecast.js"
import type { ForecastId, SpotCastId } from "../../../src/domain/Ids.js"

const spotcastId = "spc_0000000000000000000001" as SpotCastId
const forecastId = "fcst_0000000000000000000001" as ForecastId

describe("checkRefreshable", () => {
  it("allows a refresh once the newest forecast has completed or failed, refuses it while it runs", () => {
    for (const status of ["completed", "failed"] as const) {
      assert.isTrue(Either.isRight(checkRefreshable(spotcastId, { id: forecastId, status })))
    }
    for (const status of ["pending", "processing"] as const) {
      const refused = checkRefreshable(spotcastId, { id: forecastId, status })
      assert.isTrue(Either.isLeft(refused))
      if (Either.isLeft(refused)) {
        assert.deepStrictEqual([refused.left._tag, refused.left.spotcastId, refused.left.forecastId], [
          "ForecastInProgress",
          spotcastId,
          forecastId
        ])
      }
    }
  })
})
