import { assert, describe, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { distanceNm, intermediatePoint } from "../../../src/domain/route/GreatCircle.js"
import {
  candidateOffsets,
  MAX_SAMPLE_SPACING_NM,
  planPassage,
  spanDays,
  withinHorizon
} from "../../../src/domain/route/Passage.js"

const HOUR = 3_600_000
const DAY = 86_400_000

const point = fc.record({
  latitude: fc.double({ min: -80, max: 80, noNaN: true }),
  longitude: fc.double({ min: -179.9, max: 179.9, noNaN: true })
})
/** Routes of 2 to 8 waypoints, each leg a few hundred miles at most (as validation allows: ≤ 1,000 nm). */
const route = fc.tuple(point, fc.array(fc.tuple(fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: -4, max: 4, noNaN: true })), { minLength: 1, maxLength: 7 }))
  .map(([start, steps]) => {
    const points = [start]
    for (const [dLat, dLon] of steps) {
      const last = points[points.length - 1]!
      points.push({
        latitude: Math.max(-85, Math.min(85, last.latitude + dLat)),
        longitude: ((last.longitude + dLon + 540) % 360) - 180
      })
    }
    return points
  })

describe("great-circle distances against known values", () => {
  it("one degree of latitude is 60.04 nm; a quarter of the equator 5,403.6 nm", () => {
    assert.closeTo(distanceNm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }), 60.04, 0.01)
    assert.closeTo(distanceNm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 }), 5403.6, 0.2)
  })

  it("LAX to JFK is about 2,145 nm (Williams' Aviation Formulary: 2,144 nm with 1' = 1 nm)", () => {
    assert.closeTo(distanceNm({ latitude: 33.95, longitude: -118.4 }, { latitude: 40.6333, longitude: -73.7833 }), 2145, 3)
  })

  it("intermediate points lie on the great circle (equal halves), and the antimeridian is crossed cleanly", () => {
    const lax = { latitude: 33.95, longitude: -118.4 }
    const jfk = { latitude: 40.6333, longitude: -73.7833 }
    const mid = intermediatePoint(lax, jfk, 0.5)
    const whole = distanceNm(lax, jfk)
    assert.closeTo(distanceNm(lax, mid), whole / 2, 1e-6)
    assert.closeTo(distanceNm(mid, jfk), whole / 2, 1e-6)
    // The great circle bulges poleward of the rhumb line: its middle is north of the mean latitude.
    assert.isAbove(mid.latitude, (lax.latitude + jfk.latitude) / 2)
    const across = intermediatePoint({ latitude: 0, longitude: 179 }, { latitude: 0, longitude: -179 }, 0.5)
    assert.closeTo(Math.abs(across.longitude), 180, 1e-9)
  })
})

describe("sampling along the passage", () => {
  it.prop("consecutive samples are at most 10 nm apart, along the route and on the sphere", [route, fc.double({ min: 0.5, max: 60, noNaN: true })], ([waypoints, speed]) => {
    const passage = planPassage(waypoints, speed)
    const samples = passage.samples
    assert.deepStrictEqual(samples[0]!.position, waypoints[0])
    assert.closeTo(samples[samples.length - 1]!.distanceNm, passage.totalDistanceNm, 1e-6)
    for (let i = 1; i < samples.length; i++) {
      const along = samples[i]!.distanceNm - samples[i - 1]!.distanceNm
      assert.isAtMost(along, MAX_SAMPLE_SPACING_NM + 1e-9)
      assert.isAtMost(distanceNm(samples[i - 1]!.position, samples[i]!.position), MAX_SAMPLE_SPACING_NM + 1e-6)
    }
  })

  it.prop("ETAs are distance ÷ speed, never decreasing, the last one the passage's duration", [route, fc.double({ min: 0.5, max: 60, noNaN: true })], ([waypoints, speed]) => {
    const passage = planPassage(waypoints, speed)
    for (let i = 1; i < passage.samples.length; i++) assert.isAtLeast(passage.samples[i]!.hours, passage.samples[i - 1]!.hours)
    for (const s of passage.samples) assert.closeTo(s.hours, s.distanceNm / speed, 1e-9)
    assert.closeTo(passage.durationHours, passage.totalDistanceNm / speed, 1e-9)
  })

  it.prop("legs add up: each leg's distance is its waypoints' great-circle distance and the total is their sum", [route], ([waypoints]) => {
    const passage = planPassage(waypoints, 5)
    assert.strictEqual(passage.legs.length, waypoints.length - 1)
    let sum = 0
    for (const leg of passage.legs) {
      assert.closeTo(leg.distanceNm, distanceNm(leg.from, leg.to), 1e-9)
      assert.closeTo(leg.startNm, sum, 1e-6)
      sum += leg.distanceNm
    }
    assert.closeTo(passage.totalDistanceNm, sum, 1e-6)
  })

  it("a 25 nm leg is cut into 3 equal parts: samples at 0, 8.33, 16.67 and 25 nm", () => {
    const a = { latitude: 0, longitude: 0 }
    const b = { latitude: 25 / 60.04, longitude: 0 }
    const passage = planPassage([a, b], 5)
    assert.deepStrictEqual(passage.samples.map((s) => Math.round(s.distanceNm * 100) / 100), [0, 8.33, 16.67, 25])
    assert.deepStrictEqual(passage.samples.map((s) => Math.round(s.hours * 1000) / 1000), [0, 1.667, 3.333, 5])
  })
})

describe("departure window, price span and horizon", () => {
  it("candidates every hour up to 24 h, every 3 h above, the window's end included", () => {
    assert.deepStrictEqual(candidateOffsets(0), [0])
    assert.deepStrictEqual(candidateOffsets(3), [0, 1, 2, 3])
    assert.strictEqual(candidateOffsets(24).length, 25)
    assert.deepStrictEqual(candidateOffsets(30), [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30])
    assert.strictEqual(candidateOffsets(72).length, 25)
  })

  it("days spanned count the UTC days from the departure to the last candidate's arrival", () => {
    const passage = planPassage([{ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }], 6) // 10 h
    const morning = Date.UTC(2026, 2, 1, 6)
    assert.strictEqual(spanDays(morning, passage, 0), 1)
    assert.strictEqual(spanDays(Date.UTC(2026, 2, 1, 20), passage, 0), 2)
    assert.strictEqual(spanDays(morning, passage, 72), 4)
  })

  it("the horizon: the last candidate must arrive before the end of today + horizon - 1 days (UTC)", () => {
    const now = Date.UTC(2026, 2, 1, 12)
    const passage = planPassage([{ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }], 6)
    const lastDayEnd = Date.UTC(2026, 2, 1) + 16 * DAY
    assert.isTrue(withinHorizon(now, lastDayEnd - 11 * HOUR, passage, 0, 16))
    assert.isFalse(withinHorizon(now, lastDayEnd - 9 * HOUR, passage, 0, 16))
    assert.isFalse(withinHorizon(now, lastDayEnd - 11 * HOUR, passage, 2, 16))
  })
})
