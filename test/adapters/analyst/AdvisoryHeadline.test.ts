import { assert, describe, it } from "@effect/vitest"
import { advisoryHeadline } from "../../../src/adapters/analyst/AdvisoryHeadline.js"
import * as BuiltinAnalyst from "../../../src/adapters/analyst/BuiltinAnalyst.js"
import { advisoryLevelOf } from "../../../src/domain/safety/AdvisoryLevel.js"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import { calm, caution, day, gale, input, languages } from "./BuiltinFixtures.js"

const at = (wind: number, seas = 2): DayConditions => ({ wind_speed_kt: wind, wind_gust_kt: wind * 1.3, wind_direction_deg: 200, wave_height_ft: seas, wave_period_s: 8 })
const prefs = (language: (typeof languages)[number]) => ({ language, distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" }) as const

describe("advisory levels (nws-key-defs, nws-jetstream-icons)", () => {
  it("from the sustained wind, and seas of 7 ft for a Small Craft Advisory", () => {
    assert.isUndefined(advisoryLevelOf(at(21.9, 6.9)))
    assert.strictEqual(advisoryLevelOf(at(22)), "small_craft")
    assert.strictEqual(advisoryLevelOf(at(10, 7)), "small_craft")
    assert.strictEqual(advisoryLevelOf(at(34)), "gale")
    assert.strictEqual(advisoryLevelOf(at(47.9)), "gale")
    assert.strictEqual(advisoryLevelOf(at(48)), "storm")
    assert.strictEqual(advisoryLevelOf(at(64)), "hurricane_force")
    const { wave_height_ft: _h, wave_period_s: _p, ...noSeas } = at(10)
    assert.isUndefined(advisoryLevelOf(noSeas), "unknown seas are not an advisory by themselves")
  })
})

describe("the summary's advisory headline", () => {
  it("opens the summary with the most severe level and its day, as the service's reading, in every language", () => {
    const opening = {
      en: "Gale-force conditions expected Thursday 5 June (SpotCast's reading of the forecast, not an official warning).",
      es: "Se esperan condiciones de temporal el jueves 5 de junio (lectura del pronóstico por SpotCast, no un aviso oficial).",
      fr: "Conditions de coup de vent attendues jeudi 5 juin (lecture de la prévision par SpotCast, pas un avertissement officiel).",
      pt: "Condições de vendaval previstas para quinta-feira, 5 de junho (leitura da previsão pela SpotCast, não um aviso oficial).",
      it: "Previste condizioni di burrasca giovedì 5 giugno (lettura della previsione da parte di SpotCast, non un avviso ufficiale).",
      ja: "6月5日（木）は海上強風警報級の状況が予想されます（SpotCastによる予報の読み取りで、公式の警報ではありません）。"
    } as const
    for (const language of languages) {
      const { summary } = BuiltinAnalyst.write(input(prefs(language)))
      assert.isTrue(summary.startsWith(opening[language]), `${language}: ${summary}`)
    }
  })

  it("no headline below Small Craft Advisory criteria", () => {
    assert.isUndefined(advisoryHeadline(input(prefs("en"), { days: [calm, caution] })))
  })

  it("a level only one weather model gives is possible, not expected", () => {
    const one = day("2025-06-05", "CAUTION", gale.conditions, { reasons: [["wind", "CAUTION"]] })
    const text = advisoryHeadline(input(prefs("en"), {
      days: [one],
      notes: [[{ _tag: "ModelsDisagree", models: [["best_match", "GO"], ["gfs_seamless", "AVOID"]], rated: "CAUTION", quoted: "gfs_seamless", heldBack: { model: "gfs_seamless", classification: "AVOID" } }]]
    }))
    assert.strictEqual(text, "Gale-force conditions possible Thursday 5 June: one weather model shows them (SpotCast's reading of the forecast, not an official warning).")
  })
})
