import type { UnitKey } from "../Units.js"
import { compact, joinList, when } from "./Grammar.js"
import type { DayFacts, Pack, Range } from "./Pack.js"

const units: Record<UnitKey, string> = {
  kts: "kt", mph: "mph", ms: "m/s", nm: "nm", mi: "mi", km: "km", ft: "ft", m: "m",
  c: "°C", f: "°F", s: "s", pct: "%", mmh: "mm/h", inh: "in/h"
}
const tight = new Set<UnitKey>(["c", "f", "pct"])
const unitAfter = (digits: string, unit: UnitKey) => tight.has(unit) ? `${digits}${units[unit]}` : `${digits} ${units[unit]}`

const range = ({ lo, hi }: Range) => lo.digits === hi.digits ? unitAfter(hi.digits, hi.unit) : unitAfter(`${lo.digits}–${hi.digits}`, hi.unit)

const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
  "November", "December"]
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

const nouns = { powerBoat: "power boat", sailboat: "sailboat", pwc: "personal watercraft", yacht: "yacht", catamaran: "catamaran" }

const list = (items: ReadonlyArray<string>) => joinList(items, ", ", () => " and ")

const rain = (f: DayFacts) =>
  f.rainChance !== undefined
    ? `${f.rainChance} chance of rain${f.rainRate !== undefined ? ` (${f.rainRate})` : ""}`
    : when(f.rainRate, (r) => `rain ${r}`)

// IMO/WMO terms: the words follow the number (4.6 nm is "moderate", not "poor").
const visibilityWords = (f: DayFacts) =>
  f.visibility === undefined
    ? "reduced visibility"
    : f.visibilityGrade === "fog"
    ? `fog (visibility ${f.visibility})`
    : `${f.visibilityGrade === "moderate" ? "moderate" : "poor"} visibility (${f.visibility})`

const period = (p: string | undefined) => p === undefined ? "" : ` at ${p}`

export const pack: Pack = {
  gap: " ",
  classWord: { GO: "GO", CAUTION: "CAUTION", AVOID: "AVOID" },
  compass: ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"],
  quantity: (q) => unitAfter(q.digits, q.unit),
  list,
  date: (d) => `${weekdays[d.weekday]} ${d.day} ${months[d.month - 1]}`,
  vessel: (type, length, given) => given ? `your ${length} ${nouns[type]}` : `a ${length} ${nouns[type]} (no vessel given)`,

  verdict: (cls, vessel, deciding) =>
    deciding !== undefined
      ? `${cls} for ${vessel} because of ${deciding}.`
      : cls === "GO"
      ? `GO for ${vessel}.`
      : `${cls} for ${vessel} under the rules for this vessel.`,
  alsoWatch: (hazards) => `Also watch for ${hazards}.`,
  hazard: {
    wind_against_current: () => "wind against current",
    wind: (f) => `sustained wind of ${f.wind}`,
    gust: (f) => `gusts to ${f.gust}`,
    seas: (f) => f.seas !== undefined ? `seas of ${f.seas}` : "rough seas",
    steep_seas: (f) => f.wave !== undefined ? `steep seas of ${f.wave}${period(f.wavePeriod)}` : "steep seas",
    visibility: (f) => visibilityWords(f),
    precipitation: (f) => rain(f) ?? "rain",
    thunderstorm: (f) =>
      f.squallCape !== undefined
        ? `a risk of thunderstorm squalls (unstable air, CAPE ${f.squallCape}; gusts to ${f.gust})`
        : `thunderstorms (gusts to ${f.gust}${f.rainRate !== undefined ? `, rain ${f.rainRate}` : ""})`,
    cold_water: (f) => f.water !== undefined ? `cold water at ${f.water}` : "cold water",
    darkness: (f) =>
      f.polarNight === true
        ? "no daylight at all (polar night)"
        : f.darkHours !== undefined
        ? `a trip longer than the daylight (${f.darkHours} h of it in the dark)`
        : "darkness",
    freezing_spray: (f) =>
      `${f.spray === "heavy" ? "heavy freezing spray" : "freezing spray"}${
        f.air !== undefined && f.water !== undefined ? ` (air ${f.air}, water ${f.water})` : ""
      }`,
    sea_state_unavailable: (f) =>
      f.wave === undefined ? "unknown sea state (no wave data)" : `unknown wave period (the steepness of ${f.wave} seas cannot be judged)`
  },
  visibilityUnavailable: "Visibility is not forecast for this place (not assessed): watch for fog.",
  seaStateUnavailable:
    "Sea-state data unavailable: look at the water yourself before setting out.",
  worse: {
    wind_against_current: "wind against current",
    wind: "stronger wind",
    gust: "stronger gusts",
    seas: "higher seas",
    steep_seas: "steeper seas",
    visibility: "poorer visibility",
    precipitation: "more rain",
    thunderstorm: "thunderstorms",
    cold_water: "colder water",
    light_air: "lighter wind",
    sea_state_unavailable: "no sea-state data",
    darkness: "darkness",
    freezing_spray: "freezing spray",
    cold_air: "colder air"
  },
  lightAir: (wind) => `Light air (${wind}): plan to motor or wait for a breeze.`,
  advice: {
    powerBoat: {
      GO: "Usual checks before leaving: fuel, VHF, life jackets.",
      CAUTION: "Go only with experience, stay within reach of shelter and watch how the weather develops.",
      AVOID: "Stay in port."
    },
    sailboat: {
      GO: "A good day to sail; keep an eye on the gusts.",
      CAUTION: "Reef early and keep a sheltered way home within reach.",
      AVOID: "Stay in harbour: these conditions are beyond a boat of this size."
    },
    pwc: {
      GO: "Ride with a buddy, with a life jacket and the kill cord attached.",
      CAUTION: "Stay close to shore in sheltered water and turn back if the chop builds.",
      AVOID: "Do not ride: a personal watercraft offers no protection in these conditions."
    },
    yacht: {
      GO: "Comfortable conditions.",
      CAUTION: "Expect motion underway: secure loose gear and brief your guests.",
      AVOID: "Stay alongside or make for a safe harbour."
    },
    catamaran: {
      GO: "Good conditions.",
      CAUTION: "Watch the gusts and reduce sail or speed in good time: a catamaran does not heel to spill a gust and can capsize.",
      AVOID: "Stay in port: a catamaran does not heel to spill gusts like these and can capsize."
    }
  },
  tip: {
    precipitation: "Rain cuts visibility and comfort: pack waterproofs and keep an eye on the sky.",
    cold_water: "Cold water: dress for a fall in the water, not for the air, and keep everyone in a life jacket.",
    darkness: "In the dark: show navigation lights, carry a torch and a way to call for help, and keep everyone in a life jacket.",
    freezing_spray: "Freezing spray builds ice on deck and rigging: slow down, keep the spray off the boat where you can and clear the ice early."
  },
  visibilityTip: {
    moderate: "Moderate visibility: keep a good lookout and your navigation lights ready.",
    poor: "Poor visibility: keep a sound signal and navigation lights ready, and stay in waters you know.",
    fog: "Fog: use sound signals and navigation lights, and stay in waters you know or in port."
  },
  coldWaterNote: (water) => `Cold water (${water}): dress for a fall in the water, not for the air.`,
  coldAir: (air) => `Air below freezing (${air}): expect ice on deck and numb hands, and dress in layers.`,
  simulatedNotice: "Simulated sandbox data, not a real forecast: do not use it to decide whether to go out.",

  outlook: (days, vessel, counts) => `${days}-day outlook for ${vessel}: ${counts}.`,
  count: (cls, days) => `${days} ${cls} day${days === 1 ? "" : "s"}`,
  best: (date, cls, drivers) => `Best day: ${date} (${cls}): ${drivers}.`,
  worst: (date, cls, drivers) => `Worst day: ${date} (${cls}): ${drivers}.`,
  onlyDay: (date, cls, drivers) => `${date} (${cls}): ${drivers}.`,
  calm: (f) => compact([`wind ${f.wind}`, `gusts ${f.gust}`, when(f.seas, (s) => `seas ${s}`)], ", "),
  spread: (wind, gustMax, seas) =>
    `Over the period: wind ${range(wind)}, gusts up to ${pack.quantity(gustMax)}${
      seas === undefined ? "" : `, seas ${range(seas)}`
    }.`,
  seaStateMissing: (dates) => `Sea-state data unavailable for ${list(dates)}.`,
  estimated: (height) => `${height} (estimated)`
}
