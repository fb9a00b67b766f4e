import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { fetchLimitedWaves, windStressFactor } from "../../../src/domain/geography/FetchLimitedWaves.js"

const KT = 1 / 0.514444 // knots in 1 m/s

describe("fetch-limited waves (Shore Protection Manual 1984, eqs. 3-28a and 3-33 to 3-38)", () => {
  it("the wind-stress factor: U_A = 0.71 U^1.23 (a 10 m/s wind is 12.0 m/s of stress factor)", () => {
    assert.approximately(windStressFactor(10), 12.05, 0.01)
    assert.approximately(windStressFactor(20), 28.29, 0.01)
  })

  it("worked example: U_A = 25 m/s over 100 km for long enough: Hm0 4.0 m, Tm 8.5 s, 6.6 h to grow", () => {
    // U_A = 25 m/s is a wind of U = (25 / 0.71)^(1/1.23) = 18.1 m/s.
    const u = Math.pow(25 / 0.71, 1 / 1.23)
    assert.approximately(windStressFactor(u), 25, 1e-9)
    // gF/U_A² = 9.80665 · 100,000 / 625 = 1,569; Hm0 = 1.6e-3 · 39.6 · 625 / 9.807 = 4.04 m;
    // Tm = 0.2857 · 11.62 · 25 / 9.807 = 8.46 s; t = 68.8 · 135.0 · 25 / 9.807 s = 6.58 h.
    const e = fetchLimitedWaves(u * KT, 100, 24)
    assert.strictEqual(e.limitedBy, "fetch")
    assert.approximately(e.heightM, 4.04, 0.01)
    assert.approximately(e.periodS, 8.46, 0.01)
    // After only 3 hours it is duration-limited: the fetch crossed is (g t / U_A / 68.8)^1.5 · U_A² / g.
    const young = fetchLimitedWaves(u * KT, 100, 3)
    assert.strictEqual(young.limitedBy, "duration")
    assert.isBelow(young.heightM, e.heightM)
    // ... and at 6.58 h the two limits meet.
    assert.approximately(fetchLimitedWaves(u * KT, 100, 6.58).heightM, 4.04, 0.01)
  })

  it("worked example: U_A = 15 m/s over 200 km: 3.4 m once it has blown 12.4 h, 2.9 m after 10 h", () => {
    const u = Math.pow(15 / 0.71, 1 / 1.23)
    // gF/U_A² = 8,717; Hm0 = 1.6e-3 · 93.4 · 225 / 9.807 = 3.43 m; t = 68.8 · 423.5 · 15 / 9.807 s = 12.4 h,
    // so 10 h is duration-limited: F_eff = (9.807 · 36,000 / 15 / 68.8)^1.5 = 6,328 → Hm0 = 2.92 m.
    const long = fetchLimitedWaves(u * KT, 200, 48)
    assert.approximately(long.heightM, 3.43, 0.01)
    const tenHours = fetchLimitedWaves(u * KT, 200, 10)
    assert.strictEqual(tenHours.limitedBy, "duration")
    assert.approximately(tenHours.heightM, 2.92, 0.01)
  })

  it("fully developed: g Hm0 / U_A² = 0.2433 and g Tm / U_A = 8.134 whatever the fetch beyond it", () => {
    const u = Math.pow(15 / 0.71, 1 / 1.23)
    const e = fetchLimitedWaves(u * KT, 2000, 1000)
    assert.strictEqual(e.limitedBy, "fully developed")
    assert.approximately(e.heightM, (0.2433 * 225) / 9.80665, 0.01)
    assert.approximately(e.periodS, (8.134 * 15) / 9.80665, 0.01)
  })

  it("grows with wind, fetch and duration; no wind, fetch or time is a flat sea", () => {
    assert.strictEqual(fetchLimitedWaves(0, 100, 10).heightM, 0)
    assert.strictEqual(fetchLimitedWaves(20, 0, 10).heightM, 0)
    assert.strictEqual(fetchLimitedWaves(20, 100, 0).heightM, 0)
    const arb = fc.tuple(fc.double({ min: 1, max: 60, noNaN: true }), fc.double({ min: 0.5, max: 1000, noNaN: true }), fc.double({ min: 0.5, max: 72, noNaN: true }))
    fc.assert(fc.property(arb, fc.double({ min: 1, max: 2, noNaN: true }), ([wind, fetch, hours], k) => {
      const base = fetchLimitedWaves(wind, fetch, hours).heightM
      assert.isAtLeast(fetchLimitedWaves(wind * k, fetch, hours).heightM, base)
      assert.isAtLeast(fetchLimitedWaves(wind, fetch * k, hours).heightM, base)
      assert.isAtLeast(fetchLimitedWaves(wind, fetch, hours * k).heightM, base)
    }))
  })
})
