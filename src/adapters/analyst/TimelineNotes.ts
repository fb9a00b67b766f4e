import type { DayNote } from "../../domain/forecast/ForecastExtras.js"
import type { Language } from "../../domain/spotcast/Preferences.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { packFor } from "./i18n/Packs.js"
import { disagreementNote, disagreementTexts } from "./ModelWords.js"
import { storyTexts } from "./TimelineStory.js"
import { speed } from "./Units.js"

interface NoteWords {
  /** `current` and `wind` with units, `time` local HH:MM. */
  readonly againstWind: (current: string, wind: string, time: string) => string
}

// The current-against-wind sentence in the six languages (the models' sentences: ModelWords.ts).
const words: Record<Language, NoteWords> = {
  en: {
    againstWind: (cur, w, t) => `Wind against current around ${t}: a ${cur} current against the ${w} wind makes the seas steeper.`
  },
  es: {
    againstWind: (cur, w, t) => `Viento contra corriente hacia ${t.startsWith("01:") ? "la" : "las"} ${t}: una corriente de ${cur} contra el viento de ${w} empina la mar.`
  },
  fr: {
    againstWind: (cur, w, t) => `Vent contre courant vers ${t} : un courant de ${cur} contre un vent de ${w} creuse la mer.`
  },
  pt: {
    againstWind: (cur, w, t) => `Vento contra corrente por volta ${t.startsWith("1h") ? "da" : "das"} ${t}: uma corrente de ${cur} contra o vento de ${w} cava o mar.`
  },
  it: {
    againstWind: (cur, w, t) => `Vento contro corrente verso ${t.startsWith("1:") ? "l'" : "le "}${t}: una corrente di ${cur} contro il vento di ${w} rende il mare più ripido.`
  },
  ja: {
    againstWind: (cur, w, t) => `${t}ごろ風と潮流が逆向き：${cur}の潮流が${w}の風に逆らい、波が険しくなります。`
  }
}

type Clock = (minutes: number) => string

/** HH:MM, for the language model's facts. */
const hhmm: Clock = (m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`

const againstWindText = (input: AnalystInput, o: Extract<DayNote, { _tag: "WindAgainstCurrent" }>["opposition"], clock: Clock) => {
  const { language, speedUnits } = input.preferences
  const pack = packFor(language)
  return words[language].againstWind(
    pack.quantity(speed(o.currentKt, speedUnits, language)),
    pack.quantity(speed(o.windKt, speedUnits, language)),
    clock(Number(o.time.slice(11, 13)) * 60 + Number(o.time.slice(14, 16)))
  )
}

/** The sentences day `dayIndex`'s notes and story call for, in the requested language and units (the language model's facts). */
export const noteTexts = (
  input: AnalystInput,
  dayIndex: number,
  withStory = true,
  /** Writes a local time (minutes of the day); HH:MM when absent. */
  clock: Clock = hhmm
): ReadonlyArray<string> => [
  ...(withStory ? storyTexts(input, dayIndex) : []),
  ...(input.notes?.[dayIndex] ?? []).flatMap((note: DayNote) =>
    note._tag === "ModelsDisagree" ? disagreementTexts(note, input.preferences) : [againstWindText(input, note.opposition, clock)]
  )
]

/**
 * The day text's notes: one short sentence when the models disagree (`model`: the text always says it, it
 * explains the class), and wind against current with its time and numbers.
 */
export const dayNoteTexts = (
  input: AnalystInput,
  dayIndex: number,
  clock: Clock
): ReadonlyArray<{ readonly text: string; readonly model: boolean }> =>
  (input.notes?.[dayIndex] ?? []).map((note: DayNote) =>
    note._tag === "ModelsDisagree"
      ? { text: disagreementNote(note, input.preferences), model: true }
      : { text: againstWindText(input, note.opposition, clock), model: false }
  )
