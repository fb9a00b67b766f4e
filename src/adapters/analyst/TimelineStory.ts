import type { DayStory } from "../../domain/forecast/DayStory.js"
import { windowOffered } from "../../domain/safety/TripWindowChoice.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { compassOf, dateText } from "./BuiltinFacts.js"
import { pad2 } from "./i18n/Grammar.js"
import type { Pack } from "./i18n/Pack.js"
import { textClock, zoneNameOf } from "./i18n/LocalClock.js"
import { packFor } from "./i18n/Packs.js"
import * as Units from "./Units.js"

// Issue 15 item 5: the day texts told from the hours (how the wind changes, what is worse outside the
// window and when, high and low water) and the best time to go in the summary. Six languages, kept out
// of the packs (which other work owns); the packs give the compass words, quantities and lists.

interface StoryWords {
  readonly wind: (from: string, range: string) => string
  readonly building: (to: string, time: string) => string
  readonly outside: (items: string) => string
  readonly gust: (q: string, time: string) => string
  readonly sustained: (q: string, time: string) => string
  readonly seas: (q: string, time: string) => string
  readonly tides: (highs: string | undefined, lows: string | undefined) => string
  readonly bestTime: (date: string, start: string, end: string, cls: string) => string
}

const vowel = /^[aeiouàâéèêëîïôûü]/i

const words: Record<Language, StoryWords> = {
  en: {
    wind: (f, r) => `Wind from the ${f} ${r}`,
    building: (to, t) => `, building to ${to} after ${t}`,
    outside: (i) => `Outside the window: ${i}.`,
    gust: (q, t) => `gusts to ${q} at ${t}`,
    sustained: (q, t) => `wind ${q} at ${t}`,
    seas: (q, t) => `seas of ${q} at ${t}`,
    tides: (h, l) => [h && `High water ${h}`, l && `low water ${l}`].filter(Boolean).join("; ").replace(/^l/, "L") + ".",
    bestTime: (d, a, b, c) => `Best time to go: ${d}, ${a}–${b} (${c}).`
  },
  es: {
    wind: (f, r) => `Viento del ${f} de ${r}`,
    building: (to, t) => `, aumentando a ${to} a partir de las ${t}`,
    outside: (i) => `Fuera de la ventana: ${i}.`,
    gust: (q, t) => `rachas de ${q} a las ${t}`,
    sustained: (q, t) => `viento de ${q} a las ${t}`,
    seas: (q, t) => `mar de ${q} a las ${t}`,
    tides: (h, l) => [h && `Pleamar: ${h}`, l && `bajamar: ${l}`].filter(Boolean).join("; ").replace(/^b/, "B") + ".",
    bestTime: (d, a, b, c) => `Mejor momento para salir: ${d}, de ${a} a ${b} (${c}).`
  },
  fr: {
    wind: (f, r) => `Vent ${vowel.test(f) ? "d'" : "de "}${f}, ${r}`,
    building: (to, t) => `, forcissant à ${to} après ${t}`,
    outside: (i) => `Hors de la fenêtre : ${i}.`,
    gust: (q, t) => `rafales à ${q} à ${t}`,
    sustained: (q, t) => `vent de ${q} à ${t}`,
    seas: (q, t) => `mer de ${q} à ${t}`,
    tides: (h, l) => [h && `Pleine mer : ${h}`, l && `basse mer : ${l}`].filter(Boolean).join(" ; ").replace(/^b/, "B") + ".",
    bestTime: (d, a, b, c) => `Meilleur moment pour sortir : ${d}, de ${a} à ${b} (${c}).`
  },
  pt: {
    wind: (f, r) => `Vento de ${f}, ${r}`,
    building: (to, t) => `, a aumentar para ${to} depois das ${t}`,
    outside: (i) => `Fora da janela: ${i}.`,
    gust: (q, t) => `rajadas de ${q} às ${t}`,
    sustained: (q, t) => `vento de ${q} às ${t}`,
    seas: (q, t) => `mar de ${q} às ${t}`,
    tides: (h, l) => [h && `Preia-mar: ${h}`, l && `baixa-mar: ${l}`].filter(Boolean).join("; ").replace(/^b/, "B") + ".",
    bestTime: (d, a, b, c) => `Melhor altura para sair: ${d}, ${a.startsWith("1h") ? "da" : "das"} ${a} ${b.startsWith("1h") ? "à" : "às"} ${b} (${c}).`
  },
  it: {
    wind: (f, r) => `Vento da ${f}, ${r}`,
    building: (to, t) => `, in rinforzo fino a ${to} dopo le ${t}`,
    outside: (i) => `Fuori dalla finestra: ${i}.`,
    gust: (q, t) => `raffiche a ${q} alle ${t}`,
    sustained: (q, t) => `vento a ${q} alle ${t}`,
    seas: (q, t) => `mare di ${q} alle ${t}`,
    tides: (h, l) => [h && `Alta marea: ${h}`, l && `bassa marea: ${l}`].filter(Boolean).join("; ").replace(/^b/, "B") + ".",
    bestTime: (d, a, b, c) => `Momento migliore per uscire: ${d}, ${a.startsWith("1:") ? "dall'" : "dalle "}${a} ${b.startsWith("1:") ? "all'" : "alle "}${b} (${c}).`
  },
  ja: {
    wind: (f, r) => `${f}の風${r}`,
    building: (to, t) => `、${t}以降は${to}まで強まる見込み`,
    outside: (i) => `時間帯外：${i}。`,
    gust: (q, t) => `${t}に突風${q}`,
    sustained: (q, t) => `${t}に風${q}`,
    seas: (q, t) => `${t}に波${q}`,
    tides: (h, l) => [h && `満潮${h}`, l && `干潮${l}`].filter(Boolean).join("、") + "。",
    bestTime: (d, a, b, c) => `出航に最適な時間：${d}${a}〜${b}（${c}）。`
  }
}

/** `HH:MM` of a local fractional hour (rounded to the minute). */
const clock = (hour: number): string => {
  const minutes = Math.round(hour * 60)
  return `${pad2(Math.floor(minutes / 60) % 24)}:${pad2(minutes % 60)}`
}

const speedRange = (pack: Pack, lo: Units.Quantity, hi: Units.Quantity) =>
  lo.digits === hi.digits ? pack.quantity(hi) : `${lo.digits}–${pack.quantity(hi)}`

/** The story sentences of day `dayIndex`, when the input carries its story. */
export const storyTexts = (input: AnalystInput, dayIndex: number): ReadonlyArray<string> => {
  const story: DayStory | undefined = input.stories?.[dayIndex]
  if (story === undefined) return []
  const { heightUnits: h, language: l, speedUnits: s } = input.preferences
  const pack = packFor(l)
  const w = words[l]
  const sentences: Array<string> = []
  if (story.wind !== undefined) {
    const range = speedRange(pack, Units.speed(story.wind.lo, s, l), Units.speed(story.wind.hi, s, l))
    const building = story.building === undefined ? "" : w.building(pack.quantity(Units.speed(story.building.to, s, l)), clock(story.building.after))
    sentences.push(`${w.wind(pack.compass[compassOf(story.wind.fromDeg)], range)}${building}${l === "ja" ? "。" : "."}`)
  }
  const { gust, seas, wind } = story.outside
  const items = [
    wind && w.sustained(pack.quantity(Units.speed(wind.value, s, l)), clock(wind.hour)),
    gust && w.gust(pack.quantity(Units.speed(gust.value, s, l)), clock(gust.hour)),
    seas && w.seas(pack.quantity(Units.height(seas.value, h, l)), clock(seas.hour))
  ].filter((x): x is string => x !== undefined)
  if (items.length > 0) sentences.push(w.outside(pack.list(items)))
  const times = (type: "high" | "low") => {
    const xs = story.tides.filter((t) => t.type === type).map((t) => clock(t.hour))
    return xs.length === 0 ? undefined : pack.list(xs)
  }
  if (story.tides.length > 0) sentences.push(w.tides(times("high"), times("low")))
  return sentences
}

/**
 * "Best time to go" for the summary: the best day's window when the rules offer it (`windowOffered`:
 * never on an AVOID day, at night or before the issue time), in the language's one time format with
 * the zone named after the window's end.
 */
export const bestTimeText = (input: AnalystInput, best: DayAssessment): string | undefined => {
  const story = input.stories?.[input.days.indexOf(best)]
  if (story === undefined || !windowOffered(best)) return undefined
  const language = input.preferences.language
  const pack = packFor(language)
  const clock = textClock(language, zoneNameOf(story.zone, best.date))
  return words[language].bestTime(
    dateText(best.date, pack),
    clock.plain(best.window.startHour * 60),
    clock.zoned(best.window.endHour * 60),
    pack.classWord[best.classification]
  )
}
