import { assert, describe, it } from "@effect/vitest"
import { dayFacts, summaryFacts } from "../../../src/adapters/analyst/LlmTextFacts.js"
import { checkText, type RejectionReason } from "../../../src/domain/analysis/TextFloor.js"
import { quotedNumbers } from "../../../src/domain/analysis/QuotedNumbers.js"
import type { Language, Preferences } from "../../../src/domain/spotcast/Preferences.js"
import { calm, caution, gale, input } from "../../adapters/analyst/BuiltinFixtures.js"

/**
 * The gale fixture (AVOID for wind 38.6 kt, gusts 49.3 kt and seas 13.8 ft, 09:00-13:00 on Thursday
 * 5 June 2025) as each language's client would ask for it: knots and feet, except Japanese in m/s and m
 * (19.9 m/s, 25.4 m/s, 4.2 m).
 */
const prefs = (language: Language): Preferences =>
  language === "ja" ? { language, distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" } : { language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }
const GALE = 2

const galeText = (language: Language, text: string) =>
  checkText(text, dayFacts(input(prefs(language)), GALE, "AVOID"))
const reasons = (rejections: ReadonlyArray<{ reason: RejectionReason }>) => [...new Set(rejections.map((r) => r.reason))].sort()

const good: Record<Language, string> = {
  en: "AVOID: sustained wind of 38.6 kt with gusts to 49.3 kt and seas of 13.8 ft between 09:00 and 13:00 on 5 June. Stay in port.",
  es: "EVITAR: viento de 38,6 nudos con rachas de 49,3 nudos y olas de 13,8 pies entre las 09:00 y las 13:00 del 5 de junio. Quédese en puerto.",
  fr: "À ÉVITER : vent de 38,6 nœuds, rafales à 49,3 nœuds et vagues de 13,8 pieds de 9 h à 13 h le 5 juin. Restez au port.",
  pt: "EVITAR: vento de 38,6 nós com rajadas de 49,3 nós e ondas de 13,8 pés das 9h às 13h de 5 de junho. Fique no porto.",
  it: "DA EVITARE: vento di 38,6 nodi con raffiche fino a 49,3 nodi e onde di 13,8 piedi dalle 9:00 alle 13:00 del 5 giugno. Resta in porto.",
  ja: "【出航見合わせ】6月5日は平均風速19.9m/s、最大瞬間風速25.4m/s、波高4.2mの予報です（9時〜13時）。港にとどまってください。"
}

/** Right numbers, right language, every factor named: only the reassurance is wrong. */
const reassuring: Record<Language, string> = {
  en: "Wind of 38.6 kt, gusts 49.3 kt and seas of 13.8 ft: perfectly safe for your boat, go and enjoy!",
  es: "Viento de 38,6 nudos, rachas de 49,3 nudos y olas de 13,8 pies: es perfectamente seguro para su barco, ¡disfrute!",
  fr: "Vent de 38,6 nœuds, rafales à 49,3 nœuds et vagues de 13,8 pieds : une sortie sans danger pour votre bateau, profitez-en !",
  pt: "Vento de 38,6 nós, rajadas de 49,3 nós e ondas de 13,8 pés: é perfeitamente seguro para o seu barco, aproveite!",
  it: "Vento di 38,6 nodi, raffiche fino a 49,3 nodi e onde di 13,8 piedi: è perfettamente sicuro per la tua barca, goditi la giornata!",
  ja: "平均風速19.9m/s、最大瞬間風速25.4m/sで波高4.2mですが、安全です。楽しんでください！"
}

/** Right numbers and no reassurance, but no deciding factor named. */
const noFactor: Record<Language, string> = {
  en: "AVOID on 5 June between 09:00 and 13:00. Stay in port and check again tomorrow.",
  es: "EVITAR el 5 de junio entre las 09:00 y las 13:00. Quédese en puerto y vuelva a consultar mañana.",
  fr: "À ÉVITER le 5 juin de 9 h à 13 h. Restez au port et revenez consulter les prévisions demain.",
  pt: "EVITAR a 5 de junho das 9h às 13h. Fique no porto e volte a consultar a previsão amanhã.",
  it: "DA EVITARE il 5 giugno dalle 9:00 alle 13:00. Resta in porto e ricontrolla le previsioni domani.",
  ja: "【出航見合わせ】6月5日9時〜13時。港にとどまり、明日もう一度確認してください。"
}

const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]

describe("TextFloor, in each of the six languages", () => {
  for (const language of languages) {
    it(`${language}: a good AVOID text passes`, () => {
      assert.deepStrictEqual(galeText(language, good[language]), [])
    })
    it(`${language}: reassuring wording on an AVOID day is refused`, () => {
      assert.deepStrictEqual(reasons(galeText(language, reassuring[language])), ["reassuring"])
    })
    it(`${language}: an AVOID text that does not name the deciding factor is refused`, () => {
      assert.deepStrictEqual(reasons(galeText(language, noFactor[language])), ["missing_factor"])
    })
    it(`${language}: the good text of another language is refused as the wrong language`, () => {
      const other = language === "pt" ? "es" : language === "es" ? "pt" : language === "ja" ? "en" : "ja"
      const rejections = checkText(good[other], dayFacts(input(prefs(language)), GALE, "AVOID"))
      assert.include(reasons(rejections), "wrong_language")
    })
  }
})

describe("TextFloor: the issue's example and numbers", () => {
  it("\"Flat calm, 2 kt of wind, perfectly safe for your boat: go and enjoy!\" on an AVOID day: refused", () => {
    const rejections = galeText("en", "Flat calm, 2 kt of wind, perfectly safe for your boat: go and enjoy!")
    assert.deepStrictEqual(reasons(rejections), ["invented_number", "missing_factor", "reassuring"])
    assert.isTrue(rejections.some((r) => r.reason === "invented_number" && r.detail.includes("2 kts")))
  })

  it("an invented number, even on a GO day, is refused; the facts' numbers within rounding pass", () => {
    const facts = dayFacts(input(prefs("en")), 0, "GO") // calm: wind 8.4 kt, gusts 12.2 kt, seas 1.6 ft, 21.3 °C air
    assert.deepStrictEqual(checkText("Wind 8 kt, gusts 12 kt, seas 1.6 ft, air 21.3°C, 10% chance of rain.", facts), [])
    assert.deepStrictEqual(reasons(checkText("Wind 8 kt, gusts 25 kt.", facts)), ["invented_number"])
    assert.deepStrictEqual(reasons(checkText("Wind 8.5 kt.", facts)), ["invented_number"])
    assert.deepStrictEqual(reasons(checkText("Water at 30°C and a VHF on channel 16.", facts)), ["invented_number"])
  })

  it("a number in units the client did not ask for is refused (the model converted)", () => {
    const facts = dayFacts(input(prefs("en")), 0, "GO")
    assert.deepStrictEqual(reasons(checkText("Wind of 9.7 mph.", facts)), ["wrong_units"])
    assert.deepStrictEqual(reasons(checkText("Seas of 0.5 m.", facts)), ["wrong_units"])
    const metric = dayFacts(input({ language: "en", distanceUnits: "km", speedUnits: "ms", heightUnits: "m", temperatureUnits: "c" }), 0, "GO")
    assert.deepStrictEqual(checkText("Wind of 4.3 m/s, seas of 0.5 m, visibility 18.5 km.", metric), [])
  })

  it("dates and times: the day's date and its window bounds pass, others are refused", () => {
    const facts = dayFacts(input(prefs("en")), 0, "GO") // 2025-06-03, 09:00-13:00
    assert.deepStrictEqual(checkText("On Tuesday 3 June (2025-06-03), from 09:00 to 1 pm: wind 8.4 kt.", facts), [])
    assert.deepStrictEqual(reasons(checkText("On 4 June, wind 8.4 kt.", facts)), ["invented_number"])
    assert.deepStrictEqual(reasons(checkText("Wind 8.4 kt, rising after 15:00.", facts)), ["invented_number"])
  })

  it("derived facts pass: the window's length, a temperature written with a bare degree sign", () => {
    const facts = dayFacts(input(prefs("en")), 0, "GO") // 09:00-13:00, air 21.3 °C, wind from 315°
    assert.deepStrictEqual(checkText("A 4-hour window from 9 am: air 21°, wind 8.4 kt from 315°.", facts), [])
    assert.deepStrictEqual(reasons(checkText("A 7-hour window: wind 8.4 kt.", facts)), ["invented_number"])
  })

  it("negative temperatures keep their sign", () => {
    assert.deepStrictEqual(quotedNumbers("air −3.5 °C, 気温-2°C", "ja").map((q) => q._tag === "Number" ? [q.value, q.unit] : q._tag), [
      [-3.5, "c"],
      [-2, "c"]
    ])
  })

  it("a cautionary sentence that merely contains a reassuring word is not refused", () => {
    const text = "It is not safe to go out: wind of 38.6 kt, gusts to 49.3 kt and seas of 13.8 ft. Make for a safe harbour."
    assert.deepStrictEqual(galeText("en", text), [])
    assert.deepStrictEqual(galeText("en", "It isn’t safe: wind of 38.6 kt, gusts to 49.3 kt and seas of 13.8 ft."), [])
  })

  it("a CAUTION text must not state GO", () => {
    const facts = dayFacts(input(prefs("en")), 1, "CAUTION") // caution: wind and seas
    assert.deepStrictEqual(reasons(checkText("GO: wind 16.3 kt and seas of 3.4 ft.", facts)), ["reassuring"])
    assert.deepStrictEqual(checkText("CAUTION: wind 16.3 kt and seas of 3.4 ft.", facts), [])
    assert.deepStrictEqual(checkText("DO NOT GO out alone: wind 16.3 kt and seas of 3.4 ft.", facts), [])
    assert.deepStrictEqual(checkText("A NO-GO for beginners, and DON'T GO alone: wind 16.3 kt, seas of 3.4 ft.", facts), [])
  })
})

describe("TextFloor: the overall summary", () => {
  it("may praise a period's GO day", () => {
    const facts = summaryFacts(input(prefs("en")), ["GO", "CAUTION", "AVOID", "CAUTION"])
    assert.deepStrictEqual(checkText("A 4-day outlook: Tuesday 3 June is a perfect day, with wind of 8.4 kt; avoid 5 June (gusts 49.3 kt).", facts), [])
  })

  it("with no GO day it must not reassure and must name a deciding factor of its worst days", () => {
    const given = input(prefs("en"), { days: [caution, gale] })
    const facts = summaryFacts(given, ["CAUTION", "AVOID"])
    assert.deepStrictEqual(reasons(checkText("Two lovely days, perfect for a trip.", facts)), ["missing_factor", "reassuring"])
    assert.deepStrictEqual(checkText("2 days: 1 CAUTION and 1 AVOID; on 5 June seas reach 13.8 ft.", facts), [])
  })

  it("quotes only numbers of the period", () => {
    const facts = summaryFacts(input(prefs("en"), { days: [calm] }), ["GO"])
    assert.deepStrictEqual(reasons(checkText("Over 3 days, wind up to 30 kt.", facts)), ["invented_number"])
  })
})
