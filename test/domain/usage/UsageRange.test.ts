import { assert, describe, it } from "@effect/vitest"
import { Either } from "effect"
import fc from "fast-check"
import { parseDate, periodOf, periodStarts, resolveRange, type UsageQuery } from "../../../src/domain/usage/UsageRange.js"

const NOW = Date.UTC(2026, 10, 24, 9, 41, 7)

const ok = (query: UsageQuery) => {
  const result = resolveRange(query, NOW)
  if (Either.isLeft(result)) throw new Error(`refused: ${result.left.message}`)
  return result.right
}
const refused = (query: UsageQuery) => {
  const result = resolveRange(query, NOW)
  if (Either.isRight(result)) throw new Error(`accepted ${JSON.stringify(result.right)}`)
  return { code: result.left.code, param: result.left.param, message: result.left.message }
}

describe("resolveRange", () => {
  it("defaults to the last 30 days by day, today (UTC) included", () => {
    const range = ok({})
    assert.deepStrictEqual(range, {
      from: "2026-10-26",
      to: "2026-11-24",
      granularity: "day",
      startMillis: Date.UTC(2026, 9, 26),
      endMillis: Date.UTC(2026, 10, 25)
    })
    assert.strictEqual(periodStarts(range).length, 30)
  })

  it("without from, 30 days end at to; without to, the range ends today", () => {
    assert.include(ok({ to: "2026-03-01" }), { from: "2026-01-31", to: "2026-03-01" })
    assert.include(ok({ from: "2026-11-01" }), { from: "2026-11-01", to: "2026-11-24" })
  })

  it("one day by hour is 24 periods, oldest first, and both ends are included", () => {
    const range = ok({ from: "2026-11-24", to: "2026-11-24", granularity: "hour" })
    const starts = periodStarts(range)
    assert.strictEqual(starts.length, 24)
    assert.strictEqual(starts[0], Date.UTC(2026, 10, 24, 0))
    assert.strictEqual(starts[23], Date.UTC(2026, 10, 24, 23))
  })

  it("allows 366 days by day and 31 by hour, and refuses one more with invalid_date_range", () => {
    assert.strictEqual(periodStarts(ok({ from: "2024-01-01", to: "2024-12-31" })).length, 366)
    assert.strictEqual(periodStarts(ok({ from: "2026-01-01", to: "2026-01-31", granularity: "hour" })).length, 31 * 24)
    assert.deepInclude(refused({ from: "2023-12-31", to: "2024-12-31" }), { code: "invalid_date_range", param: "from" })
    const byHour = refused({ from: "2026-01-01", to: "2026-02-01", granularity: "hour" })
    assert.strictEqual(byHour.code, "invalid_date_range")
    assert.include(byHour.message, "at most 31 days")
    // The default range by hour (30 days) fits.
    assert.strictEqual(periodStarts(ok({ granularity: "hour" })).length, 30 * 24)
  })

  it("from after to is invalid_date_range; a malformed or impossible date is invalid_date_format naming it", () => {
    assert.deepInclude(refused({ from: "2026-11-02", to: "2026-11-01" }), { code: "invalid_date_range", param: "from" })
    assert.deepInclude(refused({ from: "2026-12-01" }), { code: "invalid_date_range" })
    for (const bad of ["2026-02-30", "2026-13-01", "26-11-01", "2026-11-01T00:00:00Z", "", "yesterday", "2026-1-1"]) {
      assert.deepInclude(refused({ from: bad, to: "2026-11-24" }), { code: "invalid_date_format", param: "from" }, bad)
      assert.deepInclude(refused({ to: bad }), { code: "invalid_date_format", param: "to" }, bad)
    }
  })

  it("parseDate accepts exactly the calendar dates", () => {
    fc.assert(fc.property(fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(9999, 11, 31)) }), (d) => {
      const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
      assert.strictEqual(parseDate(new Date(midnight).toISOString().slice(0, 10)), midnight)
    }))
    assert.strictEqual(parseDate("2024-02-29"), Date.UTC(2024, 1, 29))
    assert.isUndefined(parseDate("2025-02-29"))
  })

  it("periodOf cuts UTC days and hours", () => {
    assert.strictEqual(periodOf(NOW, "day"), Date.UTC(2026, 10, 24))
    assert.strictEqual(periodOf(NOW, "hour"), Date.UTC(2026, 10, 24, 9))
  })
})
