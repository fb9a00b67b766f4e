import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { packCells, unpackCells } from "../../../src/domain/route/PackedCells.js"
import type { RouteCells } from "../../../src/domain/route/RouteLookup.js"

const reading = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null))
const hour = fc.record(
  { wind_speed_kt: reading, wave_height_ft: reading, cape_j_per_kg: reading, waves_estimated: fc.constant(true as const) },
  { requiredKeys: ["wind_speed_kt", "wave_height_ft"] }
)
const cells: fc.Arbitrary<RouteCells> = fc.array(
  fc.tuple(
    fc.string(),
    fc.integer({ min: -12 * 4, max: 14 * 4 }).map((q) => q * 900),
    fc.option(fc.constantFrom("Europe/Paris", "Etc/GMT+11"), { nil: undefined }),
    fc.integer({ min: 0, max: 400 * 24 }),
    fc.array(hour, { maxLength: 30 })
  ).map(([key, offset, timezone, firstHour, hours]) => [key, {
    source: "simulated",
    utcOffsetSeconds: offset,
    ...(timezone === undefined ? {} : { timezone }),
    hours: hours.map((h, i) => ({ time: new Date(Date.UTC(2026, 11, 1) + (firstHour + i) * 3_600_000).toISOString().slice(0, 16), ...h }))
  }] as const),
  { maxLength: 5 }
) as unknown as fc.Arbitrary<RouteCells>

describe("a route's cells packed for a compute thread", () => {
  it("come out as they went in: every hour, reading, null and absence (and in a structured clone)", () =>
    fc.assert(
      fc.property(cells, (given) => {
        assert.deepStrictEqual(unpackCells(packCells(given)), given)
        assert.deepStrictEqual(unpackCells(structuredClone(packCells(given))), given)
      }),
      { numRuns: 100 }
    ))
})
