import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either } from "effect"
import { quotedNumbers, type QuotedUnit } from "../../../src/domain/analysis/QuotedNumbers.js"
import { converterFor, displayUnits } from "../../../src/domain/forecast/DisplayUnits.js"
import { clockText, wallClockAt, zoneText } from "../../../src/domain/forecast/LocalClock.js"
import { AccountId, RouteId, SpotCastId } from "../../../src/domain/Ids.js"
import { analyzeRoute } from "../../../src/domain/route/AnalyzeRoute.js"
import type { Route, RouteAnalysis } from "../../../src/domain/route/Route.js"
import type { WeatherLookup } from "../../../src/domain/route/RouteAssessment.js"
import { classWordOf } from "../../../src/domain/route/RouteText.js"
import type { Language, Preferences } from "../../../src/domain/spotcast/Preferences.js"
import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"
import { packFor } from "../../../src/adapters/analyst/i18n/Packs.js"

/**
 * Every route text in every language and unit set, over route fixtures that cover a calm passage, a
 * front with a departure window, a gale over the whole window (none recommended), a passage past local
 * midnight, and a provider that names no zone: localized words and class words, local times with the
 * zone named once, every number in the requested units.
 */

const HOUR = 3_600_000
const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
const unitSets: ReadonlyArray<Pick<Preferences, "distanceUnits" | "speedUnits">> = [
  { distanceUnits: "nm", speedUnits: "kts" },
  { distanceUnits: "km", speedUnits: "ms" },
  { distanceUnits: "mi", speedUnits: "mph" },
  { distanceUnits: "km", speedUnits: "kts" },
  { distanceUnits: "nm", speedUnits: "mph" }
]

const hour = (wind: number, over: Partial<HourlyPoint> = {}): HourlyPoint => ({
  time: "2026-12-02T12:00",
  wind_speed_kt: wind,
  wind_gust_kt: wind * 1.3,
  wind_direction_deg: 200,
  wave_height_ft: Math.max(0.6, wind / 5.5),
  wave_period_s: 8,
  wave_direction_deg: 200,
  swell_height_ft: 0.5,
  swell_period_s: 10,
  swell_direction_deg: 200,
  visibility_nm: 10,
  precipitation_probability_pct: 0,
  precipitation_mm_per_h: 0,
  air_temp_c: 22,
  water_temp_c: 22,
  weather_code: 0,
  ...over
})

interface Fixture {
  readonly name: string
  readonly waypoints: Route["waypoints"]
  readonly departure: number
  readonly speedKts: number
  readonly windowHours: number
  readonly zone: { readonly utcOffsetSeconds: number; readonly timezone?: string }
  readonly weather: (utc: number, longitude: number) => HourlyPoint
}

// Dates from the future (the tests never read today's date).
const DAY = Date.UTC(2026, 11, 2)
const fixtures: ReadonlyArray<Fixture> = [
  {
    name: "a calm coastal passage by day (Europe/Paris)",
    waypoints: [{ latitude: 47.3, longitude: -2.6 }, { latitude: 47.2, longitude: -2.9 }, { latitude: 47.05, longitude: -3.2 }],
    departure: DAY + 9 * HOUR,
    speedKts: 6,
    windowHours: 0,
    zone: { utcOffsetSeconds: 3600, timezone: "Europe/Paris" },
    weather: () => hour(7)
  },
  {
    name: "a front: a gale on the second leg until the afternoon, a 12 h window (a fixed-offset zone)",
    waypoints: [{ latitude: 0, longitude: 20 }, { latitude: 0, longitude: 20.5 }, { latitude: 0, longitude: 21 }],
    departure: DAY + 4 * HOUR,
    speedKts: 10,
    windowHours: 12,
    zone: { utcOffsetSeconds: 3600, timezone: "Etc/GMT-1" },
    weather: (utc, lon) => hour(lon > 20.55 && utc < DAY + 11 * HOUR ? 38 : 8, { visibility_nm: 4 })
  },
  {
    name: "a gale over the whole window: none recommended, arriving after local midnight (America/New_York)",
    waypoints: [{ latitude: 40.5, longitude: -73.9 }, { latitude: 40.3, longitude: -73.4 }, { latitude: 40.6, longitude: -72.6 }],
    departure: DAY + 26 * HOUR,
    speedKts: 5,
    windowHours: 6,
    zone: { utcOffsetSeconds: -5 * 3600, timezone: "America/New_York" },
    weather: () => hour(42, { precipitation_mm_per_h: 6, precipitation_probability_pct: 90 })
  },
  {
    name: "a provider that names no zone (UTC+5:30), rain and steep seas",
    waypoints: [{ latitude: 8, longitude: 76.5 }, { latitude: 8.3, longitude: 76.3 }],
    departure: DAY + 3 * HOUR + 40 * 60_000,
    speedKts: 7.5,
    windowHours: 3,
    zone: { utcOffsetSeconds: 5.5 * 3600 },
    weather: (utc) => hour(utc < DAY + 5 * HOUR ? 22 : 12, { wave_period_s: 3, precipitation_mm_per_h: 3 })
  }
]

const routeOf = (f: Fixture, preferences: Preferences): Route => ({
  id: RouteId.make("rte_0000000000000000000001"),
  accountId: AccountId.make("acct_0000000000000000000001"),
  createdAt: DateTime.unsafeMake(DAY - 24 * HOUR),
  spotcastId: SpotCastId.make("spc_0000000000000000000001"),
  waypoints: f.waypoints,
  departure: DateTime.unsafeMake(f.departure),
  speedKts: f.speedKts,
  departureWindowHours: f.windowHours,
  preferences,
  vessel: { type: "sailboat", lengthFt: 30 }
})

const analysisOf = (f: Fixture, preferences: Preferences): RouteAnalysis => {
  const lookup: WeatherLookup = (p, utc) => ({ point: f.weather(utc, p.longitude), ...f.zone })
  return Either.getOrThrow(analyzeRoute(routeOf(f, preferences), lookup))
}

/** Every person-readable text of a route analysis. */
const textsOf = (a: RouteAnalysis): ReadonlyArray<string> =>
  [a.summary, ...a.legs.map((l) => l.summary), ...(a.best_departure === undefined ? [] : [a.best_departure.reason])]

const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? []

/** English words of the route texts: every word the English texts of the fixtures use, plus the class codes. */
const englishWords = new Set([
  ...fixtures.flatMap((f) => unitSets.flatMap((u) => textsOf(analysisOf(f, { language: "en", ...u })).flatMap(words))),
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
          const preferences: Preferences = { language, ...units }
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
    const seasWord: Record<Language, RegExp> = { en: /seas \d/, es: /olas de \d/, fr: /creux \d/, pt: /ondas de \d/, it: /onde di \d/, ja: /波高\d/ }
    for (const language of languages) {
      const a = analysisOf(fixtures[0]!, { language, distanceUnits: "km", speedUnits: "kts" })
      for (const leg of a.legs) {
        assert.match(leg.summary, seasWord[language])
        assert.notInclude(leg.summary, "ondulação")
      }
    }
  })

  it("a summary in French and in Japanese, as docs/routes.md shows them", () => {
    const fr = analysisOf(fixtures[1]!, { language: "fr", distanceUnits: "nm", speedUnits: "kts" })
    assert.strictEqual(
      fr.summary,
      "Traversée de 60 milles nautiques en 2 étapes à 10 nœuds : départ mercredi 2 décembre à 5 h, arrivée à 11 h après 6 heures de route " +
        "(heure locale, UTC+1). Évaluation : À ÉVITER. Le plus difficile : l'étape 2 (vent). Meilleur départ de la fenêtre : à 9 h (PRUDENCE)."
    )
    assert.strictEqual(fr.legs[1]!.summary, "À ÉVITER : vent jusqu'à 38 nœuds, rafales 49,4 nœuds, creux 6,9 pieds")
    assert.strictEqual(fr.best_departure!.reason, "moins exposé que le départ demandé (À ÉVITER, vent)")
    const ja = analysisOf(fixtures[1]!, { language: "ja", distanceUnits: "km", speedUnits: "ms" })
    assert.strictEqual(
      ja.summary,
      "111.2km・2区間の航海（5.1m/s）：12月2日（水）5時出発、6時間後の11時到着（現地時間、UTC+1）。評価は「出航見合わせ」。最も厳しいのは区間2（風）。" +
        "ウィンドウ内で最良の出発：9時（注意）。"
    )
  })
})
