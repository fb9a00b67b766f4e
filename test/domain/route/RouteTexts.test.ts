import { assert, describe, it } from "@effect/vitest"
import { resolvePreferences } from "../../../src/domain/spotcast/Preferences.js"
import { quotedNumbers, type QuotedUnit } from "../../../src/domain/analysis/QuotedNumbers.js"
import { converterFor, displayUnits } from "../../../src/domain/forecast/DisplayUnits.js"
import { clockText, wallClockAt, zoneText } from "../../../src/domain/forecast/LocalClock.js"
import { classWordOf } from "../../../src/domain/route/RouteText.js"
import type { Language, Preferences } from "../../../src/domain/spotcast/Preferences.js"
import { packFor } from "../../../src/adapters/analyst/i18n/Packs.js"
import { Either } from "effect"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import type { WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import { analysisOf, fixtures, languages, routeOf, textsOf, unitSets } from "./RouteFixtures.js"

/**
 * Every route text in every language and unit set, over the route fixtures: localized words and class
 * words, local times with the zone named once, every number in the requested units.
 */

const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? []

/** English words of the route texts: every word the English texts of the fixtures use, plus the class codes. */
const englishWords = new Set([
  ...fixtures.flatMap((f) => unitSets.flatMap((u) => textsOf(analysisOf(f, resolvePreferences({ language: "en", ...u }))).flatMap(words))),
  "go", "caution", "avoid", "utc", "kt", "kts", "knots", "nm", "ft", "feet", "seas", "swell", "leg", "legs", "departure", "arrival", "local", "time"
])
/** Unit symbols every language writes as they are, and words the other languages share with English. */
const shared: Record<Exclude<Language, "en">, ReadonlyArray<string>> = {
  es: ["mph", "m", "s", "km", "a", "no", "local"],
  fr: ["mph", "m", "s", "km", "a", "miles", "route"],
  pt: ["mph", "m", "s", "km", "a", "as", "local"],
  it: ["mph", "m", "s", "km", "a", "in"],
  ja: ["mph", "m", "s", "km"]
}

/** The units a number of the text may carry: the display units of the preferences. */
const allowedUnits = (p: Preferences): ReadonlyArray<QuotedUnit> => {
  const u = displayUnits(p)
  return [u.speed, u.distance, u.height]
}

for (const f of fixtures) {
  describe(`route texts: ${f.name}`, () => {
    for (const language of languages) {
      it(`in ${language}, in every unit set`, () => {
        for (const units of unitSets) {
          const preferences: Preferences = resolvePreferences({ language, ...units })
          const a = analysisOf(f, preferences)
          const label = `${language} ${units.distanceUnits}/${units.speedUnits}`
          const zone = zoneText(f.zone)
          const texts = textsOf(a)

          // No English word beyond names and unit symbols.
          if (language !== "en") {
            for (const text of texts) {
              const english = words(text.replaceAll(zone, " ")).filter((w) => englishWords.has(w) && !shared[language].includes(w))
              assert.deepStrictEqual(english, [], `${label}: English in "${text}"`)
            }
          }

          // Localized class words in prose, the codes only in the classification fields.
          assert.include(a.summary, classWordOf(language, a.classification), label)
          for (const leg of a.legs) assert.isTrue(leg.summary.startsWith(classWordOf(language, leg.classification)), `${label}: ${leg.summary}`)
          assert.deepStrictEqual(classWordOf(language, "CAUTION"), packFor(language).classWord.CAUTION, "the SpotCast texts' class words")
          assert.deepStrictEqual(classWordOf(language, "AVOID"), packFor(language).classWord.AVOID)
          assert.deepStrictEqual(classWordOf(language, "GO"), packFor(language).classWord.GO)
          if (language !== "en") {
            for (const text of texts) assert.notMatch(text, /\b(?:GO|CAUTION|AVOID)\b/, `${label}: a class code in "${text}"`)
          }

          // Local times, the zone named once per text, the departure and arrival on the language's clock.
          assert.strictEqual(a.summary.split(zone).length - 1, 1, `${label}: the zone once in "${a.summary}"`)
          for (const text of texts.slice(1)) assert.notInclude(text, zone)
          // The zone's own name is set aside ("UTC+5:30" would read as a clock time).
          const times = quotedNumbers(a.summary.replaceAll(zone, " "), language).flatMap((q) => q._tag === "Time" ? [[q.hour, q.minute]] : [])
          const localClock = (utc: number) => {
            const c = wallClockAt(utc, f.zone.utcOffsetSeconds)
            return [c.hour, c.minute]
          }
          assert.deepStrictEqual(times, [
            localClock(f.departure),
            localClock(Date.parse(a.legs.at(-1)!.eta_end)),
            ...(a.best_departure === undefined ? [] : [localClock(Date.parse(a.best_departure.departure_time))])
          ], `${label}: ${a.summary}`)
          const dep = wallClockAt(f.departure, f.zone.utcOffsetSeconds)
          assert.include(a.summary, clockText(language, dep.hour, dep.minute), label)
          // The local clock differs from UTC in every fixture: no time is the UTC one.
          const utc = new Date(f.departure)
          assert.isFalse(times.some(([h, m]) => h === utc.getUTCHours() && m === utc.getUTCMinutes()), `${label}: UTC time in ${a.summary}`)

          // Every number with a unit is in the requested units, and each leg's wind is the converted reading.
          const convert = converterFor(displayUnits(preferences))
          for (const text of texts) {
            for (const q of quotedNumbers(text, language)) {
              if (q._tag === "Number" && q.unit !== undefined) assert.include(allowedUnits(preferences), q.unit, `${label}: "${q.text}" in "${text}"`)
            }
          }
          for (const leg of a.legs) {
            const first = quotedNumbers(leg.summary, language).find((q) => q._tag === "Number")
            assert.isDefined(first, leg.summary)
            if (first?._tag !== "Number") continue
            assert.strictEqual(first.unit, displayUnits(preferences).speed, `${label}: ${leg.summary}`)
            assert.closeTo(first.value, convert.speed(leg.conditions.wind_speed_kt), 0.051, `${label}: ${leg.summary}`)
          }
        }
      })
    }
  })
}

describe("route texts: wording", () => {
  it("Portuguese calls combined seas ondas, never ondulação (swell); every language's sea word is its SpotCast texts' word", () => {
    const seasWord: Record<Language, RegExp> = { en: /seas \d/, es: /olas de \d/, fr: /creux \d/, pt: /ondas de \d/, it: /onde di \d/, ja: /波高は\d/ }
    for (const language of languages) {
      const a = analysisOf(fixtures[0]!, resolvePreferences({ language, distanceUnits: "km", speedUnits: "kts" }))
      for (const leg of a.legs) {
        assert.match(leg.summary, seasWord[language])
        assert.notInclude(leg.summary, "ondulação")
      }
    }
  })

  it("a summary in French and in Japanese, as docs/routes.md shows them", () => {
    const fr = analysisOf(fixtures[1]!, resolvePreferences({ language: "fr", distanceUnits: "nm", speedUnits: "kts" }))
    assert.strictEqual(
      fr.summary,
      "Traversée de 60 milles nautiques en 2 étapes à 10 nœuds : départ le mercredi 2 décembre à 5 h, arrivée à 11 h après 6 heures de route " +
        "(heure locale, UTC+1). Évaluation : À ÉVITER. Le plus difficile : l'étape 2 (vent). Meilleur départ de la fenêtre : à 9 h (PRUDENCE)."
    )
    assert.strictEqual(fr.legs[1]!.summary, "À ÉVITER : vent jusqu'à 38 nœuds, rafales 49,4 nœuds, creux 2,1 m")
    assert.strictEqual(fr.best_departure!.reason, "moins exposé que le départ demandé (À ÉVITER, vent)")
    const ja = analysisOf(fixtures[1]!, resolvePreferences({ language: "ja", distanceUnits: "km", speedUnits: "ms" }))
    assert.strictEqual(
      ja.summary,
      "111.2km・2区間の航海（5.1m/s）：12月2日（水）5時出発、6時間後の11時到着（現地時間、UTC+1）。評価は「出航見合わせ」。最も厳しいのは区間2（風）。" +
        "ウィンドウ内で最良の出発：9時（注意）。"
    )
  })
})

describe("route texts: a passage across two zones", () => {
  it("speaks the departure's zone throughout and names it once; the arrival's own local time is in arrival_local", () => {
    const f = fixtures[1]!
    const lookup: WeatherLookup = (p, utc) => ({
      point: f.weather(utc, p.longitude),
      ...(p.longitude > 20.75 ? { utcOffsetSeconds: 7200, timezone: "Africa/Cairo" } : { utcOffsetSeconds: 3600, timezone: "Africa/Lagos" })
    })
    const a = Either.getOrThrow(analyzeRoute(routeOf(f, resolvePreferences({ language: "es", distanceUnits: "nm", speedUnits: "kts" })), lookup))
    assert.include(a.summary, "salida el miércoles 2 de diciembre a las 05:00, llegada a las 11:00 tras 6 horas (hora local, Africa/Lagos)")
    assert.notInclude(a.summary, "Africa/Cairo")
    assert.match(a.departures![0]!.arrival_local!, /T12:00:\d\d\.\d{3}\+02:00$/)
  })
})
