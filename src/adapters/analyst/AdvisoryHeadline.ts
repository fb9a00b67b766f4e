import { type AdvisoryLevel, advisoryLevelOf, advisoryRank } from "../../domain/safety/AdvisoryLevel.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { dateText } from "./BuiltinFacts.js"
import { packFor } from "./i18n/Packs.js"

/**
 * The summary's opening line when some day reaches Small Craft Advisory, gale, storm or hurricane-force
 * criteria: the most severe level and its days, said to be the service's reading of the forecast and not
 * an official warning. A level read from a day that only one weather model gives its class is
 * "possible", not "expected".
 */
interface Words {
  readonly expected: (level: AdvisoryLevel, days: string) => string
  readonly possible: (level: AdvisoryLevel, days: string) => string
}

const en: Record<AdvisoryLevel, string> = {
  small_craft: "Small-craft-advisory", gale: "Gale-force", storm: "Storm-force", hurricane_force: "Hurricane-force"
}
const es: Record<AdvisoryLevel, string> = {
  small_craft: "de aviso para embarcaciones pequeñas", gale: "de temporal", storm: "de temporal muy duro", hurricane_force: "de fuerza de huracán"
}
const fr: Record<AdvisoryLevel, string> = {
  small_craft: "d'avis aux petites embarcations", gale: "de coup de vent", storm: "de tempête", hurricane_force: "de force ouragan"
}
const pt: Record<AdvisoryLevel, string> = {
  small_craft: "de aviso a pequenas embarcações", gale: "de vendaval", storm: "de tempestade", hurricane_force: "de força de furacão"
}
const it: Record<AdvisoryLevel, string> = {
  small_craft: "da avviso per piccole imbarcazioni", gale: "di burrasca", storm: "di tempesta", hurricane_force: "di forza uragano"
}
const ja: Record<AdvisoryLevel, string> = {
  small_craft: "小型船舶注意報級", gale: "海上強風警報級", storm: "海上暴風警報級", hurricane_force: "ハリケーン級"
}

const words: Record<Language, Words> = {
  en: {
    expected: (l, d) => `${en[l]} conditions expected ${d} (SpotCast's reading of the forecast, not an official warning).`,
    possible: (l, d) => `${en[l]} conditions possible ${d}: one weather model shows them (SpotCast's reading of the forecast, not an official warning).`
  },
  es: {
    expected: (l, d) => `Se esperan condiciones ${es[l]} el ${d} (lectura del pronóstico por SpotCast, no un aviso oficial).`,
    possible: (l, d) => `Posibles condiciones ${es[l]} el ${d}: las muestra un modelo meteorológico (lectura del pronóstico por SpotCast, no un aviso oficial).`
  },
  fr: {
    expected: (l, d) => `Conditions ${fr[l]} attendues ${d} (lecture de la prévision par SpotCast, pas un avertissement officiel).`,
    possible: (l, d) => `Conditions ${fr[l]} possibles ${d} : un modèle météo les prévoit (lecture de la prévision par SpotCast, pas un avertissement officiel).`
  },
  pt: {
    expected: (l, d) => `Condições ${pt[l]} previstas para ${d} (leitura da previsão pela SpotCast, não um aviso oficial).`,
    possible: (l, d) => `Condições ${pt[l]} possíveis em ${d}: um modelo meteorológico prevê-as (leitura da previsão pela SpotCast, não um aviso oficial).`
  },
  it: {
    expected: (l, d) => `Previste condizioni ${it[l]} ${d} (lettura della previsione da parte di SpotCast, non un avviso ufficiale).`,
    possible: (l, d) => `Possibili condizioni ${it[l]} ${d}: le mostra un modello meteorologico (lettura della previsione da parte di SpotCast, non un avviso ufficiale).`
  },
  ja: {
    expected: (l, d) => `${d}は${ja[l]}の状況が予想されます（SpotCastによる予報の読み取りで、公式の警報ではありません）。`,
    possible: (l, d) => `${d}は${ja[l]}の状況となる可能性があります。ひとつの気象モデルが示しています（SpotCastによる予報の読み取りで、公式の警報ではありません）。`
  }
}

/** The day quotes a model other than the primary that alone gives its class (or a class held back). */
const oneModelOnly = (input: AnalystInput, index: number): boolean =>
  (input.notes?.[index] ?? []).some((n) => {
    if (n._tag !== "ModelsDisagree") return false
    const quotedClass = n.models.find(([m]) => m === n.quoted)?.[1]
    const primary = n.models[0]?.[0]
    return n.heldBack !== undefined || (n.quoted !== primary && n.models.filter(([, c]) => c === quotedClass).length === 1)
  })

/** The headline, or undefined when no day reaches Small Craft Advisory criteria. */
export const advisoryHeadline = (input: AnalystInput): string | undefined => {
  const pack = packFor(input.preferences.language)
  const rated = input.days.flatMap((day, i) => {
    const level = advisoryLevelOf(day.conditions)
    return level === undefined ? [] : [{ date: day.date, level, possible: oneModelOnly(input, i) }]
  })
  if (rated.length === 0) return undefined
  const expected = rated.filter((r) => !r.possible)
  // An expected level comes first; a merely possible one only when it is more severe.
  const top = (xs: typeof rated) => xs.reduce((a, b) => (advisoryRank(b.level) > advisoryRank(a.level) ? b : a)).level
  const expectedTop = expected.length === 0 ? undefined : top(expected)
  const possibleTop = top(rated)
  const say = (level: AdvisoryLevel, possible: boolean) => {
    const days = rated.filter((r) => r.level === level && r.possible === possible).map((r) => dateText(r.date, pack))
    return possible ? words[input.preferences.language].possible(level, pack.list(days)) : words[input.preferences.language].expected(level, pack.list(days))
  }
  if (expectedTop !== undefined && advisoryRank(expectedTop) >= advisoryRank(possibleTop)) return say(expectedTop, false)
  return say(possibleTop, true)
}
