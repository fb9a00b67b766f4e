import { assert, describe, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import {
  defaultPreferences,
  type DistanceUnit,
  type Language,
  legacyUnitsFor,
  Preferences,
  resolvePreferences,
  type SpeedUnit
} from "../../../src/domain/spotcast/Preferences.js"

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
const distances: ReadonlyArray<DistanceUnit> = ["nm", "mi", "km"]
const speeds: ReadonlyArray<SpeedUnit> = ["kts", "mph", "ms"]

describe("Preferences: the unit defaults", () => {
  // Written out, not computed: the documented table (docs/api-notes.md#units).
  for (const language of languages) {
    for (const distanceUnits of distances) {
      for (const speedUnits of speeds) {
        const us = language === "en" && (distanceUnits === "mi" || speedUnits === "mph")
        it(`${language} ${distanceUnits} ${speedUnits} → ${us ? "ft °F" : "m °C"}`, () => {
          assert.deepStrictEqual(resolvePreferences({ language, distanceUnits, speedUnits }), {
            language,
            distanceUnits,
            speedUnits,
            heightUnits: us ? "ft" : "m",
            temperatureUnits: us ? "f" : "c"
          })
        })
      }
    }
  }

  it("units a request names are kept, whatever its audience", () => {
    assert.deepStrictEqual(
      resolvePreferences({ language: "en", distanceUnits: "mi", speedUnits: "mph", heightUnits: "m", temperatureUnits: "c" }),
      { language: "en", distanceUnits: "mi", speedUnits: "mph", heightUnits: "m", temperatureUnits: "c" }
    )
    assert.deepStrictEqual(
      resolvePreferences({ language: "fr", distanceUnits: "km", speedUnits: "ms", heightUnits: "ft" }),
      { language: "fr", distanceUnits: "km", speedUnits: "ms", heightUnits: "ft", temperatureUnits: "c" }
    )
    assert.deepStrictEqual(
      resolvePreferences({ language: "ja", distanceUnits: "nm", speedUnits: "kts", temperatureUnits: "f" }),
      { language: "ja", distanceUnits: "nm", speedUnits: "kts", heightUnits: "m", temperatureUnits: "f" }
    )
  })

  it("the contract's defaults resolve to metres and °C", () => {
    assert.deepStrictEqual(defaultPreferences, {
      language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "m", temperatureUnits: "c"
    })
  })

  it("a SpotCast stored before the units existed keeps what it showed: ft unless km, °F iff mi", () => {
    assert.deepStrictEqual(legacyUnitsFor({ distanceUnits: "nm" }), { heightUnits: "ft", temperatureUnits: "c" })
    assert.deepStrictEqual(legacyUnitsFor({ distanceUnits: "mi" }), { heightUnits: "ft", temperatureUnits: "f" })
    assert.deepStrictEqual(legacyUnitsFor({ distanceUnits: "km" }), { heightUnits: "m", temperatureUnits: "c" })
  })

  it("a stored body without the units (a widget or route from before) decodes with the old rule; one with them as stored", () => {
    const decode = Schema.decodeUnknownEither(Preferences)
    assert.deepStrictEqual(decode({ language: "fr", distanceUnits: "nm", speedUnits: "kts" }), Either.right({
      language: "fr", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c"
    }))
    assert.deepStrictEqual(decode({ language: "en", distanceUnits: "mi", speedUnits: "mph" }), Either.right({
      language: "en", distanceUnits: "mi", speedUnits: "mph", heightUnits: "ft", temperatureUnits: "f"
    }))
    const stored = { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "m", temperatureUnits: "f" } as const
    assert.deepStrictEqual(decode(stored), Either.right(stored))
    assert.deepStrictEqual(Schema.encodeSync(Preferences)(stored), stored)
    assert.isTrue(Either.isLeft(decode({ ...stored, heightUnits: "yd" })))
  })
})
