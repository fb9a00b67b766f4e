import { assert, describe, it } from "@effect/vitest"
import type { DayFacts } from "../../../src/adapters/analyst/i18n/Pack.js"
import { dayWords } from "../../../src/adapters/analyst/i18n/DayWords.js"
import { packs } from "../../../src/adapters/analyst/i18n/Packs.js"
import * as Units from "../../../src/adapters/analyst/Units.js"
import { minutesText } from "../../../src/domain/forecast/LocalClock.js"
import { languages } from "./BuiltinFixtures.js"

/** Every string a pack holds, with its path, however deep. */
const strings = (value: unknown, path: string): Array<[string, string]> =>
  typeof value === "string"
    ? [[path, value]]
    : typeof value === "object" && value !== null
    ? Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`))
    : []

describe("language packs", () => {
  it("exist for every language with no empty string", () => {
    assert.deepStrictEqual(Object.keys(packs).sort(), [...languages].sort())
    for (const language of languages) {
      // `gap` is the space between sentences, legitimately empty in Japanese: not a phrase.
      const found = strings(packs[language], language).filter(([path]) => path !== `${language}.gap`)
      assert.isAbove(found.length, 30)
      for (const [path, text] of found) assert.isTrue(text.trim().length > 0, `${path} is empty`)
    }
  })

  it("render every template to a non-empty text, with or without optional readings", () => {
    const full: DayFacts = {
      wind: "w", gust: "g", from: 3, seas: "s", wave: "h", wavePeriod: "p", swell: "sw", swellPeriod: "sp",
      visibility: "v", rainChance: "rc", rainRate: "rr", air: "a", water: "t"
    }
    const bare: DayFacts = { wind: "w", gust: "g", from: 0 }
    const q = (amount: number): Units.Quantity => ({ amount, digits: String(amount), unit: "kts" })
    const classes = ["GO", "CAUTION", "AVOID"] as const
    for (const language of languages) {
      const pack = packs[language]
      const rendered = [
        pack.quantity(q(3)), pack.list(["x", "y"]), pack.list(["x"]), pack.date({ year: 2025, month: 12, day: 31, weekday: 3 }),
        ...(["powerBoat", "sailboat", "pwc", "yacht", "catamaran"] as const).flatMap((t) => [pack.vessel(t, "L", true), pack.vessel(t, "L", false)]),
        ...classes.flatMap((c) => [pack.verdict(c, "V", "D"), pack.verdict(c, "V", undefined), pack.count(c, 1), pack.count(c, 3),
          pack.best("d", c, "r"), pack.worst("d", c, "r"), pack.onlyDay("d", c, "r")]),
        pack.alsoWatch("x"), pack.lightAir("w"), pack.outlook(2, "V", "C"),
        ...Object.values(pack.hazard).flatMap((h) => [h(full), h(bare)]),
        ...(["daylight", "best", "trip", "wholeDay"] as const).flatMap((label) =>
          [dayWords(language).window(label, minutesText(language, 9 * 60), minutesText(language, 13 * 60))]),
        pack.coldWaterNote("9"), pack.coldAir("-8"),
        pack.calm(full), pack.calm(bare), pack.spread({ lo: q(2), hi: q(9) }, q(12), { lo: q(1), hi: q(4) }),
        pack.spread({ lo: q(2), hi: q(2) }, q(3), undefined), pack.seaStateMissing(["d1", "d2"])
      ]
      for (const text of rendered) {
        assert.isTrue(text.trim().length > 0, `${language}: an empty text`)
        assert.notInclude(text, "undefined", `${language}: ${text}`)
      }
    }
  })

  it("have the same phrases in every language, and no two languages share the simulated notice", () => {
    const shape = (language: (typeof languages)[number]) => strings(packs[language], "").map(([p]) => p).sort()
    for (const language of languages) assert.deepStrictEqual(shape(language), shape("en"))
    assert.strictEqual(new Set(languages.map((l) => packs[l].simulatedNotice)).size, languages.length)
  })

  it("apply each language's plural rule to units", () => {
    const q = (amount: number, unit: Units.UnitKey, language: (typeof languages)[number]) =>
      packs[language].quantity({ amount, digits: Units.formatNumber(amount, language), unit })
    assert.strictEqual(q(1, "kts", "es"), "1 nudo")
    assert.strictEqual(q(1.5, "kts", "es"), "1,5 nudos")
    assert.strictEqual(q(1.5, "kts", "fr"), "1,5 nœud")
    assert.strictEqual(q(2, "kts", "fr"), "2 nœuds")
    assert.strictEqual(q(1, "ft", "pt"), "1 pé")
    assert.strictEqual(q(3, "nm", "it"), "3 miglia nautiche")
    assert.strictEqual(q(1, "nm", "it"), "1 miglio nautico")
    assert.strictEqual(q(12, "kts", "ja"), "12ノット")
    assert.strictEqual(q(12, "kts", "en"), "12 kt")
    assert.strictEqual(q(80, "pct", "fr"), "80 %")
  })

  it("join lists with each language's conjunction", () => {
    assert.strictEqual(packs.en.list(["a", "b", "c"]), "a, b and c")
    assert.strictEqual(packs.es.list(["viento", "olas"]), "viento y olas")
    assert.strictEqual(packs.es.list(["viento", "intensas lluvias"]), "viento e intensas lluvias")
    assert.strictEqual(packs.fr.list(["vent", "mer"]), "vent et mer")
    assert.strictEqual(packs.ja.list(["風", "波"]), "風、波")
  })

  it("write dates the way each language does", () => {
    const first = { year: 2025, month: 6, day: 1, weekday: 0 }
    assert.strictEqual(packs.en.date(first), "Sunday 1 June")
    assert.strictEqual(packs.fr.date(first), "dimanche 1er juin")
    assert.strictEqual(packs.it.date(first), "domenica 1º giugno")
    assert.strictEqual(packs.es.date(first), "domingo 1 de junio")
    assert.strictEqual(packs.pt.date(first), "domingo, 1 de junho")
    assert.strictEqual(packs.ja.date(first), "6月1日（日）")
  })

  it("fix issue 11's language defects: Italian articles, Japanese gusts, European Portuguese", () => {
    const bare: DayFacts = { wind: "w", gust: "g", from: 0 }
    const rain = (chance: string) => packs.it.hazard.precipitation({ ...bare, rainChance: chance })
    assert.strictEqual(rain("0,4%"), "probabilità di pioggia dello 0,4%")
    assert.strictEqual(rain("8%"), "probabilità di pioggia dell'8%")
    assert.strictEqual(rain("11%"), "probabilità di pioggia dell'11%")
    assert.strictEqual(rain("18%"), "probabilità di pioggia del 18%")
    const window = (language: (typeof languages)[number], from: number, to: number) =>
      dayWords(language).window("best", minutesText(language, from * 60), minutesText(language, to * 60))
    assert.include(window("it", 8, 11), "dalle 8:00 alle 11:00")
    assert.include(window("it", 1, 11), "dall'1:00 alle 11:00")
    const q = (amount: number): Units.Quantity => ({ amount, digits: String(amount), unit: "kts" })
    const spread = packs.ja.spread({ lo: q(2), hi: q(9) }, q(12), undefined)
    assert.include(spread, "最大瞬間風速12ノット")
    assert.notInclude(spread, "最大瞬間風速は最大")
    // One variant, European Portuguese: no Brazilian forms anywhere in the pack.
    const pt = strings(packs.pt, "pt").map(([, text]) => text).join(" ")
    for (const brazilian of [/\bleste\b/, /moto aquática/, /padrão/, /corta-circuito/, /neblina/, /\bvocê\b/, /\bem uma\b/]) {
      assert.notMatch(pt, brazilian)
    }
    assert.strictEqual(packs.pt.compass[2], "este")
    assert.include(window("pt", 1, 13), "da 1h00 às 13h00")
    assert.include(packs.pt.vessel("pwc", "3 m", false), "mota de água de 3 m (embarcação por omissão)")
  })

  it("name visibility by its IMO/WMO grade in every language: 8.5 km is moderate, never poor", () => {
    const moderate: Record<(typeof languages)[number], string> = {
      en: "moderate visibility (8.5 km)", es: "visibilidad moderada (8,5 km)", fr: "visibilité moyenne (8,5 km)",
      pt: "visibilidade moderada (8,5 km)", it: "visibilità moderata (8,5 km)", ja: "視程やや低下（8.5km）"
    }
    const poor = ["poor visibility", "mala visibilidad", "mauvaise visibilité", "má visibilidade", "scarsa visibilità", "視程不良", "視界不良"]
    for (const language of languages) {
      const pack = packs[language]
      const v = language === "ja" ? "8.5km" : language === "en" ? "8.5 km" : "8,5 km"
      const words = pack.hazard.visibility({ wind: "w", gust: "g", from: 0, visibility: v, visibilityGrade: "moderate" })
      assert.strictEqual(words, moderate[language])
      for (const p of poor) assert.notInclude(words + pack.visibilityTip.moderate, p, language)
      assert.notStrictEqual(pack.hazard.visibility({ wind: "w", gust: "g", from: 0, visibility: v, visibilityGrade: "poor" }), words)
      assert.notStrictEqual(pack.hazard.visibility({ wind: "w", gust: "g", from: 0, visibility: v, visibilityGrade: "fog" }), words)
    }
  })
})
