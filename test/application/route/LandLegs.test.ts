import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect, Either, Layer } from "effect"
import fc from "fast-check"
import { waterMap } from "../../../src/adapters/geography/NaturalEarthGeography.js"
import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import { checkRoute } from "../../../src/application/route/CreateRoute.js"
import { surfaceAt } from "../../../src/domain/geography/Water.js"
import { intermediatePoint, distanceNm } from "../../../src/domain/route/GreatCircle.js"
import type { Coordinates } from "../../../src/domain/spotcast/Coordinates.js"
import { seaPoint } from "../../support/Globe.js"
import * as TestSettings from "../../support/TestSettings.js"

const layer = Layer.mergeAll(NaturalEarthGeography.layer, TestSettings.layer())
const DAY = 86_400_000

const check = (waypoints: ReadonlyArray<Coordinates>) =>
  Effect.either(checkRoute({ waypoints: [...waypoints], speedKts: 30, departure: DateTime.unsafeMake(DAY), departureWindowHours: 0 })).pipe(
    Effect.provide(layer)
  )

/** How far inland the leg reaches, km (0 at sea), walked every 500 m: the test's own measure, finer than the check's. */
const deepestInlandKm = (from: Coordinates, to: Coordinates): number => {
  const parts = Math.ceil((distanceNm(from, to) * 1.852) / 0.5)
  let deepest = 0
  for (let k = 1; k < parts; k++) {
    const p = intermediatePoint(from, to, k / parts)
    const s = surfaceAt(waterMap(), p.latitude, p.longitude)
    if (s.kind === "land") deepest = Math.max(deepest, s.shoreDistanceKm)
  }
  return deepest
}

describe("a route leg over land is refused, naming the leg", () => {
  it.effect("across England: 400 invalid_waypoints on the leg, nothing about it accepted", () =>
    Effect.gen(function*() {
      const result = yield* check([{ latitude: 53.3, longitude: 1.5 }, { latitude: 53.6, longitude: -3.6 }])
      if (Either.isRight(result)) return assert.fail("the leg across England was accepted")
      const error = result.left as unknown as { code: string; param: string; message: string }
      assert.strictEqual(error.code, "invalid_waypoints")
      assert.strictEqual(error.param, "waypoints.1")
      assert.include(error.message, "The leg from waypoint 0 to waypoint 1 crosses land")
    }))

  it.effect("down the Channel and around a cape: accepted", () =>
    Effect.gen(function*() {
      const result = yield* check([{ latitude: 50.6, longitude: 0.5 }, { latitude: 50.0, longitude: -2.0 }, { latitude: 49.8, longitude: -5.2 }, { latitude: 50.4, longitude: -6.5 }])
      assert.isTrue(Either.isRight(result), JSON.stringify(result))
    }))

  it.effect("property: a leg reaching more than 12.5 km inland is refused, one staying within 10 km of water is not", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          seaPoint,
          fc.double({ min: -3, max: 3, noNaN: true }),
          fc.double({ min: -3, max: 3, noNaN: true }),
          async (from, dLat, dLon) => {
            const to = { latitude: Math.max(-84, Math.min(84, from.latitude + dLat)), longitude: Math.max(-180, Math.min(180, from.longitude + dLon)) }
            if (surfaceAt(waterMap(), to.latitude, to.longitude).kind === "land") return
            const deepest = deepestInlandKm(from, to)
            const result = await Effect.runPromise(check([from, to]))
            // Run outside the test clock: the departure is then past, a later check; only the legs' matter here.
            const refused = Either.isLeft(result) && (result.left as unknown as { code: string }).code === "invalid_waypoints"
            if (deepest > 12.5) assert.isTrue(refused, `${JSON.stringify([from, to])} reaches ${deepest.toFixed(1)} km inland`)
            if (deepest <= 10) assert.isFalse(refused, `${JSON.stringify([from, to])}: ${JSON.stringify(result)}`)
          }
        ),
        { numRuns: 25 }
      )
    ))
})
