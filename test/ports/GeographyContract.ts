import { assert, describe, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { isMarine, MAX_FETCH_KM, MAX_SHORE_DISTANCE_KM } from "../../src/domain/geography/Water.js"
import { Geography } from "../../src/ports/Geography.js"
import { LAND, WATER, WRONG_SIGN } from "../support/Places.js"

const surfaceOf = (latitude: number, longitude: number) =>
  Effect.flatMap(Geography, (g) => g.surfaceAt({ latitude, longitude }))

/** What every Geography adapter answers for real places (test/support/Places.ts gives their sources). */
export const geographyContract = (name: string, layer: Layer.Layer<Geography>) =>
  describe(`Geography: ${name}`, () => {
    it.effect("sea, coasts, harbours and large lakes are marine", () =>
      Effect.gen(function*() {
        for (const p of WATER) {
          const s = yield* surfaceOf(p.latitude, p.longitude)
          assert.isTrue(isMarine(s), `${p.name} (${p.source}): ${JSON.stringify(s)}`)
          assert.isAtMost(s.shoreDistanceKm, MAX_SHORE_DISTANCE_KM)
        }
      }).pipe(Effect.provide(layer)), 60_000)

    it.effect("inland cities and deserts are land, farther than the shore distance from any water", () =>
      Effect.gen(function*() {
        for (const p of [...LAND, ...WRONG_SIGN]) {
          const s = yield* surfaceOf(p.latitude, p.longitude)
          assert.strictEqual(s.kind, "land", p.name)
          assert.isFalse(isMarine(s), `${p.name} (${p.source}): ${JSON.stringify(s)}`)
        }
      }).pipe(Effect.provide(layer)), 60_000)

    it.effect("the lakes are lakes and the open sea is sea", () =>
      Effect.gen(function*() {
        assert.strictEqual((yield* surfaceOf(43.6, -77.8)).kind, "lake")
        assert.strictEqual((yield* surfaceOf(47.7, -87.5)).kind, "lake")
        assert.strictEqual((yield* surfaceOf(41.13, -71.71)).kind, "sea")
        assert.strictEqual((yield* surfaceOf(0, -140)).kind, "sea")
      }).pipe(Effect.provide(layer)), 60_000)

    it.effect("the fetch on Lake Ontario is the lake's length one way and a few km the other", () =>
      Effect.gen(function*() {
        const g = yield* Geography
        // Off Toronto: the lake opens to the east (some 250 km to Kingston), the city is just north.
        const east = yield* g.fetchKm({ latitude: 43.62, longitude: -79.38 }, 90)
        const north = yield* g.fetchKm({ latitude: 43.62, longitude: -79.38 }, 0)
        assert.isAbove(east, 200)
        assert.isBelow(east, 320)
        assert.isBelow(north, 10)
        // The open Pacific: as far as it is measured.
        assert.strictEqual(yield* g.fetchKm({ latitude: 0, longitude: -140 }, 270), MAX_FETCH_KM)
      }).pipe(Effect.provide(layer)), 60_000)

    it.effect("time zones are the position's own, DST included", () =>
      Effect.gen(function*() {
        const g = yield* Geography
        const marseille = { latitude: 43.2951, longitude: 5.37 }
        const sydney = { latitude: -33.8568, longitude: 151.2153 }
        assert.deepStrictEqual(yield* g.zoneAt(marseille, Date.UTC(2026, 0, 15, 12)), { timezone: "Europe/Paris", utcOffsetSeconds: 3600 })
        assert.deepStrictEqual(yield* g.zoneAt(marseille, Date.UTC(2026, 6, 15, 12)), { timezone: "Europe/Paris", utcOffsetSeconds: 7200 })
        assert.deepStrictEqual(yield* g.zoneAt(sydney, Date.UTC(2026, 0, 15, 12)), { timezone: "Australia/Sydney", utcOffsetSeconds: 39600 })
        assert.deepStrictEqual(yield* g.zoneAt(sydney, Date.UTC(2026, 6, 15, 12)), { timezone: "Australia/Sydney", utcOffsetSeconds: 36000 })
        assert.strictEqual((yield* g.zoneAt({ latitude: 27.7, longitude: 85.3 }, Date.UTC(2026, 0, 15))).utcOffsetSeconds, 20700)
      }).pipe(Effect.provide(layer)), 60_000)
  })
