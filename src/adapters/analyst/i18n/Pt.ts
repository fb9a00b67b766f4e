import type { Quantity, UnitKey } from "../Units.js"
import { capitalize, compact, joinList, when } from "./Grammar.js"
import type { DayFacts, Pack, Range } from "./Pack.js"

// European Portuguese (pt-PT) throughout (issue 11): "este", "mota de água", "por omissão", "paragem",
// "nevoeiro", "salpicos", "às escuras"; docs/analysis-text.md says so.

const units: Record<UnitKey, readonly [singular: string, plural: string]> = {
  kts: ["nó", "nós"], mph: ["mph", "mph"], ms: ["m/s", "m/s"], nm: ["milha náutica", "milhas náuticas"],
  mi: ["milha", "milhas"], km: ["km", "km"], ft: ["pé", "pés"], m: ["m", "m"], c: ["°C", "°C"], f: ["°F", "°F"],
  s: ["s", "s"], pct: ["%", "%"], mmh: ["mm/h", "mm/h"], inh: ["in/h", "in/h"]
}
const word = (q: Quantity) => units[q.unit][q.amount === 1 ? 0 : 1]
const quantity = (q: Quantity) => q.unit === "pct" ? `${q.digits}%` : `${q.digits} ${word(q)}`
const range = ({ lo, hi }: Range) => lo.digits === hi.digits ? quantity(hi) : `${lo.digits} a ${quantity(hi)}`

const months = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
  "novembro", "dezembro"]
const weekdays = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"]

// [definite article + possessive, noun, indefinite article]: the possessive agrees with the noun.
const nouns = {
  powerBoat: ["a sua", "lancha", "uma"],
  sailboat: ["o seu", "veleiro", "um"],
  pwc: ["a sua", "mota de água", "uma"],
  yacht: ["o seu", "iate", "um"],
  catamaran: ["o seu", "catamarã", "um"]
} as const

const classWord = { GO: "FAVORÁVEL", CAUTION: "CAUTELA", AVOID: "EVITAR" } as const

const list = (items: ReadonlyArray<string>) => joinList(items, ", ", () => " e ")

const rain = (f: DayFacts) =>
  f.rainChance !== undefined
    ? `probabilidade de chuva de ${f.rainChance}${f.rainRate !== undefined ? ` (${f.rainRate})` : ""}`
    : when(f.rainRate, (r) => `chuva de ${r}`)

// IMO/WMO terms: the words follow the number (4,6 milhas é "moderada", não "má").
const visibilityWords = (f: DayFacts) =>
  f.visibility === undefined
    ? "visibilidade reduzida"
    : f.visibilityGrade === "fog"
    ? `nevoeiro (visibilidade de ${f.visibility})`
    : `${f.visibilityGrade === "moderate" ? "visibilidade moderada" : "má visibilidade"} (${f.visibility})`

export const pack: Pack = {
  gap: " ",
  classWord,
  compass: ["norte", "nordeste", "este", "sudeste", "sul", "sudoeste", "oeste", "noroeste"],
  quantity,
  list,
  date: (d) => `${weekdays[d.weekday]}, ${d.day} de ${months[d.month - 1]}`,
  vessel: (type, length, given) => {
    const [possessive, noun, indefinite] = nouns[type]
    return given ? `${possessive} ${noun} de ${length}` : `${indefinite} ${noun} de ${length} (embarcação por omissão)`
  },

  verdict: (cls, vessel, deciding) =>
    deciding !== undefined
      ? `${classWord[cls]} para ${vessel}: ${deciding}.`
      : cls === "GO"
      ? `${classWord.GO} para ${vessel}.`
      : `${classWord[cls]} para ${vessel} segundo as regras para este tipo de embarcação.`,
  alsoWatch: (hazards) => `Atenção também a: ${hazards}.`,
  hazard: {
    wind_against_current: () => "vento contra corrente",
    wind: (f) => `vento médio de ${f.wind}`,
    gust: (f) => `rajadas de ${f.gust}`,
    seas: (f) => f.seas !== undefined ? `ondas de ${f.seas}` : "mar grosso",
    steep_seas: (f) =>
      f.wave !== undefined
        ? `mar cavado e curto, ondas de ${f.wave}${f.wavePeriod !== undefined ? ` a cada ${f.wavePeriod}` : ""}`
        : "mar cavado e curto",
    visibility: (f) => visibilityWords(f),
    precipitation: (f) => rain(f) ?? "chuva",
    thunderstorm: (f) =>
      f.squallCape !== undefined
        ? `risco de borrascas de trovoada (ar instável, CAPE de ${f.squallCape}; rajadas de ${f.gust})`
        : `trovoada (rajadas de ${f.gust}${f.rainRate !== undefined ? `, chuva de ${f.rainRate}` : ""})`,
    cold_water: (f) => f.water !== undefined ? `água fria, a ${f.water}` : "água fria",
    darkness: (f) =>
      f.polarNight === true
        ? "nenhuma hora de luz do dia (noite polar)"
        : f.darkHours !== undefined
        ? `uma saída mais longa do que as horas de luz (${f.darkHours} h às escuras)`
        : "escuridão",
    freezing_spray: (f) =>
      `${f.spray === "heavy" ? "salpicos congelantes fortes" : "salpicos congelantes"}${
        f.air !== undefined && f.water !== undefined ? ` (ar a ${f.air}, água a ${f.water})` : ""
      }`,
    sea_state_unavailable: (f) =>
      f.wave === undefined
        ? "estado do mar desconhecido (sem dados de ondas)"
        : `período das ondas desconhecido (não é possível avaliar a inclinação de ondas de ${f.wave})`
  },
  visibilityUnavailable: "Não há previsão de visibilidade para este local (não avaliada): atenção ao nevoeiro.",
  seaStateUnavailable:
    "Dados do estado do mar indisponíveis: observe o mar antes de sair.",
  worse: {
    wind_against_current: "vento contra corrente",
    wind: "mais vento",
    gust: "rajadas mais fortes",
    seas: "ondas maiores",
    steep_seas: "mar mais cavado",
    visibility: "pior visibilidade",
    precipitation: "mais chuva",
    thunderstorm: "trovoadas",
    cold_water: "água mais fria",
    light_air: "menos vento",
    sea_state_unavailable: "sem dados do estado do mar",
    darkness: "escuridão",
    freezing_spray: "salpicos congelantes",
    cold_air: "ar mais frio"
  },
  lightAir: (wind) => `Vento fraco (${wind}): preveja navegar a motor ou esperar pela brisa.`,
  advice: {
    powerBoat: {
      GO: "Verificações habituais antes de sair: combustível, VHF e coletes.",
      CAUTION: "Saia só com experiência, perto de abrigo e atento à evolução do tempo.",
      AVOID: "Fique no porto."
    },
    sailboat: {
      GO: "Bom dia para velejar; atenção às rajadas.",
      CAUTION: "Reduza o pano cedo e mantenha ao alcance um regresso abrigado.",
      AVOID: "Fique no porto: estas condições são demasiado para um veleiro deste tamanho."
    },
    pwc: {
      GO: "Saia acompanhado, com colete e o cabo de paragem de emergência preso ao pulso.",
      CAUTION: "Mantenha-se perto da costa, em águas abrigadas, e regresse se o mar crescer.",
      AVOID: "Não saia: uma mota de água não oferece proteção nestas condições."
    },
    yacht: {
      GO: "Condições confortáveis.",
      CAUTION: "Haverá balanço em navegação: prenda o material e avise os seus convidados.",
      AVOID: "Fique atracado ou procure um porto seguro."
    },
    catamaran: {
      GO: "Boas condições.",
      CAUTION: "Vigie as rajadas e reduza o pano ou a velocidade a tempo: um catamarã não aderna para aliviar uma rajada e pode virar.",
      AVOID: "Fique no porto: um catamarã não aderna para aliviar rajadas assim e pode virar."
    }
  },
  tip: {
    precipitation: "A chuva reduz a visibilidade e o conforto: leve roupa impermeável e vigie o céu.",
    cold_water: "Água fria: vista-se a pensar numa queda à água, não na temperatura do ar, e todos de colete.",
    darkness: "Às escuras: acenda as luzes de navegação, leve uma lanterna e um meio de pedir socorro, e todos de colete.",
    freezing_spray: "Os salpicos congelam no convés e no aparelho: reduza a velocidade, evite os salpicos quanto possível e retire o gelo cedo."
  },
  visibilityTip: {
    moderate: "Visibilidade moderada: mantenha uma boa vigia e as luzes de navegação prontas.",
    poor: "Má visibilidade: tenha o sinal sonoro e as luzes de navegação prontos e fique em águas que conhece.",
    fog: "Nevoeiro: use os sinais sonoros e as luzes de navegação, e fique em águas que conhece ou no porto."
  },
  coldWaterNote: (water) => `Água fria (${water}): vista-se a pensar numa queda à água, não na temperatura do ar.`,
  coldAir: (air) => `Ar abaixo de zero (${air}): gelo no convés e mãos dormentes; vista-se por camadas.`,
  simulatedNotice:
    "Dados simulados do ambiente de testes (sandbox), não uma previsão real: não os use para decidir se sai para o mar.",

  outlook: (days, vessel, counts) => `Previsão de ${days} ${days === 1 ? "dia" : "dias"} para ${vessel}: ${counts}.`,
  count: (cls, days) => {
    const d = days === 1 ? "dia" : "dias"
    return cls === "GO" ? `${days} ${d} ${days === 1 ? "favorável" : "favoráveis"}` : cls === "CAUTION"
      ? `${days} ${d} de cautela`
      : `${days} ${d} a evitar`
  },
  best: (date, cls, drivers) => `Melhor dia: ${date} (${classWord[cls]}): ${drivers}.`,
  worst: (date, cls, drivers) => `Pior dia: ${date} (${classWord[cls]}): ${drivers}.`,
  onlyDay: (date, cls, drivers) => `${capitalize(date)} (${classWord[cls]}): ${drivers}.`,
  calm: (f) => compact([`vento de ${f.wind}`, `rajadas de ${f.gust}`, when(f.seas, (s) => `ondas de ${s}`)], ", "),
  spread: (wind, gustMax, seas) =>
    `No período: vento de ${range(wind)}, rajadas até ${quantity(gustMax)}${
      seas === undefined ? "" : `, ondas de ${range(seas)}`
    }.`,
  seaStateMissing: (dates) => `Dados do estado do mar indisponíveis para: ${dates.join("; ")}.`,
  estimated: (height) => `${height} (estimativa)`
}
