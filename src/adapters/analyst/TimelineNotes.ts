import type { Classification } from "../../domain/forecast/Analysis.js"
import type { DayNote } from "../../domain/forecast/ForecastExtras.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { packFor } from "./i18n/Packs.js"
import { storyTexts } from "./TimelineStory.js"
import { speed } from "./Units.js"

interface NoteWords {
  /** `models`: "gfs_seamless AVOID, best_match CAUTION"; `cls`: the class word. */
  readonly disagree: (models: string, cls: string) => string
  /** `current` and `wind` with units, `time` local HH:MM. */
  readonly againstWind: (current: string, wind: string, time: string) => string
}

// Issue 15's two sentences in the six languages (kept out of the packs, which other work owns).
const words: Record<Language, NoteWords> = {
  en: {
    disagree: (m, c) => `The weather models disagree on this day (${m}): it is rated ${c}, the more severe.`,
    againstWind: (cur, w, t) => `Wind against current: a ${cur} current runs against the ${w} wind around ${t}, making the seas steeper and higher.`
  },
  es: {
    disagree: (m, c) => `Los modelos meteorológicos no coinciden este día (${m}): se califica ${c}, la opción más severa.`,
    againstWind: (cur, w, t) => `Viento contra corriente: una corriente de ${cur} va contra el viento de ${w} hacia las ${t}, con mar más alta y empinada.`
  },
  fr: {
    disagree: (m, c) => `Les modèles météo ne s'accordent pas ce jour-là (${m}) : il est classé ${c}, le plus sévère.`,
    againstWind: (cur, w, t) => `Vent contre courant : un courant de ${cur} s'oppose au vent de ${w} vers ${t}, la mer devient plus creuse et plus haute.`
  },
  pt: {
    disagree: (m, c) => `Os modelos meteorológicos discordam neste dia (${m}): fica classificado ${c}, o mais severo.`,
    againstWind: (cur, w, t) => `Vento contra corrente: uma corrente de ${cur} opõe-se ao vento de ${w} por volta das ${t}, com mar mais alto e cavado.`
  },
  it: {
    disagree: (m, c) => `I modelli meteorologici non concordano in questo giorno (${m}): è classificato ${c}, il più severo.`,
    againstWind: (cur, w, t) => `Vento contro corrente: una corrente di ${cur} contro il vento di ${w} verso le ${t} rende il mare più ripido e più alto.`
  },
  ja: {
    disagree: (m, c) => `この日は気象モデルの予報が一致しません（${m}）。より厳しい${c}と判定します。`,
    againstWind: (cur, w, t) => `風と潮流が逆向きです：${t}ごろ${cur}の潮流が${w}の風に逆らって流れ、波が高く険しくなります。`
  }
}

const classWord = (language: Language, cls: Classification) => packFor(language).classWord[cls]

/** The sentences day `dayIndex`'s notes and story call for, in the requested language and units. */
export const noteTexts = (input: AnalystInput, dayIndex: number, withStory = true): ReadonlyArray<string> => {
  const { language, speedUnits } = input.preferences
  const pack = packFor(language)
  const w = words[language]
  return [...(withStory ? storyTexts(input, dayIndex) : []), ...(input.notes?.[dayIndex] ?? []).map((note: DayNote) => {
    if (note._tag === "ModelsDisagree") {
      return w.disagree(note.models.map(([m, c]) => `${m} ${classWord(language, c)}`).join(", "), classWord(language, note.rated))
    }
    const o = note.opposition
    return w.againstWind(pack.quantity(speed(o.currentKt, speedUnits, language)), pack.quantity(speed(o.windKt, speedUnits, language)), o.time.slice(11, 16))
  })]
}
