import type { Quantity, UnitKey } from "../Units.js"
import { capitalize, compact, joinList, when } from "./Grammar.js"
import type { DayFacts, Pack, Range } from "./Pack.js"

const units: Record<UnitKey, readonly [singular: string, plural: string]> = {
  kts: ["nudo", "nudos"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["milla náutica", "millas náuticas"],
  mi: ["milla", "millas"], km: ["km", "km"], ft: ["pie", "pies"], m: ["m", "m"], c: ["°C", "°C"], f: ["°F", "°F"],
  s: ["s", "s"], pct: ["%", "%"], mmh: ["mm/h", "mm/h"], inh: ["in/h", "in/h"]
}
const word = (q: Quantity) => units[q.unit][q.amount === 1 ? 0 : 1]
const quantity = (q: Quantity) => `${q.digits} ${word(q)}`
const range = ({ lo, hi }: Range) => lo.digits === hi.digits ? quantity(hi) : `${lo.digits} a ${quantity(hi)}`

const months = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
  "noviembre", "diciembre"]
const weekdays = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"]

const nouns = {
  powerBoat: ["una", "lancha"], sailboat: ["un", "velero"], pwc: ["una", "moto de agua"], yacht: ["un", "yate"],
  catamaran: ["un", "catamarán"]
} as const

const classWord = { GO: "FAVORABLE", CAUTION: "PRECAUCIÓN", AVOID: "EVITAR" } as const

// "y" becomes "e" before a word that starts with the sound /i/ ("viento e intensas lluvias"), not before "hie-".
const list = (items: ReadonlyArray<string>) => joinList(items, ", ", (last) => /^h?i(?!e)/i.test(last) ? " e " : " y ")

const rain = (f: DayFacts) =>
  f.rainChance !== undefined
    ? `probabilidad de lluvia del ${f.rainChance}${f.rainRate !== undefined ? ` (${f.rainRate})` : ""}`
    : when(f.rainRate, (r) => `lluvia de ${r}`)

// IMO/WMO terms: the words follow the number (4,6 millas es "moderada", no "mala").
const visibilityWords = (f: DayFacts) =>
  f.visibility === undefined
    ? "visibilidad reducida"
    : f.visibilityGrade === "fog"
    ? `niebla (visibilidad de ${f.visibility})`
    : `${f.visibilityGrade === "moderate" ? "visibilidad moderada" : "mala visibilidad"} (${f.visibility})`

export const pack: Pack = {
  gap: " ",
  classWord,
  compass: ["norte", "noreste", "este", "sureste", "sur", "suroeste", "oeste", "noroeste"],
  quantity,
  list,
  date: (d) => `${weekdays[d.weekday]} ${d.day} de ${months[d.month - 1]}`,
  vessel: (type, length, given) =>
    given ? `su ${nouns[type][1]} de ${length}` : `${nouns[type].join(" ")} de ${length} (embarcación por defecto)`,

  verdict: (cls, vessel, deciding) =>
    deciding !== undefined
      ? `${classWord[cls]} para ${vessel}: ${deciding}.`
      : cls === "GO"
      ? `${classWord.GO} para ${vessel}.`
      : `${classWord[cls]} para ${vessel} según las reglas de este tipo de embarcación.`,
  alsoWatch: (hazards) => `Vigile también: ${hazards}.`,
  hazard: {
    wind_against_current: () => "viento contra corriente",
    wind: (f) => `viento sostenido de ${f.wind}`,
    gust: (f) => `rachas de ${f.gust}`,
    seas: (f) => f.seas !== undefined ? `olas de ${f.seas}` : "mar gruesa",
    steep_seas: (f) =>
      f.wave !== undefined ? `mar corta y empinada, olas de ${f.wave}${f.wavePeriod !== undefined ? ` cada ${f.wavePeriod}` : ""}` : "mar corta y empinada",
    visibility: (f) => visibilityWords(f),
    precipitation: (f) => rain(f) ?? "lluvia",
    thunderstorm: (f) =>
      f.squallCape !== undefined
        ? `riesgo de turbonadas tormentosas (aire inestable, CAPE de ${f.squallCape}; rachas de ${f.gust})`
        : `tormenta eléctrica (rachas de ${f.gust}${f.rainRate !== undefined ? `, lluvia de ${f.rainRate}` : ""})`,
    cold_water: (f) => f.water !== undefined ? `agua fría, a ${f.water}` : "agua fría",
    darkness: (f) =>
      f.polarNight === true
        ? "ninguna hora de luz (noche polar)"
        : f.darkHours !== undefined
        ? `una salida más larga que las horas de luz (${f.darkHours} h a oscuras)`
        : "oscuridad",
    freezing_spray: (f) =>
      `${f.spray === "heavy" ? "engelamiento intenso por rociones" : "engelamiento por rociones"}${
        f.air !== undefined && f.water !== undefined ? ` (aire a ${f.air}, agua a ${f.water})` : ""
      }`,
    sea_state_unavailable: (f) =>
      f.wave === undefined
        ? "estado del mar desconocido (sin datos de oleaje)"
        : `periodo de ola desconocido (no se puede juzgar lo empinadas que son olas de ${f.wave})`
  },
  visibilityUnavailable: "No hay pronóstico de visibilidad para este lugar (no evaluada): vigile la niebla.",
  seaStateUnavailable:
    "Sin datos del estado del mar: observe el mar antes de salir.",
  worse: {
    wind_against_current: "viento contra corriente",
    wind: "más viento",
    gust: "rachas más fuertes",
    seas: "olas más altas",
    steep_seas: "mar más corta",
    visibility: "peor visibilidad",
    precipitation: "más lluvia",
    thunderstorm: "tormentas",
    cold_water: "agua más fría",
    light_air: "menos viento",
    sea_state_unavailable: "sin datos del estado del mar",
    darkness: "oscuridad",
    freezing_spray: "engelamiento por rociones",
    cold_air: "aire más frío"
  },
  lightAir: (wind) => `Viento muy flojo (${wind}): prevea ir a motor o esperar a que entre la brisa.`,
  advice: {
    powerBoat: {
      GO: "Revisiones de siempre antes de salir: combustible, VHF y chalecos.",
      CAUTION: "Salga solo con experiencia, cerca de un refugio y atento a la evolución del tiempo.",
      AVOID: "Quédese en puerto."
    },
    sailboat: {
      GO: "Buen día para navegar a vela; vigile las rachas.",
      CAUTION: "Tome rizos pronto y tenga a mano un regreso a resguardo.",
      AVOID: "Quédese en puerto: estas condiciones superan a un velero de este tamaño."
    },
    pwc: {
      GO: "Salga acompañado, con chaleco y el cordón de parada sujeto.",
      CAUTION: "Manténgase cerca de la costa, en aguas abrigadas, y regrese si el mar crece.",
      AVOID: "No salga: una moto de agua no ofrece ninguna protección en estas condiciones."
    },
    yacht: {
      GO: "Condiciones cómodas.",
      CAUTION: "Habrá movimiento en navegación: trinque el equipo y avise a sus invitados.",
      AVOID: "Quédese amarrado o busque un puerto seguro."
    },
    catamaran: {
      GO: "Buenas condiciones.",
      CAUTION: "Vigile las rachas y reduzca vela o velocidad a tiempo: un catamarán no escora para soltar una racha y puede volcar.",
      AVOID: "Quédese en puerto: un catamarán no escora para soltar rachas como estas y puede volcar."
    }
  },
  tip: {
    precipitation: "La lluvia resta visibilidad y comodidad: lleve ropa de agua y vigile el cielo.",
    cold_water: "Agua fría: vístase pensando en una caída al agua, no en la temperatura del aire, y que todos lleven chaleco.",
    darkness: "A oscuras: lleve encendidas las luces de navegación, una linterna y un medio para pedir ayuda, y que todos lleven chaleco.",
    freezing_spray: "Los rociones se congelan en cubierta y jarcia: reduzca la velocidad, evite los rociones en lo posible y quite el hielo pronto."
  },
  visibilityTip: {
    moderate: "Visibilidad moderada: mantenga una buena vigilancia y las luces de navegación a punto.",
    poor: "Mala visibilidad: tenga a mano la señal acústica y las luces de navegación, y no salga de aguas que conozca.",
    fog: "Niebla: use las señales acústicas y las luces de navegación, y quédese en aguas que conozca o en puerto."
  },
  coldWaterNote: (water) => `Agua fría (${water}): vístase pensando en una caída al agua, no en la temperatura del aire.`,
  coldAir: (air) => `Aire bajo cero (${air}): habrá hielo en cubierta y manos entumecidas; vístase por capas.`,
  simulatedNotice:
    "Datos simulados del entorno de pruebas (sandbox), no una previsión real: no los use para decidir si sale a navegar.",

  outlook: (days, vessel, counts) => `Previsión de ${days} ${days === 1 ? "día" : "días"} para ${vessel}: ${counts}.`,
  count: (cls, days) => {
    const d = days === 1 ? "día" : "días"
    return cls === "GO" ? `${days} ${d} ${days === 1 ? "favorable" : "favorables"}` : cls === "CAUTION"
      ? `${days} ${d} de precaución`
      : `${days} ${d} a evitar`
  },
  best: (date, cls, drivers) => `Mejor día: ${date} (${classWord[cls]}): ${drivers}.`,
  worst: (date, cls, drivers) => `Peor día: ${date} (${classWord[cls]}): ${drivers}.`,
  onlyDay: (date, cls, drivers) => `${capitalize(date)} (${classWord[cls]}): ${drivers}.`,
  calm: (f) => compact([`viento de ${f.wind}`, `rachas de ${f.gust}`, when(f.seas, (s) => `olas de ${s}`)], ", "),
  spread: (wind, gustMax, seas) =>
    `En el periodo: viento de ${range(wind)}, rachas de hasta ${quantity(gustMax)}${
      seas === undefined ? "" : `, olas de ${range(seas)}`
    }.`,
  seaStateMissing: (dates) => `Sin datos del estado del mar para ${list(dates.map((d) => `el ${d}`))}.`,
  estimated: (height) => `${height} (estimación)`
}
