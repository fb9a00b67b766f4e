import type { Classification } from "../forecast/Analysis.js"
import type { DayConditions } from "../weather/DayConditions.js"
import type { Language, Preferences } from "../spotcast/Preferences.js"

/**
 * The route's texts in the six languages and the requested units: the passage summary, each leg's
 * and the best departure's reason. Small and route-specific on purpose; the SpotCast packs stay as
 * they are. Classes are written as the codes GO / CAUTION / AVOID in every language, as the API sends them.
 */

const SPEED = { kts: [1, "kt"], mph: [1.150779, "mph"], ms: [0.514444, "m/s"] } as const
const DISTANCE = { nm: [1, "nm"], mi: [1.150779, "mi"], km: [1.852, "km"] } as const
const M_PER_FT = 0.3048

const decimalComma: Record<Language, boolean> = { en: false, es: true, fr: true, pt: true, it: true, ja: false }

const num = (value: number, language: Language, decimals = 1): string => {
  const f = 10 ** decimals
  const text = String(Math.round(value * f) / f + 0)
  return decimalComma[language] ? text.replace(".", ",") : text
}

export interface Units {
  readonly speed: (kt: number) => string
  readonly distance: (nm: number) => string
  readonly seas: (ft: number) => string
  readonly hours: (h: number) => string
}

export const unitsFor = ({ distanceUnits, language, speedUnits }: Preferences): Units => ({
  speed: (kt) => `${num(kt * SPEED[speedUnits][0], language)} ${SPEED[speedUnits][1]}`,
  distance: (nm) => `${num(nm * DISTANCE[distanceUnits][0], language)} ${DISTANCE[distanceUnits][1]}`,
  seas: (ft) => (distanceUnits === "km" ? `${num(ft * M_PER_FT, language)} m` : `${num(ft, language)} ft`),
  hours: (h) => num(h, language)
})

/** `YYYY-MM-DD HH:MM UTC`, the same in every language. */
export const utcText = (millis: number): string => `${new Date(millis).toISOString().slice(0, 16).replace("T", " ")} UTC`

interface Pack {
  readonly factors: Record<string, string>
  readonly passage: (p: { distance: string; legs: number; speed: string; dep: string; arr: string; hours: string; cls: string }) => string
  readonly worst: (w: { leg: number; factor: string }) => string
  readonly calm: string
  readonly conditions: (c: { wind: string; gust: string; seas?: string | undefined }) => string
  readonly night: string
  readonly best: (b: { dep: string; cls: string }) => string
  /** Every candidate departure is AVOID: none is recommended. */
  readonly noneRecommended: (n: number) => string
  readonly bestReason: {
    readonly safer: (b: { requested: string; factor: string }) => string
    readonly calmer: (b: { wind: string }) => string
    readonly requested: string
  }
}

const packs: Record<Language, Pack> = {
  en: {
    factors: { wind: "wind", gust: "gusts", seas: "seas", steep_seas: "steep seas", visibility: "visibility", precipitation: "rain", thunderstorm: "thunderstorms", cold_water: "cold water", darkness: "darkness" },
    passage: (p) => `Passage of ${p.distance} in ${p.legs} legs at ${p.speed}: departing ${p.dep}, arriving ${p.arr} after ${p.hours} h. Rated ${p.cls}.`,
    worst: (w) => ` Worst on leg ${w.leg} (${w.factor}).`,
    calm: " No hazard found along the route.",
    conditions: (c) => `wind up to ${c.wind}, gusts ${c.gust}${c.seas === undefined ? "" : `, seas ${c.seas}`}`,
    night: "partly at night",
    best: (b) => ` Best departure in the window: ${b.dep} (${b.cls}).`,
    noneRecommended: (n) => ` No departure is recommended: all ${n} candidate departures in the window are AVOID.`,
    bestReason: {
      safer: (b) => `safer than departing as requested (${b.requested}, ${b.factor})`,
      calmer: (b) => `the lightest winds of the window (at most ${b.wind})`,
      requested: "the requested departure is already the best of the window"
    }
  },
  es: {
    factors: { wind: "viento", gust: "rachas", seas: "oleaje", steep_seas: "oleaje corto", visibility: "visibilidad", precipitation: "lluvia", thunderstorm: "tormentas", cold_water: "agua fría", darkness: "oscuridad" },
    passage: (p) => `Travesía de ${p.distance} en ${p.legs} tramos a ${p.speed}: salida ${p.dep}, llegada ${p.arr} tras ${p.hours} h. Clasificación ${p.cls}.`,
    worst: (w) => ` Lo peor en el tramo ${w.leg} (${w.factor}).`,
    calm: " Ningún peligro en la ruta.",
    conditions: (c) => `viento hasta ${c.wind}, rachas ${c.gust}${c.seas === undefined ? "" : `, oleaje ${c.seas}`}`,
    night: "en parte de noche",
    best: (b) => ` Mejor salida de la ventana: ${b.dep} (${b.cls}).`,
    noneRecommended: (n) => ` No se recomienda ninguna salida: las ${n} salidas posibles de la ventana son AVOID.`,
    bestReason: {
      safer: (b) => `más segura que la salida pedida (${b.requested}, ${b.factor})`,
      calmer: (b) => `los vientos más flojos de la ventana (como máximo ${b.wind})`,
      requested: "la salida pedida ya es la mejor de la ventana"
    }
  },
  fr: {
    factors: { wind: "vent", gust: "rafales", seas: "mer", steep_seas: "mer creuse", visibility: "visibilité", precipitation: "pluie", thunderstorm: "orages", cold_water: "eau froide", darkness: "nuit" },
    passage: (p) => `Traversée de ${p.distance} en ${p.legs} étapes à ${p.speed} : départ ${p.dep}, arrivée ${p.arr} après ${p.hours} h. Classement ${p.cls}.`,
    worst: (w) => ` Le pire sur l'étape ${w.leg} (${w.factor}).`,
    calm: " Aucun danger relevé sur la route.",
    conditions: (c) => `vent jusqu'à ${c.wind}, rafales ${c.gust}${c.seas === undefined ? "" : `, mer ${c.seas}`}`,
    night: "en partie de nuit",
    best: (b) => ` Meilleur départ de la fenêtre : ${b.dep} (${b.cls}).`,
    noneRecommended: (n) => ` Aucun départ n'est recommandé : les ${n} départs possibles de la fenêtre sont AVOID.`,
    bestReason: {
      safer: (b) => `plus sûr que le départ demandé (${b.requested}, ${b.factor})`,
      calmer: (b) => `les vents les plus faibles de la fenêtre (au plus ${b.wind})`,
      requested: "le départ demandé est déjà le meilleur de la fenêtre"
    }
  },
  pt: {
    factors: { wind: "vento", gust: "rajadas", seas: "ondulação", steep_seas: "mar cavado", visibility: "visibilidade", precipitation: "chuva", thunderstorm: "trovoadas", cold_water: "água fria", darkness: "escuridão" },
    passage: (p) => `Travessia de ${p.distance} em ${p.legs} pernas a ${p.speed}: partida ${p.dep}, chegada ${p.arr} após ${p.hours} h. Classificação ${p.cls}.`,
    worst: (w) => ` O pior na perna ${w.leg} (${w.factor}).`,
    calm: " Nenhum perigo na rota.",
    conditions: (c) => `vento até ${c.wind}, rajadas ${c.gust}${c.seas === undefined ? "" : `, ondulação ${c.seas}`}`,
    night: "em parte de noite",
    best: (b) => ` Melhor partida da janela: ${b.dep} (${b.cls}).`,
    noneRecommended: (n) => ` Nenhuma partida é recomendada: as ${n} partidas possíveis da janela são AVOID.`,
    bestReason: {
      safer: (b) => `mais segura do que a partida pedida (${b.requested}, ${b.factor})`,
      calmer: (b) => `os ventos mais fracos da janela (no máximo ${b.wind})`,
      requested: "a partida pedida já é a melhor da janela"
    }
  },
  it: {
    factors: { wind: "vento", gust: "raffiche", seas: "mare", steep_seas: "mare corto", visibility: "visibilità", precipitation: "pioggia", thunderstorm: "temporali", cold_water: "acqua fredda", darkness: "buio" },
    passage: (p) => `Traversata di ${p.distance} in ${p.legs} tratte a ${p.speed}: partenza ${p.dep}, arrivo ${p.arr} dopo ${p.hours} h. Classificazione ${p.cls}.`,
    worst: (w) => ` Il peggio nella tratta ${w.leg} (${w.factor}).`,
    calm: " Nessun pericolo lungo la rotta.",
    conditions: (c) => `vento fino a ${c.wind}, raffiche ${c.gust}${c.seas === undefined ? "" : `, mare ${c.seas}`}`,
    night: "in parte di notte",
    best: (b) => ` Partenza migliore della finestra: ${b.dep} (${b.cls}).`,
    noneRecommended: (n) => ` Nessuna partenza è consigliata: tutte le ${n} partenze possibili della finestra sono AVOID.`,
    bestReason: {
      safer: (b) => `più sicura della partenza richiesta (${b.requested}, ${b.factor})`,
      calmer: (b) => `i venti più deboli della finestra (al massimo ${b.wind})`,
      requested: "la partenza richiesta è già la migliore della finestra"
    }
  },
  ja: {
    factors: { wind: "風", gust: "突風", seas: "波", steep_seas: "急峻な波", visibility: "視程", precipitation: "雨", thunderstorm: "雷雨", cold_water: "低水温", darkness: "夜間" },
    passage: (p) => `${p.distance}・${p.legs}区間の航海(${p.speed}):${p.dep}出発、${p.hours}時間後の${p.arr}到着。評価は${p.cls}。`,
    worst: (w) => `最も厳しいのは区間${w.leg}(${w.factor})。`,
    calm: "航路上に危険は見つかりません。",
    conditions: (c) => `風 最大${c.wind}、突風${c.gust}${c.seas === undefined ? "" : `、波${c.seas}`}`,
    night: "一部夜間",
    best: (b) => `ウィンドウ内の最適な出発:${b.dep}(${b.cls})。`,
    noneRecommended: (n) => `推奨できる出発はありません:ウィンドウ内の${n}件の出発候補はすべてAVOIDです。`,
    bestReason: {
      safer: (b) => `希望の出発(${b.requested}、${b.factor})より安全`,
      calmer: (b) => `ウィンドウ内で最も弱い風(最大${b.wind})`,
      requested: "希望の出発がすでにウィンドウ内で最適"
    }
  }
}

const factorName = (pack: Pack, factor: string | null): string => (factor === null ? "" : pack.factors[factor] ?? factor)

export interface PassageFacts {
  readonly totalNm: number
  readonly legs: number
  readonly speedKts: number
  readonly departureMillis: number
  readonly arrivalMillis: number
  readonly durationHours: number
  readonly classification: Classification
  /** 1-based number of the worst leg and its deciding factor (null when the passage is GO). */
  readonly worstLeg: number
  readonly worstFactor: string | null
}

export const passageSummary = (preferences: Preferences, facts: PassageFacts): string => {
  const pack = packs[preferences.language]
  const u = unitsFor(preferences)
  const head = pack.passage({
    distance: u.distance(facts.totalNm),
    legs: facts.legs,
    speed: u.speed(facts.speedKts),
    dep: utcText(facts.departureMillis),
    arr: utcText(facts.arrivalMillis),
    hours: u.hours(facts.durationHours),
    cls: facts.classification
  })
  return head + (facts.worstFactor === null ? pack.calm : pack.worst({ leg: facts.worstLeg, factor: factorName(pack, facts.worstFactor) }))
}

export const legSummary = (
  preferences: Preferences,
  leg: { readonly classification: Classification; readonly worst: DayConditions; readonly night: boolean }
): string => {
  const pack = packs[preferences.language]
  const u = unitsFor(preferences)
  const seasFt = leg.worst.wave_height_ft
  const conditions = pack.conditions({
    wind: u.speed(leg.worst.wind_speed_kt),
    gust: u.speed(leg.worst.wind_gust_kt),
    seas: seasFt === undefined ? undefined : u.seas(seasFt)
  })
  const sep = preferences.language === "ja" ? "、" : ", "
  return `${leg.classification}: ${conditions}${leg.night ? `${sep}${pack.night}` : ""}`
}

/** The summary's sentence when every candidate departure is AVOID and none is recommended. */
export const noneRecommendedText = (preferences: Preferences, candidates: number): string =>
  packs[preferences.language].noneRecommended(candidates)

/** The best departure's sentence for the summary and its reason. */
export const bestDepartureText = (
  preferences: Preferences,
  best: { readonly departureMillis: number; readonly classification: Classification; readonly maxWindKt: number; readonly offsetHours: number },
  requested: { readonly classification: Classification; readonly worstFactor: string | null }
): { readonly sentence: string; readonly reason: string } => {
  const pack = packs[preferences.language]
  const u = unitsFor(preferences)
  const reason = best.offsetHours === 0
    ? pack.bestReason.requested
    : best.classification !== requested.classification
    ? pack.bestReason.safer({ requested: requested.classification, factor: factorName(pack, requested.worstFactor) })
    : pack.bestReason.calmer({ wind: u.speed(best.maxWindKt) })
  return { sentence: pack.best({ dep: utcText(best.departureMillis), cls: best.classification }), reason }
}
