import type { Quantity, UnitKey } from "../Units.js"
import { capitalize, compact, joinList, when } from "./Grammar.js"
import type { DayFacts, Pack, Range } from "./Pack.js"

const units: Record<UnitKey, readonly [singular: string, plural: string]> = {
  kts: ["nœud", "nœuds"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["mille nautique", "milles nautiques"],
  mi: ["mile", "miles"], km: ["km", "km"], ft: ["pied", "pieds"], m: ["m", "m"], c: ["°C", "°C"], f: ["°F", "°F"],
  s: ["s", "s"], pct: ["%", "%"], mmh: ["mm/h", "mm/h"], inh: ["in/h", "in/h"]
}
// French puts the plural from 2 on: "1,5 nœud", "2 nœuds".
const word = (q: Quantity) => units[q.unit][Math.abs(q.amount) < 2 ? 0 : 1]
const quantity = (q: Quantity) => `${q.digits} ${word(q)}`
const range = ({ lo, hi }: Range) => lo.digits === hi.digits ? quantity(hi) : `${lo.digits} à ${quantity(hi)}`

const months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
  "novembre", "décembre"]
const weekdays = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"]

const nouns = {
  powerBoat: "bateau à moteur", sailboat: "voilier", pwc: "scooter des mers", yacht: "yacht", catamaran: "catamaran"
} as const

const classWord = { GO: "FAVORABLE", CAUTION: "PRUDENCE", AVOID: "À ÉVITER" } as const

const list = (items: ReadonlyArray<string>) => joinList(items, ", ", () => " et ")

const rain = (f: DayFacts) =>
  f.rainChance !== undefined
    ? `risque de pluie de ${f.rainChance}${f.rainRate !== undefined ? ` (${f.rainRate})` : ""}`
    : when(f.rainRate, (r) => `pluie de ${r}`)

// IMO/WMO terms: the words follow the number (4,6 milles, c'est « moyenne », pas « mauvaise »).
const visibilityWords = (f: DayFacts) =>
  f.visibility === undefined
    ? "visibilité réduite"
    : f.visibilityGrade === "fog"
    ? `brouillard (visibilité de ${f.visibility})`
    : `${f.visibilityGrade === "moderate" ? "visibilité moyenne" : "mauvaise visibilité"} (${f.visibility})`

export const pack: Pack = {
  gap: " ",
  classWord,
  compass: ["nord", "nord-est", "est", "sud-est", "sud", "sud-ouest", "ouest", "nord-ouest"],
  quantity,
  list,
  date: (d) => `${weekdays[d.weekday]} ${d.day === 1 ? "1er" : d.day} ${months[d.month - 1]}`,
  vessel: (type, length, given) =>
    given ? `votre ${nouns[type]} de ${length}` : `un ${nouns[type]} de ${length} (aucun bateau indiqué)`,

  verdict: (cls, vessel, deciding) =>
    deciding !== undefined
      ? `${classWord[cls]} pour ${vessel} : ${deciding}.`
      : cls === "GO"
      ? `${classWord.GO} pour ${vessel}.`
      : `${classWord[cls]} pour ${vessel} selon les règles de ce type de bateau.`,
  alsoWatch: (hazards) => `À surveiller aussi : ${hazards}.`,
  hazard: {
    wind_against_current: () => "vent contre courant",
    wind: (f) => `vent moyen de ${f.wind}`,
    gust: (f) => `rafales à ${f.gust}`,
    seas: (f) => f.seas !== undefined ? `creux de ${f.seas}` : "mer forte",
    steep_seas: (f) =>
      f.wave !== undefined
        ? `mer courte et creuse, vagues de ${f.wave}${f.wavePeriod !== undefined ? ` toutes les ${f.wavePeriod}` : ""}`
        : "mer courte et creuse",
    visibility: (f) => visibilityWords(f),
    precipitation: (f) => rain(f) ?? "pluie",
    thunderstorm: (f) =>
      f.squallCape !== undefined
        ? `risque de grains orageux (air instable, CAPE de ${f.squallCape} ; rafales à ${f.gust})`
        : `orages (rafales à ${f.gust}${f.rainRate !== undefined ? `, pluie de ${f.rainRate}` : ""})`,
    cold_water: (f) => f.water !== undefined ? `eau froide, à ${f.water}` : "eau froide",
    darkness: (f) =>
      f.polarNight === true
        ? "aucune heure de jour (nuit polaire)"
        : f.darkHours !== undefined
        ? `une sortie plus longue que la journée (${f.darkHours} h dans l'obscurité)`
        : "obscurité",
    freezing_spray: (f) =>
      `${f.spray === "heavy" ? "forts embruns verglaçants" : "embruns verglaçants"}${
        f.air !== undefined && f.water !== undefined ? ` (air à ${f.air}, eau à ${f.water})` : ""
      }`,
    sea_state_unavailable: (f) =>
      f.wave === undefined
        ? "état de la mer inconnu (aucune donnée de vagues)"
        : `période des vagues inconnue (impossible de juger la cambrure de vagues de ${f.wave})`
  },
  visibilityUnavailable: "La visibilité n'est pas prévue pour ce lieu (non évaluée) : surveillez le brouillard.",
  seaStateUnavailable:
    "Données d'état de la mer indisponibles : observez la mer avant de partir.",
  worse: {
    wind_against_current: "vent contre courant",
    wind: "vent plus fort",
    gust: "rafales plus fortes",
    seas: "mer plus creuse",
    steep_seas: "mer plus courte",
    visibility: "visibilité moindre",
    precipitation: "davantage de pluie",
    thunderstorm: "orages",
    cold_water: "eau plus froide",
    light_air: "vent plus faible",
    sea_state_unavailable: "pas de données sur l'état de la mer",
    darkness: "obscurité",
    freezing_spray: "embruns verglaçants",
    cold_air: "air plus froid"
  },
  lightAir: (wind) => `Petit temps (${wind}) : prévoyez le moteur ou attendez la brise.`,
  advice: {
    powerBoat: {
      GO: "Vérifications habituelles avant de partir : carburant, VHF, gilets.",
      CAUTION: "Ne sortez qu'avec de l'expérience, à portée d'un abri, en surveillant l'évolution du temps.",
      AVOID: "Restez au port."
    },
    sailboat: {
      GO: "Belle journée pour naviguer à la voile ; surveillez les rafales.",
      CAUTION: "Prenez un ris tôt et gardez un abri à portée.",
      AVOID: "Restez au port : ces conditions dépassent un voilier de cette taille."
    },
    pwc: {
      GO: "Sortez à deux, gilet sur le dos et coupe-circuit attaché.",
      CAUTION: "Restez près du rivage, en eaux abritées, et rentrez si la mer se lève.",
      AVOID: "Ne sortez pas : un scooter des mers n'offre aucune protection dans ces conditions."
    },
    yacht: {
      GO: "Conditions confortables.",
      CAUTION: "Ça bougera en route : saisissez le matériel et prévenez vos invités.",
      AVOID: "Restez à quai ou gagnez un abri sûr."
    },
    catamaran: {
      GO: "Bonnes conditions.",
      CAUTION: "Surveillez les rafales et réduisez la toile ou la vitesse à temps : un catamaran ne gîte pas pour laisser passer une rafale et peut chavirer.",
      AVOID: "Restez au port : un catamaran ne gîte pas pour laisser passer de telles rafales et peut chavirer."
    }
  },
  tip: {
    precipitation: "La pluie réduit la visibilité et le confort : prenez des cirés et surveillez le ciel.",
    cold_water: "Eau froide : habillez-vous pour une chute à l'eau, pas pour la température de l'air, et gilet pour tout le monde.",
    darkness: "Dans l'obscurité : allumez les feux de navigation, emportez une lampe et un moyen d'appeler les secours, et gilet pour tout le monde.",
    freezing_spray: "Les embruns gèlent sur le pont et le gréement : réduisez la vitesse, évitez les embruns autant que possible et dégagez la glace tôt."
  },
  visibilityTip: {
    moderate: "Visibilité moyenne : veillez attentivement et gardez les feux de navigation prêts.",
    poor: "Mauvaise visibilité : gardez le signal sonore et les feux de navigation prêts, et restez dans des eaux connues.",
    fog: "Brouillard : signaux sonores et feux de navigation, et restez dans des eaux connues ou au port."
  },
  coldWaterNote: (water) => `Eau froide (${water}) : habillez-vous pour une chute à l'eau, pas pour la température de l'air.`,
  coldAir: (air) => `Air sous zéro (${air}) : glace sur le pont et mains engourdies, habillez-vous en couches.`,
  simulatedNotice:
    "Données simulées de l'environnement de test (sandbox), pas une vraie prévision : ne les utilisez pas pour décider de sortir en mer.",

  outlook: (days, vessel, counts) => `Prévisions sur ${days} ${days === 1 ? "jour" : "jours"} pour ${vessel} : ${counts}.`,
  count: (cls, days) => {
    const d = days === 1 ? "jour" : "jours"
    return cls === "GO" ? `${days} ${d} ${days === 1 ? "favorable" : "favorables"}` : cls === "CAUTION"
      ? `${days} ${d} de prudence`
      : `${days} ${d} à éviter`
  },
  best: (date, cls, drivers) => `Meilleur jour : ${date} (${classWord[cls]}) : ${drivers}.`,
  worst: (date, cls, drivers) => `Jour le plus difficile : ${date} (${classWord[cls]}) : ${drivers}.`,
  onlyDay: (date, cls, drivers) => `${capitalize(date)} (${classWord[cls]}) : ${drivers}.`,
  calm: (f) => compact([`vent ${f.wind}`, `rafales ${f.gust}`, when(f.seas, (s) => `creux ${s}`)], ", "),
  spread: (wind, gustMax, seas) =>
    `Sur la période : vent de ${range(wind)}, rafales jusqu'à ${quantity(gustMax)}${
      seas === undefined ? "" : `, creux de ${range(seas)}`
    }.`,
  seaStateMissing: (dates) => `Données d'état de la mer indisponibles pour ${list(dates.map((d) => `le ${d}`))}.`,
  estimated: (height) => `${height} (estimation)`
}
