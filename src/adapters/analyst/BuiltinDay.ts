import type { Classification } from "../../domain/forecast/Analysis.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { compassOf, factsOf, hasLightAir, hazardsOf, heightOf, seaStateMissing, vesselText } from "./BuiltinFacts.js"
import { dayWords } from "./i18n/DayWords.js"
import { compact, when } from "./i18n/Grammar.js"
import { textClock, zoneNameOf } from "./i18n/LocalClock.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import { isPolarNight } from "../../domain/safety/DarknessRule.js"
import { UNIVERSAL } from "../../domain/safety/Thresholds.js"
import { windowOffered } from "../../domain/safety/TripWindowChoice.js"
import type { DayFacts, Hazard, Pack, Tip, WindowHours } from "./i18n/Pack.js"
import { packFor } from "./i18n/Packs.js"
import { noteTexts } from "./TimelineNotes.js"
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
const windowLabel = (day: DayAssessment, chosen: boolean): WindowHours["label"] => {
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
  const clock = textClock(p.language, story === undefined ? undefined : zoneNameOf(story.zone, day.date))
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

  // Visibility, rain and temperatures, each unless a hazard of the verdict already quotes it.
  const visibility = facts.visibility === undefined || named.has("visibility")
    ? undefined
    : facts.visibilityGrade === "good" ? words.visibility(facts.visibility) : pack.hazard.visibility(facts)
  const rain = named.has("precipitation") || named.has("thunderstorm") || (facts.rainChance === undefined && facts.rainRate === undefined)
    ? undefined
    : words.rain(facts.rainChance, facts.rainRate)
  const spray = named.has("freezing_spray")
  const weather = sentence([
    visibility,
    rain,
    spray ? undefined : when(facts.air, words.air),
    spray || named.has("cold_water") ? undefined : when(facts.water, words.water)
  ])

  const label = windowLabel(day, input.tripDurationHours !== undefined)
  const window = words.window(label, clock.plain(day.window.startHour * 60), at(day.window.endHour))
  const fall = story?.pressureFall
  const pressure = fall === undefined
    ? undefined
    : words.pressure(`${fall.fallHpa}${p.language === "ja" ? "" : " "}hPa`, fall.rate, at(fall.from))

  const advice = adviceFor(day.classification, deciding, lightAir).map((a) =>
    a === "vessel"
      ? pack.advice[input.vessel.type][day.classification]
      : a === "visibility"
      ? pack.visibilityTip[facts.visibilityGrade === undefined || facts.visibilityGrade === "good" ? "poor" : facts.visibilityGrade]
      : pack.tip[a]
  )
  // A CAUTION or AVOID day's advice (why a catamaran must not, how to go out in the dark) and the light-air
  // note always stay; a GO day's advice is said when there is room.
  const mustAdvise = day.classification !== "GO"
  const core = compact([
    pack.verdict(day.classification, vesselText(input.vessel, input.vesselGiven, p), name(deciding)),
    alsoWatch === undefined ? undefined : pack.alsoWatch(alsoWatch),
    wind,
    seas,
    weather,
    day.conditions.visibility_nm === undefined ? pack.visibilityUnavailable : undefined,
    window,
    pressure,
    ...noteTexts(input, dayIndex, false, clock.zoned)
  ], pack.gap)
  // Kept: an AVOID day's advice (why a catamaran must not go) and the tips for what decided a CAUTION day
  // (darkness, fog, cold); a CAUTION day's general advice for the vessel only when there is room.
  const chosen = adviceFor(day.classification, deciding, lightAir)
  const kept = advice.filter((_, i) =>
    chosen[i] === "vessel" ? day.classification === "AVOID" : chosen[i] === "darkness" || chosen[i] === "freezing_spray")
  const tail = compact([lightAir ? pack.lightAir(facts.wind) : undefined, ...(mustAdvise ? kept : [])], pack.gap)

  // Worse outside the window: said once, with the times when the story has them.
  const out = story?.outside
  const items = out === undefined ? [] : [
    out.wind === undefined || change !== undefined ? undefined : words.outsideWind(pack.quantity(speed(out.wind.value)), at(out.wind.hour)),
    out.gust === undefined ? undefined : words.outsideGust(pack.quantity(speed(out.gust.value)), at(out.gust.hour)),
    out.seas === undefined ? undefined : words.outsideSeas(pack.quantity(heightOf(out.seas.value, p)), at(out.seas.hour))
  ].filter((x): x is string => x !== undefined)
  const worse = [...new Set(day.worseOutsideWindow)].filter((f) => items.length === 0 || !["wind", "gust", "seas"].includes(f))
  // The longest that fits: every item with its time, else the two first, else the first.
  const outside = items.length === 0 && worse.length === 0
    ? []
    : [[...items, ...worse.map((f) => pack.worse[f])], items.slice(0, 2), items.slice(0, 1)]
      .filter((xs) => xs.length > 0)
      .map((xs) => words.outside(pack.list(xs)))
  // What is worse outside the window is said on every day: the longest form that fits, else the shortest.
  const withOutside = outside.length === 0
    ? compact([core, tail], pack.gap)
    : outside.map((o) => compact([core, o, tail], pack.gap)).find((t) => t.length <= DAY_TEXT_LIMIT) ??
      compact([core, outside[outside.length - 1]!, tail], pack.gap)
  const tides = story === undefined || story.tides.length === 0 ? undefined : (() => {
    const times = (type: "high" | "low") => {
      const xs = story.tides.filter((t) => t.type === type).map((t) => at(t.hour))
      return xs.length === 0 ? undefined : pack.list(xs)
    }
    return words.tides(times("high"), times("low"))
  })()
  // The rest in order of what matters most, each only while the text stays short.
  const extras = [...coldNotes(day, [...deciding, ...other], pack, facts), ...advice.filter((a) => !kept.includes(a) || !mustAdvise), tides]
  return extras.reduce<string>((text, extra) => {
    const choices = extra === undefined ? [] : typeof extra === "string" ? [extra] : extra
    const fits = choices.map((c) => compact([text, c], pack.gap)).find((longer) => longer.length <= DAY_TEXT_LIMIT)
    return fits ?? text
  }, withOutside)
}
