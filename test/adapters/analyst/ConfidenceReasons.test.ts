import { assert, describe, it } from "@effect/vitest"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import { packFor } from "../../../src/adapters/analyst/i18n/Packs.js"
import { confidenceText } from "../../../src/adapters/analyst/ModelWords.js"
import { quotedNumbers, type QuotedUnit } from "../../../src/domain/analysis/QuotedNumbers.js"
import { displayUnits } from "../../../src/domain/forecast/DisplayUnits.js"
import { type ConfidenceBasis, englishReason } from "../../../src/domain/forecast/ModelConfidence.js"
import type { Language, Preferences } from "../../../src/domain/spotcast/Preferences.js"

/**
 * `confidence[].reason` in every language and unit set, for every kind of basis: one model, models that
 * agree (close or far apart, with a model missing), and models that disagree (held back, several, one,
 * the main forecast). Model names are data and stay as given; everything else is the language's.
 */

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
const unitSets: ReadonlyArray<Pick<Preferences, "distanceUnits" | "speedUnits">> = [
  { distanceUnits: "nm", speedUnits: "kts" },
  { distanceUnits: "km", speedUnits: "ms" },
  { distanceUnits: "mi", speedUnits: "mph" }
]
const models = ["ecmwf_ifs025", "gfs_seamless", "icon_seamless"] as const
const [ecmwf, gfs, icon] = models

const bases: ReadonlyArray<ConfidenceBasis> = [
  { _tag: "OneModel", model: ecmwf, missing: [] },
  { _tag: "OneModel", model: ecmwf, missing: [gfs, icon] },
  { _tag: "Agree", count: 3, rated: "CAUTION", far: false, windKt: 2.1, gustKt: 3, seasFt: 0, missing: [] },
  { _tag: "Agree", count: 2, rated: "AVOID", far: true, windKt: 6.2, gustKt: 9.1, seasFt: 2.4, missing: [icon] },
  {
    _tag: "Disagree",
    missing: [],
    disagreement: {
      models: [[ecmwf, "CAUTION"], [gfs, "AVOID"], [icon, "GO"]],
      rated: "CAUTION",
      quoted: ecmwf,
      heldBack: { model: gfs, classification: "AVOID" },
      reading: { model: gfs, factor: "gust", value: 41.9, othersLo: 25.3, othersHi: 26 }
    }
  },
  {
    _tag: "Disagree",
    missing: [],
    disagreement: { models: [[ecmwf, "GO"], [gfs, "CAUTION"], [icon, "CAUTION"]], rated: "CAUTION", quoted: gfs, reading: { model: gfs, factor: "seas", value: 6.5, othersLo: 3.1, othersHi: 3.4 } }
  },
  {
    _tag: "Disagree",
    missing: [icon],
    disagreement: { models: [[ecmwf, "GO"], [gfs, "CAUTION"]], rated: "CAUTION", quoted: gfs, reading: { model: gfs, factor: "visibility", value: 0.8, othersLo: 6, othersHi: 6 } }
  },
  {
    _tag: "Disagree",
    missing: [],
    disagreement: { models: [[ecmwf, "CAUTION"], [gfs, "GO"]], rated: "CAUTION", quoted: ecmwf, reading: { model: ecmwf, factor: "precipitation", value: 7.5, othersLo: 1.2, othersHi: 1.2 } }
  }
]

const withoutNames = (text: string) => models.reduce((t, m) => t.replaceAll(m, " "), text)
const words = (text: string) => withoutNames(text).toLowerCase().match(/\p{L}+/gu) ?? []

const englishWords = new Set([
  ...bases.flatMap((b) => unitSets.flatMap((u) => words(confidenceText(b, resolvePreferences({ language: "en", ...u }))))),
  ...bases.flatMap((b) => words(englishReason(b))),
  "go", "caution", "avoid"
])
/** Unit symbols every language writes as they are, and words shared with English. */
const shared: Record<Exclude<Language, "en">, ReadonlyArray<string>> = {
  es: ["mph", "m", "s", "km", "mm", "h", "a", "no", "de"],
  fr: ["mph", "m", "s", "km", "mm", "h", "a", "miles"],
  pt: ["mph", "m", "s", "km", "mm", "h", "a", "as", "de"],
  it: ["mph", "m", "s", "km", "mm", "h", "a", "in"],
  ja: ["mph", "m", "s", "km", "mm", "h"]
}

const allowedUnits = (p: Preferences): ReadonlyArray<QuotedUnit> => {
  const u = displayUnits(p)
  return [u.speed, u.distance, u.height, u.precipitation_rate === "in/h" ? "inh" : "mmh"]
}

const ratedOf = (b: ConfidenceBasis) => (b._tag === "Agree" ? b.rated : b._tag === "Disagree" ? b.disagreement.rated : undefined)

describe("confidence reasons", () => {
  for (const language of languages) {
    it(`in ${language}, every basis and unit set: the language's words and class words, the requested units`, () => {
      for (const units of unitSets) {
        const preferences: Preferences = resolvePreferences({ language, ...units })
        for (const basis of bases) {
          const reason = confidenceText(basis, preferences)
          const label = `${language} ${units.distanceUnits}/${units.speedUnits} ${basis._tag}: "${reason}"`
          if (language !== "en") {
            const english = words(reason).filter((w) => englishWords.has(w) && !shared[language].includes(w))
            assert.deepStrictEqual(english, [], label)
            assert.notMatch(withoutNames(reason), /\b(?:GO|CAUTION|AVOID)\b/, label)
          }
          const rated = ratedOf(basis)
          if (rated !== undefined) assert.include(reason, packFor(language).classWord[rated], label)
          for (const missing of basis.missing) assert.include(reason, missing, label)
          for (const q of quotedNumbers(withoutNames(reason), language)) {
            if (q._tag === "Number" && q.unit !== undefined) assert.include(allowedUnits(preferences), q.unit, `${label}: "${q.text}"`)
          }
        }
      }
    })
  }

  it("the figures are converted: a 41.9 kt gust is 21.6 m/s, 48.2 mph", () => {
    const held = bases[4]!
    assert.include(confidenceText(held, resolvePreferences({ language: "fr", distanceUnits: "km", speedUnits: "ms" })), "21,6 m/s")
    assert.include(confidenceText(held, resolvePreferences({ language: "it", distanceUnits: "mi", speedUnits: "mph" })), "48,2 mph")
    assert.include(confidenceText(held, resolvePreferences({ language: "ja", distanceUnits: "nm", speedUnits: "kts" })), "41.9ノット")
  })
})
