import { type Classification, severityOf } from "../../domain/forecast/Analysis.js"
import type { DayAssessment } from "../../domain/safety/Assessment.js"
import type { AnalystInput } from "../../ports/Analyst.js"
import { dateText, factsOf, hazardsOf, seasFt, seaStateMissing, vesselText } from "./BuiltinFacts.js"
import { compact } from "./i18n/Grammar.js"
import { packFor } from "./i18n/Packs.js"
import * as Units from "./Units.js"
import { bestTimeText } from "./TimelineStory.js"
import { advisoryHeadline } from "./AdvisoryHeadline.js"

const classes: ReadonlyArray<Classification> = ["GO", "CAUTION", "AVOID"]

/**
 * How rough a day is, to rank days of the same class: wind, half the gust and three times the seas (ft).
 * For a sailboat the wind counts by its distance from a 10 kt sailing breeze, so a calm day is not its best.
 */
const roughness = (day: DayAssessment, input: AnalystInput): number => {
  const c = day.conditions
  const wind = input.vessel.type === "sailboat" ? Math.abs(c.wind_speed_kt - 10) : c.wind_speed_kt
  return wind + c.wind_gust_kt / 2 + 3 * (seasFt(c) ?? 0)
}

type Key = ReadonlyArray<number>
const compare = (a: Key, b: Key): number => {
  for (const [i, x] of a.entries()) if (x !== b[i]) return x - b[i]!
  return 0
}

/**
 * The best day is the least severe, then one with known seas (unknown is never calm), then the least
 * rough; the worst is, among the other days, the most severe, then the roughest. The earlier day wins a tie.
 */
const extremes = (input: AnalystInput) => {
  const rated = input.days.map((day) => ({
    day,
    severity: severityOf(day.classification),
    unknownSeas: seasFt(day.conditions) === undefined ? 1 : 0,
    rough: roughness(day, input)
  }))
  const best = rated.reduce((a, b) => compare([b.severity, b.unknownSeas, b.rough], [a.severity, a.unknownSeas, a.rough]) < 0 ? b : a)
  const others = rated.filter((r) => r !== best)
  const worst = others.length === 0
    ? best
    : others.reduce((a, b) => compare([b.severity, b.rough], [a.severity, a.rough]) > 0 ? b : a)
  return { best: best.day, worst: worst.day }
}

const range = (values: ReadonlyArray<number>, q: (v: number) => Units.Quantity) =>
  values.length === 0 ? undefined : { lo: q(Math.min(...values)), hi: q(Math.max(...values)) }

/**
 * The overall summary: the simulated notice (sandbox), the advisory headline when a day reaches Small
 * Craft Advisory criteria or worse, how many days of each class, the best and worst
 * days with what drives them, the spread of wind, gusts and seas over the period, and the days without
 * sea-state data. Numbers are in the requested units.
 */
export const writeSummary = (input: AnalystInput): string => {
  const { preferences } = input
  const { heightUnits: h, language: l, speedUnits: s } = preferences
  const pack = packFor(l)
  const vessel = vesselText(input.vessel, input.vesselGiven, preferences)
  const counts = classes
    .map((cls) => [cls, input.days.filter((day) => day.classification === cls).length] as const)
    .filter(([, n]) => n > 0)
    .map(([cls, n]) => pack.count(cls, n))
  const notice = input.simulated ? pack.simulatedNotice : undefined
  if (input.days.length === 0) return compact([notice, pack.outlook(0, vessel, pack.count("GO", 0))], pack.gap)

  const drivers = (day: DayAssessment) => {
    const facts = factsOf(day.conditions, preferences)
    const { deciding } = hazardsOf(day)
    return deciding.length === 0 ? pack.calm(facts) : pack.list(deciding.map((h) => pack.hazard[h](facts)))
  }
  const describe = (day: DayAssessment, say: typeof pack.best) => say(dateText(day.date, pack), day.classification, drivers(day))
  const { best, worst } = extremes(input)
  const conditions = input.days.map((day) => day.conditions)
  const wind = range(conditions.map((c) => c.wind_speed_kt), (v) => Units.speed(v, s, l))!
  const gustMax = Units.speed(Math.max(...conditions.map((c) => c.wind_gust_kt)), s, l)
  const seas = range(conditions.flatMap((c) => seasFt(c) ?? []), (v) => Units.height(v, h, l))
  const missing = input.days.filter(seaStateMissing).map((day) => dateText(day.date, pack))

  return compact([
    notice,
    advisoryHeadline(input),
    pack.outlook(input.days.length, vessel, pack.list(counts)),
    // An AVOID day is never called the best: when every day is AVOID the first is named plainly.
    ...(input.days.length === 1 ? [describe(best, pack.onlyDay)] : [describe(best, best.classification === "AVOID" ? pack.onlyDay : pack.best), describe(worst, pack.worst)]),
    pack.spread(wind, gustMax, seas),
    bestTimeText(input, best),
    missing.length === 0 ? undefined : pack.seaStateMissing(missing)
  ], pack.gap)
}
