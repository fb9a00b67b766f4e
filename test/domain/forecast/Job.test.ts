import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import { jobFor } from "../../../src/domain/forecast/Job.js"
import type { AccountId, ForecastId } from "../../../src/domain/Ids.js"

describe("jobFor", () => {
  it("a new forecast's job is free at once, unclaimed, with no attempts", () => {
    const forecast = {
      id: "fcst_0000000000000000000001" as ForecastId,
      accountId: "acct_0000000000000000000001" as AccountId,
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
