import { type Classification, worstOf } from "../../domain/forecast/Analysis.js"
import type { FactReading, QuotedUnit, TextFacts } from "../../domain/analysis/TextFloor.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { quotedNumbers } from "../../domain/analysis/QuotedNumbers.js"
import { packFor } from "./i18n/Packs.js"
import { facts as promptFacts } from "./LlmPrompt.js"
import { rainRateUnitFor } from "../../domain/forecast/DisplayUnits.js"
import * as Units from "./Units.js"

/** The unit labels of the prompt's readings (`{ value, unit }`). */
const unitOfLabel: Readonly<Record<string, QuotedUnit>> = {
  kt: "kts", mph: "mph", "m/s": "ms", nm: "nm", mi: "mi", km: "km", ft: "ft", m: "m", "°C": "c", "°F": "f", s: "s",
  "%": "pct", "mm/h": "mmh"
}

interface Given {
  readonly readings: Array<FactReading>
  readonly counts: Array<number>
  readonly times: Array<readonly [number, number]>
  readonly dates: Array<string>
}

/**
 * Every number the model is given for a day, whatever the prompt holds (readings as `{ value, unit }`,
 * plain numbers, and numbers, times and dates inside the sentences it is given, such as a timeline):
 * the floor accepts exactly what the model was told.
 */
const givenIn = (value: unknown, into: Given): Given => {
  if (typeof value === "number") into.counts.push(value)
  else if (typeof value === "string") {
    for (const q of quotedNumbers(value, "en")) {
      if (q._tag === "Time") into.times.push([q.hour, q.minute])
      else if (q._tag === "Date" && q.year !== undefined && q.month !== undefined) {
        into.dates.push(`${q.year}-${String(q.month).padStart(2, "0")}-${String(q.day).padStart(2, "0")}`)
      } else if (q._tag === "Number") {
        if (q.unit === undefined) into.counts.push(q.value)
        else into.readings.push({ value: q.value, unit: q.unit })
      }
    }
  } else if (Array.isArray(value)) for (const v of value) givenIn(v, into)
  else if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>
    const unit = typeof o.unit === "string" ? unitOfLabel[o.unit] : undefined
    if (typeof o.value === "number" && unit !== undefined) into.readings.push({ value: o.value, unit })
    else for (const v of Object.values(o)) givenIn(v, into)
  }
  return into
}

const givenFor = (input: AnalystInput, days: ReadonlyArray<number>): Given => {
  const all = promptFacts(input).days
  return givenIn(days.map((i) => all[i]), { readings: [], counts: [], times: [], dates: [] })
}

/** Every number of one day's facts in the requested units, rounded as the model (and built-in texts) get them. */
const readingsOf = (day: DayAssessment, input: AnalystInput): ReadonlyArray<FactReading> => {
  const { distanceUnits: d, heightUnits: h, speedUnits: s, temperatureUnits: t } = input.preferences
  const c = day.conditions
  const q = (x: Units.Quantity): FactReading => ({ value: x.amount, unit: x.unit })
  const opt = (v: number | undefined, f: (v: number) => Units.Quantity) => (v === undefined ? [] : [q(f(v))])
  const seas = [c.wave_height_ft, c.swell_height_ft].filter((v): v is number => v !== undefined)
  return [
    q(Units.speed(c.wind_speed_kt, s, "en")),
    q(Units.speed(c.wind_gust_kt, s, "en")),
    { value: Math.round(c.wind_direction_deg), unit: "deg" },
    ...opt(c.wave_height_ft, (v) => Units.height(v, h, "en")),
    ...opt(c.swell_height_ft, (v) => Units.height(v, h, "en")),
    ...opt(seas.length === 0 ? undefined : Math.max(...seas), (v) => Units.height(v, h, "en")),
    ...opt(c.wave_period_s, (v) => Units.seconds(v, "en")),
    ...opt(c.swell_period_s, (v) => Units.seconds(v, "en")),
    ...opt(c.visibility_nm, (v) => Units.distance(v, d, "en")),
    ...opt(c.precipitation_probability_pct, (v) => Units.percent(v, "en")),
    ...opt(c.precipitation_mm_per_h, (v) => Units.rainRate(v, rainRateUnitFor(t), "en")),
    ...opt(c.air_temp_c, (v) => Units.temperature(v, t, "en")),
    ...opt(c.water_temp_c, (v) => Units.temperature(v, t, "en"))
  ]
}

/** The condition fields `readingsOf` converts; any other numeric field is a plain fact (e.g. hours of daylight). */
const converted = new Set([
  "wind_speed_kt", "wind_gust_kt", "wind_direction_deg", "wave_height_ft", "swell_height_ft", "wave_period_s",
  "swell_period_s", "visibility_nm", "precipitation_probability_pct", "precipitation_mm_per_h", "air_temp_c",
  "water_temp_c", "weather_code"
])
const plainOf = (day: DayAssessment): ReadonlyArray<number> =>
  Object.entries(day.conditions).flatMap(([k, v]) => (converted.has(k) || typeof v !== "number" ? [] : [Units.round(v, 1)]))

/** The units a text in the requested units may quote. */
export const unitsOf = (input: Pick<AnalystInput, "preferences">): ReadonlyArray<QuotedUnit> => {
  const { distanceUnits: d, heightUnits: h, speedUnits: s, temperatureUnits: t } = input.preferences
  return [s, d, h, t, "s", "pct", rainRateUnitFor(t) === "in/h" ? "inh" : "mmh", "deg"]
}

/** The factors that gave a day its (non-GO) class. */
const decidingOf = (day: DayAssessment): ReadonlyArray<string> =>
  day.classification === "GO"
    ? []
    : [...new Set(day.reasons.filter((r) => r.classification === day.classification).map((r) => r.factor))]

/**
 * The GO class word (the language's and the English one), which a CAUTION or AVOID text must not use.
 * Only GO: an AVOID day's text may rightly say that a milder day was CAUTION.
 */
const goWords = (cls: Classification, input: AnalystInput): ReadonlyArray<string> =>
  cls === "GO" ? [] : [...new Set(["GO", packFor(input.preferences.language).classWord.GO])]

const common = (input: AnalystInput) => {
  const length = Units.height(input.vessel.lengthFt, input.preferences.heightUnits, "en")
  return {
    language: input.preferences.language,
    units: unitsOf(input),
    vessel: { value: length.amount, unit: length.unit } satisfies FactReading,
    trip: input.tripDurationHours === undefined ? [] : [input.tripDurationHours]
  }
}

/**
 * What day `index`'s text may say. Its class is the one it will be shown with (`shownAs`: the more
 * severe of the model's and the rules'); the factors to name are the rules' deciding ones.
 */
export const dayFacts = (input: AnalystInput, index: number, shownAs: Classification): TextFacts => {
  const day = input.days[index]!
  const c = common(input)
  const given = givenFor(input, [index])
  return {
    language: c.language,
    readings: [...readingsOf(day, input), c.vessel, ...given.readings],
    units: c.units,
    // The window's length in hours is a fact too ("a 6-hour window").
    counts: [...c.trip, day.window.endHour - day.window.startHour, ...plainOf(day), ...given.counts],
    hours: [day.window.startHour, day.window.endHour],
    times: given.times,
    dates: [day.date, ...given.dates],
    classification: shownAs,
    deciding: decidingOf(day),
    mustName: "all",
    lessSevereWords: goWords(shownAs, input)
  }
}

/**
 * What the overall summary may say: any day's numbers, dates and window hours, the number of days and
 * of days of each class. It must not reassure, and must name a deciding factor of its worst days, only
 * when no day of the period is GO (otherwise it may rightly praise the GO days).
 */
export const summaryFacts = (input: AnalystInput, shownAs: ReadonlyArray<Classification>): TextFacts => {
  const c = common(input)
  const worst = worstOf(shownAs)
  const noGoDay = shownAs.length > 0 && !shownAs.includes("GO")
  const classCounts = (["GO", "CAUTION", "AVOID"] as const).map((k) => shownAs.filter((x) => x === k).length)
  const given = givenFor(input, input.days.map((_, i) => i))
  return {
    language: c.language,
    readings: [...input.days.flatMap((day) => readingsOf(day, input)), c.vessel, ...given.readings],
    units: c.units,
    counts: [
      ...c.trip,
      input.days.length,
      ...classCounts,
      ...input.days.map((_, i) => i + 1),
      ...input.days.map((day) => day.window.endHour - day.window.startHour),
      ...input.days.flatMap(plainOf),
      ...given.counts
    ],
    hours: input.days.flatMap((day) => [day.window.startHour, day.window.endHour]),
    times: given.times,
    dates: [...input.days.map((day) => day.date), ...given.dates],
    classification: noGoDay ? worst : "GO",
    deciding: noGoDay ? input.days.filter((day, i) => shownAs[i] === worst).flatMap(decidingOf) : [],
    mustName: "any",
    lessSevereWords: noGoDay ? goWords(worst, input) : []
  }
}
