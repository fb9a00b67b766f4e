import type { Quantity, UnitKey } from "../Units.js"
import { capitalize, compact, joinList, when } from "./Grammar.js"
import type { DayFacts, Pack, Range } from "./Pack.js"

const units: Record<UnitKey, readonly [singular: string, plural: string]> = {
  kts: ["nodo", "nodi"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["miglio nautico", "miglia nautiche"],
  mi: ["miglio", "miglia"], km: ["km", "km"], ft: ["piede", "piedi"], m: ["m", "m"], c: ["°C", "°C"], f: ["°F", "°F"],
  s: ["s", "s"], pct: ["%", "%"], mmh: ["mm/h", "mm/h"], inh: ["in/h", "in/h"]
}
const word = (q: Quantity) => units[q.unit][q.amount === 1 ? 0 : 1]
const quantity = (q: Quantity) => q.unit === "pct" ? `${q.digits}%` : `${q.digits} ${word(q)}`
const range = ({ lo, hi }: Range) => lo.digits === hi.digits ? `di ${quantity(hi)}` : `da ${lo.digits} a ${quantity(hi)}`

// Numbers read with a leading vowel (uno, otto, undici, ottanta...) take the elided article: "dell'80%";
// zero takes "lo": "dello 0%". (Hours, "dalle 8:00" / "dall'1:00": DayWords.ts.)
const vowelNumber = (digits: string) => /^(8|1(?!\d)|11(?!\d))/.test(digits)
const ofPercent = (chance: string) =>
  /^0(?!\d)/.test(chance) ? `dello ${chance}` : vowelNumber(chance) ? `dell'${chance}` : `del ${chance}`
const months = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
  "novembre", "dicembre"]
const weekdays = ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"]

// [possessive with article, noun, indefinite article]: both agree with the noun.
const nouns = {
  powerBoat: ["la tua", "barca a motore", "una"],
  sailboat: ["la tua", "barca a vela", "una"],
  pwc: ["la tua", "moto d'acqua", "una"],
  yacht: ["il tuo", "yacht", "uno"],
  catamaran: ["il tuo", "catamarano", "un"]
} as const

const classWord = { GO: "FAVOREVOLE", CAUTION: "PRUDENZA", AVOID: "DA EVITARE" } as const

const list = (items: ReadonlyArray<string>) => joinList(items, ", ", () => " e ")

const rain = (f: DayFacts) =>
  f.rainChance !== undefined
    ? `probabilità di pioggia ${ofPercent(f.rainChance)}${f.rainRate !== undefined ? ` (${f.rainRate})` : ""}`
    : when(f.rainRate, (r) => `pioggia di ${r}`)

// IMO/WMO terms: the words follow the number (4,6 miglia è "moderata", non "scarsa").
const visibilityWords = (f: DayFacts) =>
  f.visibility === undefined
    ? "visibilità ridotta"
    : f.visibilityGrade === "fog"
    ? `nebbia (visibilità ${f.visibility})`
    : `${f.visibilityGrade === "moderate" ? "visibilità moderata" : "scarsa visibilità"} (${f.visibility})`

export const pack: Pack = {
  gap: " ",
  classWord,
  compass: ["nord", "nord-est", "est", "sud-est", "sud", "sud-ovest", "ovest", "nord-ovest"],
  quantity,
  list,
  date: (d) => `${weekdays[d.weekday]} ${d.day === 1 ? "1º" : d.day} ${months[d.month - 1]}`,
  vessel: (type, length, given) => {
    const [possessive, noun, indefinite] = nouns[type]
    return given ? `${possessive} ${noun} da ${length}` : `${indefinite} ${noun} da ${length} (nessuna imbarcazione indicata)`
  },

  verdict: (cls, vessel, deciding) =>
    deciding !== undefined
      ? `${classWord[cls]} per ${vessel}: ${deciding}.`
      : cls === "GO"
      ? `${classWord.GO} per ${vessel}.`
      : `${classWord[cls]} per ${vessel} secondo le regole per questo tipo di imbarcazione.`,
  alsoWatch: (hazards) => `Attenzione anche a: ${hazards}.`,
  hazard: {
    wind_against_current: () => "vento contro corrente",
    wind: (f) => `vento medio di ${f.wind}`,
    gust: (f) => `raffiche fino a ${f.gust}`,
    seas: (f) => f.seas !== undefined ? `onde di ${f.seas}` : "mare grosso",
    steep_seas: (f) =>
      f.wave !== undefined
        ? `mare corto e ripido, onde di ${f.wave}${f.wavePeriod !== undefined ? ` ogni ${f.wavePeriod}` : ""}`
        : "mare corto e ripido",
    visibility: (f) => visibilityWords(f),
    precipitation: (f) => rain(f) ?? "pioggia",
    thunderstorm: (f) =>
      f.squallCape !== undefined
        ? `rischio di groppi temporaleschi (aria instabile, CAPE di ${f.squallCape}; raffiche fino a ${f.gust})`
        : `temporali (raffiche fino a ${f.gust}${f.rainRate !== undefined ? `, pioggia di ${f.rainRate}` : ""})`,
    cold_water: (f) => f.water !== undefined ? `acqua fredda, a ${f.water}` : "acqua fredda",
    darkness: (f) =>
      f.polarNight === true
        ? "nessuna ora di luce (notte polare)"
        : f.darkHours !== undefined
        ? `un'uscita più lunga delle ore di luce (${f.darkHours} ${f.darkHours === 1 ? "ora" : "ore"} al buio)`
        : "buio",
    freezing_spray: (f) =>
      `${f.spray === "heavy" ? "forti spruzzi congelanti" : "spruzzi congelanti"}${
        f.air !== undefined && f.water !== undefined ? ` (aria ${f.air}, acqua ${f.water})` : ""
      }`,
    sea_state_unavailable: (f) =>
      f.wave === undefined
        ? "stato del mare sconosciuto (nessun dato sulle onde)"
        : `periodo delle onde sconosciuto (impossibile valutare la ripidità di onde di ${f.wave})`
  },
  visibilityUnavailable: "La visibilità non è prevista per questo luogo (non valutata): attenzione alla nebbia.",
  seaStateUnavailable:
    "Dati sullo stato del mare non disponibili: osserva il mare prima di uscire.",
  worse: {
    wind_against_current: "vento contro corrente",
    wind: "vento più forte",
    gust: "raffiche più forti",
    seas: "onde più alte",
    steep_seas: "mare più ripido",
    visibility: "visibilità peggiore",
    precipitation: "più pioggia",
    thunderstorm: "temporali",
    cold_water: "acqua più fredda",
    light_air: "vento più debole",
    sea_state_unavailable: "nessun dato sullo stato del mare",
    darkness: "buio",
    freezing_spray: "spruzzi congelanti",
    cold_air: "aria più fredda"
  },
  lightAir: (wind) => `Vento debole (${wind}): prevedi di procedere a motore o di aspettare la brezza.`,
  advice: {
    powerBoat: {
      GO: "I controlli di sempre prima di uscire: carburante, VHF e giubbotti.",
      CAUTION: "Esci solo se hai esperienza, resta vicino a un ridosso e segui l'evoluzione del tempo.",
      AVOID: "Resta in porto."
    },
    sailboat: {
      GO: "Buona giornata per veleggiare; occhio alle raffiche.",
      CAUTION: "Prendi una mano di terzaroli per tempo e tieni un ridosso a portata.",
      AVOID: "Resta in porto: condizioni oltre i limiti di una barca a vela di queste dimensioni."
    },
    pwc: {
      GO: "Esci in compagnia, con il giubbotto e il cordino di arresto collegato.",
      CAUTION: "Resta vicino alla costa, in acque riparate, e rientra se il mare aumenta.",
      AVOID: "Non uscire: una moto d'acqua non offre alcuna protezione in queste condizioni."
    },
    yacht: {
      GO: "Condizioni confortevoli.",
      CAUTION: "In navigazione ci sarà movimento: rizza l'attrezzatura e avvisa i tuoi ospiti.",
      AVOID: "Resta all'ormeggio o raggiungi un porto sicuro."
    },
    catamaran: {
      GO: "Buone condizioni.",
      CAUTION: "Tieni d'occhio le raffiche e riduci tela o velocità per tempo: un catamarano non sbanda per scaricare una raffica e può capovolgersi.",
      AVOID: "Resta in porto: un catamarano non sbanda per scaricare raffiche così e può capovolgersi."
    }
  },
  tip: {
    precipitation: "La pioggia riduce visibilità e comfort: porta la cerata e tieni d'occhio il cielo.",
    cold_water: "Acqua fredda: vestiti pensando a una caduta in acqua, non alla temperatura dell'aria, e giubbotto per tutti.",
    darkness: "Al buio: accendi le luci di navigazione, porta una torcia e un mezzo per chiedere aiuto, e giubbotto per tutti.",
    freezing_spray: "Gli spruzzi ghiacciano su coperta e attrezzatura: riduci la velocità, evita gli spruzzi per quanto puoi e togli il ghiaccio per tempo."
  },
  visibilityTip: {
    moderate: "Visibilità moderata: mantieni una buona vedetta e tieni pronte le luci di navigazione.",
    poor: "Scarsa visibilità: tieni pronti il segnale acustico e le luci di navigazione, e resta in acque che conosci.",
    fog: "Nebbia: segnali acustici e luci di navigazione, e resta in acque che conosci o in porto."
  },
  coldWaterNote: (water) => `Acqua fredda (${water}): vestiti pensando a una caduta in acqua, non alla temperatura dell'aria.`,
  coldAir: (air) => `Aria sotto zero (${air}): ghiaccio in coperta e mani intorpidite; vestiti a strati.`,
  simulatedNotice:
    "Dati simulati dell'ambiente di prova (sandbox), non una previsione reale: non usarli per decidere se uscire in mare.",

  outlook: (days, vessel, counts) => `Previsione di ${days} ${days === 1 ? "giorno" : "giorni"} per ${vessel}: ${counts}.`,
  count: (cls, days) => {
    const d = days === 1 ? "giorno" : "giorni"
    return cls === "GO" ? `${days} ${d} ${days === 1 ? "favorevole" : "favorevoli"}` : cls === "CAUTION"
      ? `${days} ${d} di prudenza`
      : `${days} ${d} da evitare`
  },
  best: (date, cls, drivers) => `Giorno migliore: ${date} (${classWord[cls]}): ${drivers}.`,
  worst: (date, cls, drivers) => `Giorno peggiore: ${date} (${classWord[cls]}): ${drivers}.`,
  onlyDay: (date, cls, drivers) => `${capitalize(date)} (${classWord[cls]}): ${drivers}.`,
  calm: (f) => compact([`vento ${f.wind}`, `raffiche ${f.gust}`, when(f.seas, (s) => `onde ${s}`)], ", "),
  spread: (wind, gustMax, seas) =>
    `Nel periodo: vento ${range(wind)}, raffiche fino a ${quantity(gustMax)}${
      seas === undefined ? "" : `, onde ${range(seas)}`
    }.`,
  seaStateMissing: (dates) => `Dati sullo stato del mare non disponibili per ${list(dates)}.`,
  estimated: (height) => `${height} (stima)`
}
