import type { Classification } from "../../domain/forecast/Analysis.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { compassOf, factsOf, hasLightAir, hazardsOf, heightOf, seaStateMissing, vesselText } from "./BuiltinFacts.js"
import { dayWords } from "./i18n/DayWords.js"
import { compact, when } from "./i18n/Grammar.js"
import { markedClock, zoneNameOf } from "./i18n/LocalClock.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { isPolarNight } from "../../domain/safety/DarknessRule.js"
import { UNIVERSAL } from "../../domain/safety/Thresholds.js"
import { windowOffered } from "../../domain/safety/TripWindowChoice.js"
import type { DayFacts, Hazard, Pack, Tip, WindowLabel } from "./i18n/Pack.js"
import { packFor } from "./i18n/Packs.js"
import { dayNoteTexts } from "./TimelineNotes.js"
import * as Units from "./Units.js"

const windOrSea: ReadonlyArray<Hazard> = ["thunderstorm", "wind", "gust", "seas", "steep_seas", "wind_against_current"]
const tips: ReadonlyArray<Tip> = ["darkness", "freezing_spray", "visibility", "precipitation", "cold_water"]

/**
 * What to advise. GO and AVOID: the vessel's own advice. CAUTION: the vessel's advice when wind or sea
 * decided it, and a tip for each other deciding factor (fog, rain, cold water). On a sailboat's light-air
 * day the light-air note replaces "a good day to sail" and "reef early".
 */
const adviceFor = (cls: Classification, deciding: ReadonlyArray<Hazard>, lightAir: boolean): ReadonlyArray<"vessel" | Tip> => {
  if (cls === "AVOID") return ["vessel"]
  if (cls === "GO") return lightAir ? [] : ["vessel"]
  const vessel = !lightAir && deciding.some((h) => windOrSea.includes(h))
  return [...(vessel ? ["vessel" as const] : []), ...tips.filter((t) => deciding.includes(t))]
}

/**
 * How the window's hours are named: a "best window" only when the rules offer it (`windowOffered`:
 * never on an AVOID day, in the dark, in a polar night or before the issue time), and never "daylight
 * hours" when there is no daylight.
 */
const windowLabel = (day: DayAssessment, chosen: boolean): WindowLabel => {
  const polar = isPolarNight(day.conditions.daylight_hours)
  const dark = (day.conditions.dark_hours ?? 0) > 0 || polar
  if (!chosen) return polar ? "wholeDay" : dark ? "trip" : "daylight"
  return windowOffered(day) ? "best" : "trip"
}

/** Cold water below 15 °C is named for every vessel, cold air below 0 °C too, unless a hazard already says so. */
const coldNotes = (day: DayAssessment, named: ReadonlyArray<Hazard>, pack: Pack, facts: DayFacts): ReadonlyArray<string | undefined> => {
  const c = day.conditions
  const water = c.water_temp_c !== undefined && c.water_temp_c < UNIVERSAL.coldWaterC &&
      !named.includes("cold_water") && !named.includes("freezing_spray")
    ? pack.coldWaterNote(facts.water!)
    : undefined
  const air = c.air_temp_c !== undefined && c.air_temp_c < UNIVERSAL.freezingAirC && !named.includes("freezing_spray")
    ? pack.coldAir(facts.air!)
    : undefined
  return [water, air]
}

/** The longest day text the built-in analyst writes when it can choose (every language; tests hold it). */
export const DAY_TEXT_LIMIT = 350

/**
 * How much each optional sentence (or form of one) matters: when a text is too long, the least is shortened
 * or left out first: the tides, the GO or CAUTION advice, the cold notes, the temperatures, a
 * wind-against-current note the verdict already names, what is worse outside the window (its longer forms
 * first), the swell, rain and good visibility, the advice to look at the water when the verdict names the
 * unknown sea state, visibility short of good, the seas, light air, the wind, the barometer. The verdict
 * and its hazards, the window, notes on models that disagree, a missing sea state or visibility, and the
 * advice an AVOID day or darkness or freezing spray calls for are always said.
 */
const KEEP = {
  tides: 10,
  advice: 20,
  cold: 30,
  temperatures: 40,
  namedNote: 45,
  outside: 50,
  note: 55,
  swell: 58,
  rain: 60,
  lookAtTheWater: 62,
  visibility: 65,
  seas: 70,
  lightAir: 75,
  wind: 80,
  pressure: 85
} as const

/**
 * A sentence and what it may shrink to: its forms, longest first, each with how much it matters (giving up
 * a form with a low `keep` comes first). Past the last form the sentence is left out, unless it must stay.
 */
interface Slot {
  readonly forms: ReadonlyArray<{ readonly text: string | undefined; readonly keep: number }>
  readonly must: boolean
}
const slot = (keep: number, texts: ReadonlyArray<string | undefined>): Slot => ({ forms: texts.map((text) => ({ text, keep })), must: false })
const must = (text: string | undefined): Slot => ({ forms: [{ text, keep: Infinity }], must: true })

/**
 * The text with every sentence in its longest form when that fits in `DAY_TEXT_LIMIT`; otherwise the form
 * that matters least (of equal ones, the later sentence's) gives way to the next, one step at a time, until
 * the text fits or only what must be said is left. Then whatever was given up and fits again comes back,
 * most important first.
 */
const fit = (slots: ReadonlyArray<Slot>, write: (parts: ReadonlyArray<string | undefined>) => string): string => {
  const level = slots.map(() => 0)
  const at = (i: number) => level[i] ?? 0
  const text = () => write(slots.map((s, i) => s.forms[at(i)]?.text))
  const fits = () => text().length <= DAY_TEXT_LIMIT
  const end = (i: number) => slots[i]!.forms.length - (slots[i]!.must ? 1 : 0)
  const keepOf = (i: number, l: number) => slots[i]!.forms[l]!.keep
  const indices = slots.map((_, i) => i)
  while (!fits()) {
    const next = indices.filter((i) => at(i) < end(i)).sort((a, b) => keepOf(a, at(a)) - keepOf(b, at(b)) || b - a)[0]
    if (next === undefined) break
    level[next] = at(next) + 1
  }
  for (;;) {
    const back = indices.filter((i) => at(i) > 0).sort((a, b) => keepOf(b, at(b) - 1) - keepOf(a, at(a) - 1) || a - b).find((i) => {
      level[i] = at(i) - 1
      if (fits()) return true
      level[i] = at(i) + 1
      return false
    })
    if (back === undefined) return text()
  }
}

const speedRange = (pack: Pack, lo: Units.Quantity, hi: Units.Quantity) =>
  lo.digits === hi.digits ? pack.quantity(hi) : `${lo.digits}–${pack.quantity(hi)}`

/**
 * The text of day `dayIndex` of the input, in the requested language and units, each fact once (issue
 * 23): the rules' class and the hazards that decided it; the wind (direction, range, gusts, and its
 * shift or build with the time); the seas (height, period, direction, and the swell when it is a sea of
 * its own); visibility, rain and temperatures; the trip window; a marked fall of the barometer; the notes
 * the rules call for (sea state or visibility unknown, models that disagree, wind against current). Then,
 * while the text stays within `DAY_TEXT_LIMIT` characters, what is worse outside the window, the cold,
 * light air, the advice for the vessel and the tides. Times are local, in the language's one format, the
 * zone named at the first. The sandbox notice is the summary's, not every day's. It states the rules'
 * class and never another one.
 */
export const writeDay = (input: AnalystInput, dayIndex: number): string => {
  const day = input.days[dayIndex]
  if (day === undefined) throw new RangeError(`no day ${dayIndex} in an input of ${input.days.length} days`)
  const p = input.preferences
  const pack = packFor(p.language)
  const words = dayWords(p.language)
  const story = input.stories?.[dayIndex]
  const clock = markedClock(p.language, story === undefined ? undefined : zoneNameOf(story.zone, day.date))
  const at = (hour: number) => clock.zoned(hour * 60)
  const facts = factsOf(day.conditions, p)
  const name = (hazards: ReadonlyArray<Hazard>) =>
    hazards.length === 0 ? undefined : pack.list(hazards.map((h) => pack.hazard[h](facts)))
  const { deciding, other } = hazardsOf(day)
  const named = new Set<Hazard>([...deciding, ...other])
  const alsoWatch = name(other)
  const lightAir = hasLightAir(day, input.vessel)
  const speed = (kt: number) => Units.speed(kt, p.speedUnits, p.language)
  const sentence = (parts: ReadonlyArray<string | undefined>) => {
    const text = compact(parts, p.language === "ja" ? "、" : ", ")
    return text === "" ? undefined : `${text.charAt(0).toUpperCase()}${text.slice(1)}${words.stop}`
  }

  // The wind: the window's range and direction from the hours when the story has them.
  const windFrom = pack.compass[story?.wind === undefined ? facts.from : compassOf(story.wind.fromDeg)]
  // A range says more than the verdict's "sustained wind of 16 kt"; the same single number is not said twice.
  const windRange = story?.wind === undefined ? facts.wind : speedRange(pack, speed(story.wind.lo), speed(story.wind.hi))
  const windSpeed = named.has("wind") && windRange === facts.wind ? undefined : windRange
  const change = story?.change
  const wind = words.wind(windFrom, windSpeed, named.has("gust") || named.has("thunderstorm") ? undefined : facts.gust) +
    (change === undefined
      ? ""
      : words.becoming(
        change.fromDeg === undefined ? undefined : pack.compass[compassOf(change.fromDeg)],
        // A build says how strong it gets; a shift gives the new range.
        change.fromDeg === undefined ? pack.quantity(speed(change.hi)) : speedRange(pack, speed(change.lo), speed(change.hi)),
        at(change.after)
      )) + words.stop

  // The seas: the wind sea, and the swell when it comes from elsewhere or with a longer period.
  const seasFrom = story?.seasFromDeg === undefined ? undefined : pack.compass[compassOf(story.seasFromDeg)]
  const swellFrom = story?.swellFromDeg === undefined ? undefined : pack.compass[compassOf(story.swellFromDeg)]
  const showSwell = facts.swell !== undefined && (story === undefined || story.swellDiffers === true)
  // The verdict's seas hazard already gave the height: here only its period and direction.
  const seasHeight = named.has("seas") || named.has("steep_seas") ? undefined : facts.wave ?? facts.seas
  const seasPeriod = named.has("steep_seas") ? undefined : facts.wavePeriod
  const seasPart = seasHeight === undefined && seasPeriod === undefined && seasFrom === undefined
    ? undefined
    : words.seas(seasHeight, seasPeriod, seasFrom)
  const swellPart = showSwell ? words.swell(facts.swell!, facts.swellPeriod, swellFrom) : undefined
  const seas = seaStateMissing(day)
    ? pack.seaStateUnavailable
    : seasPart === undefined && swellPart === undefined
    ? undefined
    : seasPart === undefined
    ? `${swellPart!.charAt(0).toUpperCase()}${swellPart!.slice(1)}${words.stop}`
    : `${compact([seasPart, swellPart], words.then)}${words.stop}`
  // The swell is the first thing the seas give up for room.
  const seasWithoutSwell = seasPart !== undefined && swellPart !== undefined && !seaStateMissing(day) ? `${seasPart}${words.stop}` : seas

  // Visibility, rain and temperatures, each unless a hazard of the verdict already quotes it.
  const visibility = facts.visibility === undefined || named.has("visibility")
    ? undefined
    : facts.visibilityGrade === "good" ? words.visibility(facts.visibility) : pack.hazard.visibility(facts)
  const rain = named.has("precipitation") || named.has("thunderstorm") || (facts.rainChance === undefined && facts.rainRate === undefined)
    ? undefined
    : words.rain(facts.rainChance, facts.rainRate)
  const spray = named.has("freezing_spray")
  const temperatures = [
    spray ? undefined : when(facts.air, words.air),
    spray || named.has("cold_water") ? undefined : when(facts.water, words.water)
  ]
  // Good visibility and the temperatures go before a reading that says more; visibility short of good stays.
  const weather: Slot = {
    forms: [
      { text: sentence([visibility, rain, ...temperatures]), keep: KEEP.temperatures },
      { text: sentence([visibility, rain]), keep: KEEP.rain },
      { text: facts.visibilityGrade === "good" ? undefined : sentence([visibility]), keep: KEEP.visibility }
    ],
    must: false
  }

  const label = windowLabel(day, input.tripDurationHours !== undefined)
  const window = words.window(label, clock.plain(day.window.startHour * 60), at(day.window.endHour))
  const fall = story?.pressureFall
  const pressure = fall === undefined
    ? undefined
    : words.pressure(`${fall.fallHpa}${p.language === "ja" ? "" : " "}hPa`, fall.rate, at(fall.from))

  const chosen = adviceFor(day.classification, deciding, lightAir)
  const advice = chosen.map((a) =>
    a === "vessel"
      ? pack.advice[input.vessel.type][day.classification]
      : a === "visibility"
      ? pack.visibilityTip[facts.visibilityGrade === undefined || facts.visibilityGrade === "good" ? "poor" : facts.visibilityGrade]
      : pack.tip[a]
  )
  // Always said: an AVOID day's advice for the vessel (why a catamaran must not go) and the tips for darkness
  // and freezing spray when they decided a CAUTION day. The rest of the advice only when there is room.
  const mustAdvise = (a: "vessel" | Tip) =>
    a === "vessel" ? day.classification === "AVOID" : day.classification !== "GO" && (a === "darkness" || a === "freezing_spray")

  // Worse outside the window: said once, with the times when the story has them.
  const out = story?.outside
  const items = out === undefined ? [] : [
    out.wind === undefined || change !== undefined ? undefined : words.outsideWind(pack.quantity(speed(out.wind.value)), at(out.wind.hour)),
    out.gust === undefined ? undefined : words.outsideGust(pack.quantity(speed(out.gust.value)), at(out.gust.hour)),
    out.seas === undefined ? undefined : words.outsideSeas(pack.quantity(heightOf(out.seas.value, p)), at(out.seas.hour))
  ].filter((x): x is string => x !== undefined)
  const worse = [...new Set(day.worseOutsideWindow)].filter((f) => items.length === 0 || !["wind", "gust", "seas"].includes(f))
  // Every item with its time, else the first two, else the first.
  const outside = items.length === 0 && worse.length === 0
    ? []
    : [[...items, ...worse.map((f) => pack.worse[f])], items.slice(0, 2), items.slice(0, 1)]
      .filter((xs) => xs.length > 0)
      .map((xs) => words.outside(pack.list(xs)))
  const tides = story === undefined || story.tides.length === 0 ? undefined : (() => {
    const times = (type: "high" | "low") => {
      const xs = story.tides.filter((t) => t.type === type).map((t) => at(t.hour))
      return xs.length === 0 ? undefined : pack.list(xs)
    }
    return words.tides(times("high"), times("low"))
  })()
  const notes = dayNoteTexts(input, dayIndex, clock.zoned)
  const [cold, coldAir] = coldNotes(day, [...deciding, ...other], pack, facts)

  // The sentences in the order they are read, each with what it may shrink to and how much it matters.
  const slots: ReadonlyArray<Slot> = [
    must(pack.verdict(day.classification, vesselText(input.vessel, input.vesselGiven, p), name(deciding))),
    must(alsoWatch === undefined ? undefined : pack.alsoWatch(alsoWatch)),
    slot(KEEP.wind, [wind]),
    // No wave data: said always, unless the verdict already names the unknown sea state (then it is the advice to look).
    seaStateMissing(day)
      ? named.has("sea_state_unavailable") ? slot(KEEP.lookAtTheWater, [seas]) : must(seas)
      : { forms: [{ text: seas, keep: KEEP.swell }, { text: seasWithoutSwell, keep: KEEP.seas }], must: false },
    weather,
    must(day.conditions.visibility_nm === undefined ? pack.visibilityUnavailable : undefined),
    must(window),
    slot(KEEP.pressure, [pressure]),
    ...notes.map((n) => n.model ? must(n.text) : slot(named.has("wind_against_current") ? KEEP.namedNote : KEEP.note, [n.text])),
    // The longer forms of "worse outside" go first: every item with its time, then the first two.
    { forms: outside.map((text, i) => ({ text, keep: KEEP.outside - 10 * (outside.length - 1 - i) })), must: false },
    slot(KEEP.lightAir, [lightAir ? pack.lightAir(facts.wind) : undefined]),
    ...advice.map((a, i) => mustAdvise(chosen[i]!) ? must(a) : undefined).filter((x): x is Slot => x !== undefined),
    slot(KEEP.cold, [cold]),
    slot(KEEP.cold, [coldAir]),
    ...advice.map((a, i) => mustAdvise(chosen[i]!) ? undefined : slot(KEEP.advice, [a])).filter((x): x is Slot => x !== undefined),
    slot(KEEP.tides, [tides])
  ]
  return fit(slots, (parts) => clock.finish(compact(parts, pack.gap)))
}
