import { assert, describe, it } from "@effect/vitest"
import { DateTime, Duration, FastCheck } from "effect"
import { nextAfterAttempt } from "../../../src/domain/webhook/WebhookRetry.js"

const start = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 0, 0))
const end = DateTime.unsafeMake(Date.UTC(2026, 2, 1, 8, 0, 3))
const minutesAfterStart = (at: DateTime.Utc) => (DateTime.toEpochMillis(at) - DateTime.toEpochMillis(start)) / 60_000

describe("nextAfterAttempt", () => {
  it("waits 5 min, 30 min, 2 h, 24 h from the start of each failed attempt, then gives up after the fifth", () => {
    const next = [1, 2, 3, 4, 5].map((n) => nextAfterAttempt(n, false, start, end))
    assert.deepStrictEqual(next.map((s) => (s._tag === "Retry" ? minutesAfterStart(s.at) : s._tag)), [5, 30, 120, 1440, "Failed"])
  })

  it.prop("a 2xx is delivered at the time the answer came, whatever the attempt", [FastCheck.integer({ min: 1, max: 5 })], ([n]) => {
    const next = nextAfterAttempt(n, true, start, end)
    assert.strictEqual(next._tag, "Delivered")
    assert.isTrue(next._tag === "Delivered" && DateTime.Equivalence(next.at, end))
  })

  it.prop("attempts beyond the fifth never retry", [FastCheck.integer({ min: 5, max: 1000 })], ([n]) => {
    assert.strictEqual(nextAfterAttempt(n, false, start, end)._tag, "Failed")
  })

  it("the waits add up to the contract's times after the event: 5 min, 35 min, 2 h 35 min, 26 h 35 min", () => {
    let at = start
    const times: Array<number> = [0]
    for (let n = 1; n <= 4; n++) {
      const next = nextAfterAttempt(n, false, at, at)
      if (next._tag !== "Retry") return assert.fail(`attempt ${n} should be retried`)
      at = next.at
      times.push(minutesAfterStart(at))
    }
    assert.deepStrictEqual(times, [0, 5, 35, 155, Duration.toMinutes(Duration.sum(Duration.hours(26), Duration.minutes(35)))])
  })
})
