import type { Language } from "../../../domain/spotcast/Preferences.js"
import type { WindowLabel } from "./Pack.js"

/**
 * The short day text's sentences in the six languages (issue 23): each fact once, in a forecaster's
 * order and words. Quantities, compass words and times arrive already written (the packs' quantities,
 * `LocalClock`'s one time format per language, the zone on the first time).
 */
export interface DayWords {
  /** "Wind southwest 12–16 kt, gusts 22 kt" (no full stop: a change may follow). */
  readonly wind: (from: string | undefined, speed: string | undefined, gust: string | undefined) => string
  /** ", becoming northwest 20–25 kt after 15:00" (a shift) or ", building to 25 kt after 15:00". */
  readonly becoming: (from: string | undefined, speed: string, time: string) => string
  readonly seas: (height: string | undefined, period: string | undefined, from: string | undefined) => string
  readonly swell: (height: string, period: string | undefined, from: string | undefined) => string
  /** The chance of rain and its rate, in few words ("rain 90% (3.6 mm/h)"). */
  readonly rain: (chance: string | undefined, rate: string | undefined) => string
  /** Good visibility (the other grades use the hazard's words). */
  readonly visibility: (v: string) => string
  readonly air: (t: string) => string
  readonly water: (t: string) => string
  readonly window: (label: WindowLabel, from: string, to: string) => string
  readonly outside: (items: string) => string
  readonly outsideWind: (q: string, time: string) => string
  readonly outsideGust: (q: string, time: string) => string
  readonly outsideSeas: (q: string, time: string) => string
  readonly pressure: (fall: string, rate: "quickly" | "veryRapidly", time: string) => string
  readonly tides: (highs: string | undefined, lows: string | undefined) => string
  /** Closes a sentence. */
  readonly stop: string
  /** Between the parts of one sentence ("; " / "、"). */
  readonly then: string
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const vowel = /^[aeiouàâéèêëîïôûü]/i
const deFr = (from: string) => vowel.test(from) ? `d'${from}` : `de ${from}`
// "a las 15:00" but "a la 1:00" (es); "às 15h00" but "à 1h00" (pt); "alle 15:00" but "all'1:00" (it).
const lasEs = (t: string) => t.startsWith("01:") ? `la ${t}` : `las ${t}`
const dasPt = (t: string) => t.startsWith("1h") ? `da ${t}` : `das ${t}`
const asPt = (t: string) => t.startsWith("1h") ? `à ${t}` : `às ${t}`
const dalleIt = (t: string) => t.startsWith("1:") ? `dall'${t}` : `dalle ${t}`
const alleIt = (t: string) => t.startsWith("1:") ? `all'${t}` : `alle ${t}`

const words: Record<Language, DayWords> = {
  en: {
    wind: (f, s, g) => `Wind${f === undefined ? "" : ` ${f}`}${s === undefined ? "" : ` ${s}`}${g === undefined ? "" : `, gusts ${g}`}`,
    becoming: (f, s, t) => f === undefined ? `, building to ${s} after ${t}` : `, becoming ${f} ${s} after ${t}`,
    seas: (h, p, f) => `Seas${h === undefined ? "" : ` ${h}`}${p === undefined ? "" : h === undefined ? `, period ${p},` : ` at ${p}`}${f === undefined ? "" : ` from the ${f}`}`.replace(/,$/, ""),
    swell: (h, p, f) => `swell ${h}${p === undefined ? "" : ` at ${p}`}${f === undefined ? "" : ` from the ${f}`}`,
    rain: (c, r) => c === undefined ? `rain ${r}` : `rain ${c}${r === undefined ? "" : ` (${r})`}`,
    visibility: (v) => `visibility ${v}`,
    air: (t) => `air ${t}`,
    water: (t) => `water ${t}`,
    window: (l, a, b) => ({ best: "Best window", daylight: "Daylight", trip: "Trip hours", wholeDay: "No daylight, whole day" })[l] + ` ${a}–${b}.`,
    outside: (i) => `Worse outside the window: ${i}.`,
    outsideWind: (q, t) => `wind ${q} at ${t}`,
    outsideGust: (q, t) => `gusts ${q} at ${t}`,
    outsideSeas: (q, t) => `seas ${q} at ${t}`,
    pressure: (fall, r, t) => `Barometer falling ${r === "quickly" ? "quickly" : "very rapidly"} (${fall} in 3 h from ${t}): expect the wind to build.`,
    tides: (h, l) => cap([h && `high water ${h}`, l && `low water ${l}`].filter(Boolean).join("; ")) + ".",
    stop: ".",
    then: "; "
  },
  es: {
    wind: (f, s, g) => `Viento${f === undefined ? "" : ` del ${f}`}${s === undefined ? "" : ` de ${s}`}${g === undefined ? "" : `, rachas de ${g}`}`,
    becoming: (f, s, t) => f === undefined ? `, arreciando a ${s} a partir de ${lasEs(t)}` : `, rolando al ${f} de ${s} a partir de ${lasEs(t)}`,
    seas: (h, p, f) => `Olas${f === undefined ? "" : ` del ${f}`}${h === undefined ? "" : ` de ${h}`}${p === undefined ? "" : `, periodo ${p}`}`,
    swell: (h, p, f) => `mar de fondo${f === undefined ? "" : ` del ${f}`} de ${h}${p === undefined ? "" : `, periodo ${p}`}`,
    rain: (c, r) => c === undefined ? `lluvia de ${r}` : `lluvia ${c}${r === undefined ? "" : ` (${r})`}`,
    visibility: (v) => `visibilidad ${v}`,
    air: (t) => `aire ${t}`,
    water: (t) => `agua ${t}`,
    window: (l, a, b) =>
      ({ best: "Mejor franja", daylight: "Horas de luz", trip: "Horas de la salida", wholeDay: "Sin luz de día, todo el día" })[l] +
      `: de ${a} a ${b}.`,
    outside: (i) => `Peor fuera de la franja: ${i}.`,
    outsideWind: (q, t) => `viento de ${q} a ${lasEs(t)}`,
    outsideGust: (q, t) => `rachas de ${q} a ${lasEs(t)}`,
    outsideSeas: (q, t) => `olas de ${q} a ${lasEs(t)}`,
    pressure: (fall, r, t) =>
      `Barómetro en descenso ${r === "quickly" ? "rápido" : "muy rápido"} (${fall} en 3 h desde ${lasEs(t)}): el viento puede arreciar.`,
    tides: (h, l) => cap([h && `pleamar: ${h}`, l && `bajamar: ${l}`].filter(Boolean).join("; ")) + ".",
    stop: ".",
    then: "; "
  },
  fr: {
    wind: (f, s, g) => `Vent${f === undefined ? "" : ` ${deFr(f)}`}${s === undefined ? "" : ` ${s}`}${g === undefined ? "" : `, rafales à ${g}`}`,
    becoming: (f, s, t) => f === undefined ? `, forcissant à ${s} après ${t}` : `, virant ${f} ${s} après ${t}`,
    seas: (h, p, f) => `Vagues${f === undefined ? "" : ` ${deFr(f)}`}${h === undefined ? "" : ` de ${h}`}${p === undefined ? "" : `, période ${p}`}`,
    swell: (h, p, f) => `houle${f === undefined ? "" : ` ${deFr(f)}`} de ${h}${p === undefined ? "" : `, période ${p}`}`,
    rain: (c, r) => c === undefined ? `pluie de ${r}` : `pluie ${c}${r === undefined ? "" : ` (${r})`}`,
    visibility: (v) => `visibilité ${v}`,
    air: (t) => `air ${t}`,
    water: (t) => `eau ${t}`,
    window: (l, a, b) =>
      ({ best: "Meilleur créneau", daylight: "En journée,", trip: "Sortie prévue", wholeDay: "Sans jour, toute la journée," })[l] +
      ` de ${a} à ${b}.`,
    outside: (i) => `Plus dur hors du créneau : ${i}.`,
    outsideWind: (q, t) => `vent de ${q} à ${t}`,
    outsideGust: (q, t) => `rafales à ${q} à ${t}`,
    outsideSeas: (q, t) => `mer de ${q} à ${t}`,
    pressure: (fall, r, t) =>
      `Baromètre en baisse ${r === "quickly" ? "rapide" : "très rapide"} (${fall} en 3 h dès ${t}) : le vent peut forcir.`,
    tides: (h, l) => cap([h && `pleine mer : ${h}`, l && `basse mer : ${l}`].filter(Boolean).join(" ; ")) + ".",
    stop: ".",
    then: " ; "
  },
  pt: {
    wind: (f, s, g) => `Vento${f === undefined ? "" : ` de ${f}`}${s === undefined ? "" : ` com ${s}`}${g === undefined ? "" : `, rajadas até ${g}`}`,
    becoming: (f, s, t) => f === undefined ? `, a aumentar para ${s} a partir ${dasPt(t)}` : `, a rodar para ${f} com ${s} a partir ${dasPt(t)}`,
    seas: (h, p, f) => `Ondas${f === undefined ? "" : ` de ${f}`}${h === undefined ? "" : ` com ${h}`}${p === undefined ? "" : `, período de ${p}`}`,
    swell: (h, p, f) => `ondulação${f === undefined ? "" : ` de ${f}`} com ${h}${p === undefined ? "" : `, período de ${p}`}`,
    rain: (c, r) => c === undefined ? `chuva de ${r}` : `chuva ${c}${r === undefined ? "" : ` (${r})`}`,
    visibility: (v) => `visibilidade ${v}`,
    air: (t) => `ar ${t}`,
    water: (t) => `água ${t}`,
    window: (l, a, b) =>
      ({ best: "Melhor janela", daylight: "Durante o dia", trip: "Horário da saída", wholeDay: "Sem luz do dia, todo o dia" })[l] +
      `: ${dasPt(a)} ${asPt(b)}.`,
    outside: (i) => `Pior fora da janela: ${i}.`,
    outsideWind: (q, t) => `vento de ${q} ${asPt(t)}`,
    outsideGust: (q, t) => `rajadas de ${q} ${asPt(t)}`,
    outsideSeas: (q, t) => `ondas de ${q} ${asPt(t)}`,
    pressure: (fall, r, t) =>
      `Barómetro em descida ${r === "quickly" ? "rápida" : "muito rápida"} (${fall} em 3 h a partir ${dasPt(t)}): o vento pode aumentar.`,
    tides: (h, l) => cap([h && `preia-mar: ${h}`, l && `baixa-mar: ${l}`].filter(Boolean).join("; ")) + ".",
    stop: ".",
    then: "; "
  },
  it: {
    wind: (f, s, g) => `Vento${f === undefined ? "" : ` da ${f}`}${s === undefined ? "" : ` ${s}`}${g === undefined ? "" : `, raffiche fino a ${g}`}`,
    becoming: (f, s, t) => f === undefined ? `, in rinforzo a ${s} ${dalleIt(t)}` : `, in rotazione da ${f} ${s} ${dalleIt(t)}`,
    seas: (h, p, f) => `Onde${f === undefined ? "" : ` da ${f}`}${h === undefined ? "" : ` di ${h}`}${p === undefined ? "" : `, periodo ${p}`}`,
    swell: (h, p, f) => `onda lunga${f === undefined ? "" : ` da ${f}`} di ${h}${p === undefined ? "" : `, periodo ${p}`}`,
    rain: (c, r) => c === undefined ? `pioggia di ${r}` : `pioggia ${c}${r === undefined ? "" : ` (${r})`}`,
    visibility: (v) => `visibilità ${v}`,
    air: (t) => `aria ${t}`,
    water: (t) => `acqua ${t}`,
    window: (l, a, b) =>
      ({ best: "Finestra migliore", daylight: "Ore di luce,", trip: "Orario dell'uscita", wholeDay: "Nessuna ora di luce, tutto il giorno," })[l] +
      ` ${dalleIt(a)} ${alleIt(b)}.`,
    outside: (i) => `Peggio fuori dalla finestra: ${i}.`,
    outsideWind: (q, t) => `vento a ${q} ${alleIt(t)}`,
    outsideGust: (q, t) => `raffiche a ${q} ${alleIt(t)}`,
    outsideSeas: (q, t) => `onde di ${q} ${alleIt(t)}`,
    pressure: (fall, r, t) =>
      `Barometro in calo ${r === "quickly" ? "rapido" : "molto rapido"} (${fall} in 3 ore ${dalleIt(t)}): il vento può rinforzare.`,
    tides: (h, l) => cap([h && `alta marea: ${h}`, l && `bassa marea: ${l}`].filter(Boolean).join("; ")) + ".",
    stop: ".",
    then: "; "
  },
  ja: {
    wind: (f, s, g) => `${f === undefined ? "風" : `${f}の風`}${s ?? ""}${g === undefined ? "" : `、最大瞬間風速${g}`}`,
    becoming: (f, s, t) => f === undefined ? `、${t}以降は${s}に強まる見込み` : `、${t}以降は${f}の風${s}に変わる見込み`,
    seas: (h, p, f) => `${f === undefined ? "" : `${f}からの`}波${h === undefined ? "" : `${h}`}${p === undefined ? "" : `（周期${p}）`}`,
    swell: (h, p, f) => `${f === undefined ? "" : `${f}からの`}うねり${h}${p === undefined ? "" : `（周期${p}）`}`,
    rain: (c, r) => c === undefined ? `雨${r}` : `降水確率${c}${r === undefined ? "" : `（${r}）`}`,
    visibility: (v) => `視程${v}`,
    air: (t) => `気温${t}`,
    water: (t) => `水温${t}`,
    window: (l, a, b) => ({ best: "おすすめの時間帯", daylight: "日中", trip: "予定の時間帯", wholeDay: "日照なし・終日" })[l] + `：${a}〜${b}。`,
    outside: (i) => `時間帯の外はより厳しくなります：${i}。`,
    outsideWind: (q, t) => `${t}に風${q}`,
    outsideGust: (q, t) => `${t}に突風${q}`,
    outsideSeas: (q, t) => `${t}に波${q}`,
    pressure: (fall, r, t) => `気圧が${r === "quickly" ? "急速に" : "非常に急速に"}下降（${t}から3時間で${fall}）。風の強まりに注意してください。`,
    tides: (h, l) => [h && `満潮${h}`, l && `干潮${l}`].filter(Boolean).join("、") + "。",
    stop: "。",
    then: "、"
  }
}

export const dayWords = (language: Language): DayWords => words[language]
