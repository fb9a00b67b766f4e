import type { Classification } from "../forecast/Analysis.js"
import type { Language } from "../spotcast/Preferences.js"

/**
 * The words of a route's texts in the six languages. Class words, unit words and sea wording are the
 * SpotCast texts' own (the `classification` fields keep GO / CAUTION / AVOID; prose uses these), so a
 * skipper reads one vocabulary across SpotCasts and routes. Sentences are whole per language (word
 * order, plurals, typography); `RouteText` only chooses which to say and fills in the numbers and times.
 */

/** The units a route text quotes: the display units' keys. */
export type RouteUnit = "kts" | "mph" | "ms" | "nm" | "mi" | "km" | "ft" | "m"

export interface PassageWords {
  readonly distance: string
  readonly legs: number
  readonly speed: string
  /** The departure's local date and time ("Wednesday 25 November at 11:00"). */
  readonly dep: string
  /** The arrival's local time, with its date when it differs from the departure's. */
  readonly arr: string
  readonly hours: string
  /** The time zone every time of the text is in, named once. */
  readonly zone: string
  readonly cls: string
}

export interface RouteWords {
  readonly classWord: Readonly<Record<Classification, string>>
  /** The unit's word for an amount (plural rules are the language's). */
  readonly unit: (unit: RouteUnit, amount: number) => string
  /** A number and its unit word: "6 nœuds", "6ノット". */
  readonly quantity: (digits: string, word: string) => string
  /** A duration in hours: "6.1 hours", "6,1 heures", "6.1時間". */
  readonly duration: (digits: string, amount: number) => string
  /** A local date and time, and a time alone (the date said before). */
  readonly at: (date: string, time: string, hour: number) => string
  readonly atTime: (time: string, hour: number) => string
  /** The deciding factors, named with words the text floor's cues know. */
  readonly factors: Readonly<Record<string, string>>
  readonly passage: (p: PassageWords) => string
  readonly worst: (w: { leg: number; factor: string }) => string
  readonly calm: string
  readonly conditions: (c: { wind: string; gust: string; seas?: string | undefined }) => string
  /** A leg's class word, the factor that decided it when its readings do not show it, and its conditions. */
  readonly legHead: (cls: string, conditions: string, factor?: string) => string
  readonly legNight: (text: string) => string
  readonly best: (b: { dep: string; cls: string }) => string
  /** Every candidate departure is AVOID: none is recommended. */
  readonly noneRecommended: (n: number, avoid: string) => string
  readonly bestReason: {
    readonly safer: (b: { requested: string; factor: string }) => string
    readonly calmer: (b: { wind: string }) => string
    readonly requested: string
  }
}

type Plural = Readonly<Record<RouteUnit, readonly [singular: string, plural: string]>>

const plural = (units: Plural, fromTwo = false) => (unit: RouteUnit, amount: number) =>
  units[unit][(fromTwo ? Math.abs(amount) < 2 : amount === 1) ? 0 : 1]

const spaced = (digits: string, word: string) => `${digits} ${word}`

const en: RouteWords = {
  classWord: { GO: "GO", CAUTION: "CAUTION", AVOID: "AVOID" },
  unit: (unit) => ({ kts: "kt", mph: "mph", ms: "m/s", nm: "nm", mi: "mi", km: "km", ft: "ft", m: "m" })[unit],
  quantity: spaced,
  duration: (d, n) => `${d} ${n === 1 ? "hour" : "hours"}`,
  at: (date, time) => `${date} at ${time}`,
  atTime: (time) => `at ${time}`,
  factors: {
    wind: "wind", gust: "gusts", seas: "seas", steep_seas: "steep seas", visibility: "visibility", precipitation: "rain",
    thunderstorm: "thunderstorms", cold_water: "cold water", darkness: "darkness", freezing_spray: "freezing spray",
    sea_state_unavailable: "no sea-state data", wind_against_current: "wind against current", light_air: "light air", cold_air: "cold air"
  },
  passage: (p) =>
    `Passage of ${p.distance} in ${p.legs} ${p.legs === 1 ? "leg" : "legs"} at ${p.speed}: departing ${p.dep}, arriving ${p.arr} after ${p.hours} (local time, ${p.zone}). Rated ${p.cls}.`,
  worst: (w) => ` Worst on leg ${w.leg} (${w.factor}).`,
  calm: " No hazard found along the route.",
  conditions: (c) => `wind up to ${c.wind}, gusts ${c.gust}${c.seas === undefined ? "" : `, seas ${c.seas}`}`,
  legHead: (cls, c, f) => `${cls}${f === undefined ? "" : ` (${f})`}: ${c}`,
  legNight: (t) => `${t}, partly at night`,
  best: (b) => ` Best departure in the window: ${b.dep} (${b.cls}).`,
  noneRecommended: (n, avoid) => ` No departure is recommended: all ${n} candidate departures in the window are ${avoid}.`,
  bestReason: {
    safer: (b) => `safer than departing as requested (${b.requested}, ${b.factor})`,
    calmer: (b) => `the lightest winds of the window (at most ${b.wind})`,
    requested: "the requested departure is already the best of the window"
  }
}

const es: RouteWords = {
  classWord: { GO: "FAVORABLE", CAUTION: "PRECAUCIÓN", AVOID: "EVITAR" },
  unit: plural({
    kts: ["nudo", "nudos"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["milla náutica", "millas náuticas"],
    mi: ["milla", "millas"], km: ["km", "km"], ft: ["pie", "pies"], m: ["m", "m"]
  }),
  quantity: spaced,
  duration: (d, n) => `${d} ${n === 1 ? "hora" : "horas"}`,
  at: (date, time, h) => `el ${date} a ${h === 1 ? "la" : "las"} ${time}`,
  atTime: (time, h) => `a ${h === 1 ? "la" : "las"} ${time}`,
  factors: {
    wind: "viento", gust: "rachas", seas: "olas", steep_seas: "olas cortas", visibility: "visibilidad", precipitation: "lluvia",
    thunderstorm: "tormentas", cold_water: "agua fría", darkness: "oscuridad", freezing_spray: "rociones helados",
    sea_state_unavailable: "sin datos del estado del mar", wind_against_current: "viento contra corriente", light_air: "viento flojo", cold_air: "aire frío"
  },
  passage: (p) =>
    `Travesía de ${p.distance} en ${p.legs} ${p.legs === 1 ? "tramo" : "tramos"} a ${p.speed}: salida ${p.dep}, llegada ${p.arr} tras ${p.hours} (hora local, ${p.zone}). Clasificación: ${p.cls}.`,
  worst: (w) => ` Lo peor, en el tramo ${w.leg} (${w.factor}).`,
  calm: " Ningún peligro en la ruta.",
  conditions: (c) => `viento de hasta ${c.wind}, rachas de ${c.gust}${c.seas === undefined ? "" : `, olas de ${c.seas}`}`,
  legHead: (cls, c, f) => `${cls}${f === undefined ? "" : ` (${f})`}: ${c}`,
  legNight: (t) => `${t}, en parte de noche`,
  best: (b) => ` Mejor salida de la ventana: ${b.dep} (${b.cls}).`,
  noneRecommended: (n, avoid) => ` No se recomienda ninguna salida: las ${n} salidas posibles de la ventana se califican ${avoid}.`,
  bestReason: {
    safer: (b) => `menos expuesta que la salida pedida (${b.requested}, ${b.factor})`,
    calmer: (b) => `los vientos más flojos de la ventana (como máximo ${b.wind})`,
    requested: "la salida pedida ya es la mejor de la ventana"
  }
}

const fr: RouteWords = {
  classWord: { GO: "FAVORABLE", CAUTION: "PRUDENCE", AVOID: "À ÉVITER" },
  // French puts the plural from 2 on: "1,5 nœud", "2 nœuds".
  unit: plural({
    kts: ["nœud", "nœuds"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["mille nautique", "milles nautiques"],
    mi: ["mile", "miles"], km: ["km", "km"], ft: ["pied", "pieds"], m: ["m", "m"]
  }, true),
  quantity: spaced,
  duration: (d, n) => `${d} ${Math.abs(n) < 2 ? "heure" : "heures"}`,
  at: (date, time) => `le ${date} à ${time}`,
  atTime: (time) => `à ${time}`,
  factors: {
    wind: "vent", gust: "rafales", seas: "creux", steep_seas: "mer courte et creuse", visibility: "visibilité", precipitation: "pluie",
    thunderstorm: "orages", cold_water: "eau froide", darkness: "nuit", freezing_spray: "embruns verglaçants",
    sea_state_unavailable: "pas de données sur l'état de la mer", wind_against_current: "vent contre courant", light_air: "vent faible", cold_air: "air froid"
  },
  passage: (p) =>
    `Traversée de ${p.distance} en ${p.legs} ${p.legs === 1 ? "étape" : "étapes"} à ${p.speed} : départ ${p.dep}, arrivée ${p.arr} après ${p.hours} de route (heure locale, ${p.zone}). Évaluation : ${p.cls}.`,
  worst: (w) => ` Le plus difficile : l'étape ${w.leg} (${w.factor}).`,
  calm: " Aucun danger relevé sur l'ensemble du parcours.",
  conditions: (c) => `vent jusqu'à ${c.wind}, rafales ${c.gust}${c.seas === undefined ? "" : `, creux ${c.seas}`}`,
  legHead: (cls, c, f) => `${cls}${f === undefined ? "" : ` (${f})`} : ${c}`,
  legNight: (t) => `${t}, en partie de nuit`,
  best: (b) => ` Meilleur départ de la fenêtre : ${b.dep} (${b.cls}).`,
  noneRecommended: (n, avoid) => ` Aucun départ n'est recommandé : les ${n} départs possibles de la fenêtre sont classés ${avoid}.`,
  bestReason: {
    safer: (b) => `moins exposé que le départ demandé (${b.requested}, ${b.factor})`,
    calmer: (b) => `les vents les plus faibles de la fenêtre (au plus ${b.wind})`,
    requested: "le départ demandé est déjà le meilleur de la fenêtre"
  }
}

// European Portuguese, as the SpotCast texts. Combined seas are "ondas" (wave height); "ondulação" is swell.
const pt: RouteWords = {
  classWord: { GO: "FAVORÁVEL", CAUTION: "CAUTELA", AVOID: "EVITAR" },
  unit: plural({
    kts: ["nó", "nós"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["milha náutica", "milhas náuticas"],
    mi: ["milha", "milhas"], km: ["km", "km"], ft: ["pé", "pés"], m: ["m", "m"]
  }),
  quantity: spaced,
  duration: (d, n) => `${d} ${n === 1 ? "hora" : "horas"}`,
  at: (date, time, h) => `${date}, ${h === 1 ? "à" : "às"} ${time}`,
  atTime: (time, h) => `${h === 1 ? "à" : "às"} ${time}`,
  factors: {
    wind: "vento", gust: "rajadas", seas: "ondas", steep_seas: "mar cavado", visibility: "visibilidade", precipitation: "chuva",
    thunderstorm: "trovoadas", cold_water: "água fria", darkness: "escuridão", freezing_spray: "salpicos gelados",
    sea_state_unavailable: "sem dados do estado do mar", wind_against_current: "vento contra a corrente", light_air: "vento fraco", cold_air: "ar frio"
  },
  passage: (p) =>
    `Travessia de ${p.distance} em ${p.legs} ${p.legs === 1 ? "pernada" : "pernadas"} a ${p.speed}: partida ${p.dep}, chegada ${p.arr} após ${p.hours} (hora local, ${p.zone}). Classificação: ${p.cls}.`,
  worst: (w) => ` O pior na pernada ${w.leg} (${w.factor}).`,
  calm: " Nenhum perigo na rota.",
  conditions: (c) => `vento até ${c.wind}, rajadas de ${c.gust}${c.seas === undefined ? "" : `, ondas de ${c.seas}`}`,
  legHead: (cls, c, f) => `${cls}${f === undefined ? "" : ` (${f})`}: ${c}`,
  legNight: (t) => `${t}, em parte de noite`,
  best: (b) => ` Melhor partida da janela: ${b.dep} (${b.cls}).`,
  noneRecommended: (n, avoid) => ` Nenhuma partida é recomendada: as ${n} partidas possíveis da janela estão classificadas ${avoid}.`,
  bestReason: {
    safer: (b) => `menos exposta do que a partida pedida (${b.requested}, ${b.factor})`,
    calmer: (b) => `os ventos mais fracos da janela (no máximo ${b.wind})`,
    requested: "a partida pedida já é a melhor da janela"
  }
}

const it: RouteWords = {
  classWord: { GO: "FAVOREVOLE", CAUTION: "PRUDENZA", AVOID: "DA EVITARE" },
  unit: plural({
    kts: ["nodo", "nodi"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["miglio nautico", "miglia nautiche"],
    mi: ["miglio", "miglia"], km: ["km", "km"], ft: ["piede", "piedi"], m: ["m", "m"]
  }),
  quantity: spaced,
  duration: (d, n) => `${d} ${n === 1 ? "ora" : "ore"}`,
  at: (date, time, h) => `${date} ${h === 1 ? "all'" : "alle "}${time}`,
  atTime: (time, h) => `${h === 1 ? "all'" : "alle "}${time}`,
  factors: {
    wind: "vento", gust: "raffiche", seas: "onde", steep_seas: "mare corto", visibility: "visibilità", precipitation: "pioggia",
    thunderstorm: "temporali", cold_water: "acqua fredda", darkness: "buio", freezing_spray: "spruzzi ghiaccianti",
    sea_state_unavailable: "nessun dato sullo stato del mare", wind_against_current: "vento contro corrente", light_air: "vento debole", cold_air: "aria fredda"
  },
  passage: (p) =>
    `Traversata di ${p.distance} in ${p.legs} ${p.legs === 1 ? "tratta" : "tratte"} a ${p.speed}: partenza ${p.dep}, arrivo ${p.arr} dopo ${p.hours} (ora locale, ${p.zone}). Valutazione: ${p.cls}.`,
  worst: (w) => ` Il peggio nella tratta ${w.leg} (${w.factor}).`,
  calm: " Nessun pericolo lungo la rotta.",
  conditions: (c) => `vento fino a ${c.wind}, raffiche di ${c.gust}${c.seas === undefined ? "" : `, onde di ${c.seas}`}`,
  legHead: (cls, c, f) => `${cls}${f === undefined ? "" : ` (${f})`}: ${c}`,
  legNight: (t) => `${t}, in parte di notte`,
  best: (b) => ` Partenza migliore della finestra: ${b.dep} (${b.cls}).`,
  noneRecommended: (n, avoid) => ` Nessuna partenza è consigliata: tutte le ${n} partenze possibili della finestra sono classificate ${avoid}.`,
  bestReason: {
    safer: (b) => `meno esposta della partenza richiesta (${b.requested}, ${b.factor})`,
    calmer: (b) => `i venti più deboli della finestra (al massimo ${b.wind})`,
    requested: "la partenza richiesta è già la migliore della finestra"
  }
}

// Japanese writes the unit straight after the number, with no space and no plural.
const ja: RouteWords = {
  classWord: { GO: "出航可", CAUTION: "注意", AVOID: "出航見合わせ" },
  unit: (unit) => ({ kts: "ノット", mph: "mph", ms: "m/s", nm: "海里", mi: "マイル", km: "km", ft: "フィート", m: "m" })[unit],
  quantity: (digits, word) => `${digits}${word}`,
  duration: (d) => `${d}時間`,
  at: (date, time) => `${date}${time}`,
  atTime: (time) => time,
  factors: {
    wind: "風", gust: "突風", seas: "波", steep_seas: "急峻な波", visibility: "視程", precipitation: "雨",
    thunderstorm: "雷雨", cold_water: "低水温", darkness: "夜間", freezing_spray: "着氷性の飛沫",
    sea_state_unavailable: "海況データなし", wind_against_current: "潮流に逆らう風", light_air: "微風", cold_air: "低気温"
  },
  passage: (p) =>
    `${p.distance}・${p.legs}区間の航海（${p.speed}）：${p.dep}出発、${p.hours}後の${p.arr}到着（現地時間、${p.zone}）。評価は「${p.cls}」。`,
  worst: (w) => `最も厳しいのは区間${w.leg}（${w.factor}）。`,
  calm: "航路上に危険は見つかりません。",
  conditions: (c) => `風速は最大${c.wind}、最大瞬間風速は${c.gust}${c.seas === undefined ? "" : `、波高は${c.seas}`}`,
  legHead: (cls, c, f) => `${cls}${f === undefined ? "" : `（${f}）`}：${c}`,
  legNight: (t) => `${t}、一部夜間`,
  best: (b) => `ウィンドウ内で最良の出発：${b.dep}（${b.cls}）。`,
  noneRecommended: (n, avoid) => `推奨できる出発はありません：ウィンドウ内の${n}件の出発候補はすべて「${avoid}」です。`,
  bestReason: {
    safer: (b) => `希望の出発（${b.requested}、${b.factor}）より危険が少ない`,
    calmer: (b) => `ウィンドウ内で最も弱い風（最大${b.wind}）`,
    requested: "希望の出発がすでにウィンドウ内で最良"
  }
}

export const routeWords: Readonly<Record<Language, RouteWords>> = { en, es, fr, pt, it, ja }
