import type { DayNote } from "../../domain/forecast/ForecastExtras.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { packFor } from "./i18n/Packs.js"
import { disagreementTexts } from "./ModelWords.js"
import { storyTexts } from "./TimelineStory.js"
import { speed } from "./Units.js"

interface NoteWords {
  /** `current` and `wind` with units, `time` local HH:MM. */
  readonly againstWind: (current: string, wind: string, time: string) => string
}

// The current-against-wind sentence in the six languages (the models' sentences: ModelWords.ts).
const words: Record<Language, NoteWords> = {
  en: {
    againstWind: (cur, w, t) => `Wind against current: a ${cur} current runs against the ${w} wind around ${t}, making the seas steeper and higher.`
  },
  es: {
    againstWind: (cur, w, t) => `Viento contra corriente: una corriente de ${cur} va contra el viento de ${w} hacia las ${t}, con mar más alta y empinada.`
  },
  fr: {
    againstWind: (cur, w, t) => `Vent contre courant : un courant de ${cur} s'oppose au vent de ${w} vers ${t}, la mer devient plus creuse et plus haute.`
  },
  pt: {
    againstWind: (cur, w, t) => `Vento contra corrente: uma corrente de ${cur} opõe-se ao vento de ${w} por volta das ${t}, com mar mais alto e cavado.`
  },
  it: {
    againstWind: (cur, w, t) => `Vento contro corrente: una corrente di ${cur} contro il vento di ${w} verso le ${t} rende il mare più ripido e più alto.`
  },
  ja: {
    againstWind: (cur, w, t) => `風と潮流が逆向きです：${t}ごろ${cur}の潮流が${w}の風に逆らって流れ、波が高く険しくなります。`
  }
}

/** The sentences day `dayIndex`'s notes and story call for, in the requested language and units. */
export const noteTexts = (
  input: AnalystInput,
  dayIndex: number,
  withStory = true,
  /** Writes a local time (minutes of the day) as the text does; HH:MM when absent (the language model's facts). */
  clock: (minutes: number) => string = (m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`
): ReadonlyArray<string> => {
  const { language, speedUnits } = input.preferences
  const pack = packFor(language)
  const w = words[language]
  return [...(withStory ? storyTexts(input, dayIndex) : []), ...(input.notes?.[dayIndex] ?? []).flatMap((note: DayNote) => {
    if (note._tag === "ModelsDisagree") return disagreementTexts(note, input.preferences)
    const o = note.opposition
    return [w.againstWind(pack.quantity(speed(o.currentKt, speedUnits, language)), pack.quantity(speed(o.windKt, speedUnits, language)), clock(Number(o.time.slice(11, 13)) * 60 + Number(o.time.slice(14, 16))))]
  })]
}
