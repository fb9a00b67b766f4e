import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import { jobFor } from "../../../src/domain/forecast/Job.js"
import { accountId, forecastId } from "../../support/TestIds.js"

describe("jobFor", () => {
  it("a new forecast's job is free at once, unclaimed, with no attempts", () => {
    const forecast = {
      id: forecastId(1),
      accountId: accountId(1),
      createdAt: DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8))
    }
    assert.deepStrictEqual(jobFor(forecast), {
      forecastId: forecast.id,
      accountId: forecast.accountId,
      attempts: 0,
      availableAt: forecast.createdAt
    })
  })
})
