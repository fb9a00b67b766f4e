import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { localTime, localTimeOf, offsetText, wallClockOf } from "../../../src/domain/forecast/LocalTimes.js"

const providerTime = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 16))
const offset = fc.integer({ min: -14 * 3600, max: 14 * 3600 })

describe("LocalTimes", () => {
  it("writes an hour's time with its offset", () => {
    assert.strictEqual(localTimeOf("2026-07-01T03:00", 7200), "2026-07-01T03:00:00+02:00")
    assert.strictEqual(localTimeOf("2026-01-05T23:00", -16200), "2026-01-05T23:00:00-04:30")
    assert.strictEqual(offsetText(0), "+00:00")
  })

  it("the kept texts are the ones written afresh, for any time and offset, however many (the caches are invisible)", () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(providerTime, offset), { minLength: 3000, maxLength: 5000 }), (pairs) => {
        for (const [time, off] of [...pairs, ...pairs, ...pairs]) {
          assert.strictEqual(localTimeOf(time, off), localTime(wallClockOf(time), off))
          assert.strictEqual(offsetText(off), `${off < 0 ? "-" : "+"}${String(Math.floor(Math.round(Math.abs(off) / 60) / 60)).padStart(2, "0")}:${String(Math.round(Math.abs(off) / 60) % 60).padStart(2, "0")}`)
        }
      }),
      { numRuns: 4 }
    ))

  it("a time that is not one throws as before, and leaves nothing kept", () => {
    assert.throws(() => localTimeOf("2026-13-01T00:00", 0))
    assert.throws(() => localTimeOf("2026-13-01T00:00", 0))
  })
})
