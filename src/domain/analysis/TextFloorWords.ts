import type { Language } from "../spotcast/Preferences.js"

/**
 * The words the text floor looks for, per language. Patterns are matched case-insensitively on the
 * NFKC-normalised text; Latin ones are whole words (the floor adds the boundaries).
 */

export const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]

/**
 * Function words frequent in one Latin-script language and rare in the others (a word shared by two,
 * like "con" or "para", is listed under both and counts for both). The requested language must score
 * at least as high as every other.
 */
export const stopWords: Readonly<Record<Exclude<Language, "ja">, ReadonlyArray<string>>> = {
  en: ["the", "and", "of", "with", "is", "for", "your", "are", "from", "this", "be", "will", "not", "but", "at", "to",
    "or", "you", "should", "stay", "day", "wind", "seas", "water", "gusts", "it", "on", "in", "up", "out", "over", "than",
    "do", "no", "rain", "between", "until", "today", "boat", "visibility", "which", "there", "its"],
  es: ["el", "los", "las", "del", "y", "con", "un", "no", "para", "es", "por", "una", "muy", "pero", "día", "viento", "hay", "está",
    "su", "sus", "olas", "agua", "rachas", "lluvia", "al", "se", "mar", "entre", "hasta", "hoy", "barco", "embarcación",
    "condiciones", "visibilidad", "nudos", "pies", "usted", "salir", "puerto", "mejor", "peor"],
  fr: ["le", "les", "du", "des", "et", "avec", "un", "pour", "est", "une", "pas", "dans", "sur", "votre", "vos", "vent", "mer",
    "jour", "eau", "au", "aux", "il", "ce", "cette", "ne", "vagues", "rafales", "pluie", "entre", "jusqu", "bateau",
    "visibilité", "nœuds", "noeuds", "pieds", "vous", "sortir", "sortie", "meilleur", "houle", "être"],
  pt: ["o", "os", "do", "da", "dos", "das", "com", "e", "se", "para", "é", "um", "uma", "não", "em", "no", "na", "vento", "dia",
    "água", "ondas", "rajadas", "chuva", "seu", "sua", "ao", "mas", "está", "mar", "entre", "até", "hoje", "barco",
    "embarcação", "condições", "visibilidade", "nós", "pés", "você", "sair", "saída", "porto", "melhor"],
  it: ["il", "lo", "gli", "le", "se", "sua", "di", "della", "dello", "del", "e", "con", "per", "è", "un", "una", "che", "non", "vento",
    "giorno", "nel", "nella", "sono", "mare", "acqua", "onde", "raffiche", "pioggia", "alla", "al", "dalle", "alle",
    "tra", "fino", "oggi", "barca", "imbarcazione", "condizioni", "visibilità", "nodi", "piedi", "uscire", "uscita",
    "porto", "migliore"]
}

/**
 * Reassuring wording: on a CAUTION or AVOID day a text must use none of it. Whole words or phrases,
 * regular-expression source.
 */
export const reassuring: Readonly<Record<Language, ReadonlyArray<string>>> = {
  en: ["safe", "safely", "perfect", "perfectly", "ideal", "enjoy\\w*", "no risk", "no danger", "nothing to worry about",
    "no worries", "worry-free", "risk-free", "without risk", "harmless", "great day", "good day to \\w+", "excellent",
    "no problem", "fine for", "nothing to fear", "go for it"],
  es: ["segur[oa]s?", "perfect[oa]s?", "perfectamente", "ideal(?:es)?", "disfrut\\w*", "sin riesgos?", "sin peligro",
    "excelentes?", "sin problemas?", "nada (?:de qué|que) (?:preocuparse|temer)", "buen día para \\w+",
    "sin ningún riesgo"],
  fr: ["sûre?s?", "sans (?:aucun )?danger", "sans risques?", "en toute sécurité", "en sécurité", "parfait(?:e|s|es)?",
    "parfaitement", "idéal(?:e|s|es)?", "idéaux", "profite[zr]?", "excellente?s?", "aucun risque", "aucun danger",
    "rien à craindre", "pas de souci", "sans souci", "bonne journée pour \\w+", "allez-y"],
  pt: ["segur[oa]s?", "perfeit[oa]s?", "perfeitamente", "ideal", "ideais", "aproveit\\w*", "desfrut\\w*", "excelentes?",
    "sem riscos?", "sem perigo", "nada a temer", "sem problemas?", "bom dia para \\w+", "em segurança",
    "com toda a segurança", "tranquilamente"],
  it: ["sicur[oaie]", "in (?:tutta )?sicurezza", "perfett[oaie]", "perfettamente", "ideal[ei]", "god\\w*",
    "eccellent[ei]", "nessun rischio", "nessun pericolo", "senza rischi", "senza pericol[oi]", "nulla da temere",
    "nessun problema", "buona giornata per \\w+", "tranquillamente"],
  ja: ["安全です", "安全な日", "安全に(?:楽し|出航|航行|過ご)", "安心", "問題(?:は)?(?:あり|なし|ない)", "心配(?:は)?(?:いり|無用|ない|不要)",
    "最適", "完璧", "絶好", "楽しんで", "お楽しみ", "楽しめ", "理想的", "危険はありません", "リスクはありません", "日和"]
}

/**
 * Phrases that contain a reassuring word without reassuring ("make for a safe harbour", "bien sûr"):
 * removed before the reassuring words are looked for.
 */
export const notReassuring: Readonly<Record<Language, ReadonlyArray<string>>> = {
  en: ["safe (?:harbou?rs?|havens?|anchorages?|ports?|places?|shelters?|distance|speed|return)",
    "(?:return|get back|head back|come back|make it back) safely", "safety",
    "(?:not|never|isn't|aren't|wasn't|won't|no longer|far from|hardly) (?:\\w+ )?(?:safe|safely|ideal|perfect|excellent|enjoyable)"],
  es: ["no (?:\\w+ ){0,2}(?:segur[oa]s?|ideal(?:es)?|perfect[oa]s?|excelentes?)", "nada segur[oa]s?",
    "(?:puertos?|lugar(?:es)?|refugios?|fondeaderos?|abrigos?) segur[oa]s?", "distancias? segur[oa]s?",
    "velocidad segura", "asegúre\\w*"],
  fr: ["(?:pas|plus|jamais|guère) (?:\\w+ )?(?:sûre?s?|idéal\\w*|parfait\\w*|sans danger|sans risques?|en sécurité)",
    "bien sûr", "(?:abris?|ports?|mouillages?|lieux?|refuges?) sûrs?", "distance sûre", "sécurité"],
  pt: ["(?:não|nada|nunca) (?:\\w+ ){0,2}(?:segur[oa]s?|ideal|ideais|perfeit[oa]s?|em segurança|excelentes?)",
    "(?:portos?|locais|local|lugar(?:es)?|abrigos?|fundeadouros?) segur[oa]s?", "distâncias? segur[oa]s?",
    "velocidade segura", "segurança"],
  it: ["(?:non|mai|affatto) (?:\\w+ ){0,2}(?:sicur[oaie]|ideal[ei]|perfett[oaie]|in sicurezza|eccellent[ei])",
    "(?:porti|porto|luogo|luoghi|ridoss[oi]|ripar[oi]|approd[oi]|ancoragg\\w+) sicur[oi]", "distanz[ae] sicur[ae]",
    "godere di buona salute"],
  ja: ["安全な(?:港|場所|泊地|距離|速度)", "安全のため", "安全を(?:確保|優先)", "安心(?:でき|は)(?:ません|ない)",
    "(?:安全|最適|理想的|完璧)(?:では|とは)"]
}

/** How each hazard may be named, per language (stems, regular-expression source). */
type Cues = Readonly<Record<Language, ReadonlyArray<string>>>

const seas: Cues = {
  en: ["seas?", "waves?", "swells?", "chop\\w*"],
  es: ["mar", "olas?", "oleaje", "mar de fondo"],
  fr: ["mer", "vagues?", "houle", "clapot", "creux"],
  pt: ["mar", "ondas?", "ondulação", "vagas?"],
  it: ["mare", "onde", "onda", "moto ondoso"],
  ja: ["波", "うねり", "海況", "しけ", "時化"]
}

const gust: Cues = {
  en: ["gusts?", "gusting", "squalls?"],
  es: ["rachas?", "ráfagas?", "turbonadas?"],
  fr: ["rafales?", "grains?"],
  pt: ["rajadas?", "refregas?"],
  it: ["raffiche", "raffica", "groppi"],
  ja: ["突風", "瞬間風速", "ガスト"]
}

/**
 * Cues per factor. A factor without cues here (one added to the rules later) cannot be checked for and
 * is not required; the wording is then only checked for numbers, language and reassurance.
 */
export const factorCues: Readonly<Record<string, Cues>> = {
  wind: {
    en: ["wind\\w*", "breeze", "gale"],
    es: ["viento", "vientos", "brisa", "temporal"],
    fr: ["vents?", "brise", "coup de vent"],
    pt: ["ventos?", "brisa", "vendaval"],
    it: ["vent[oi]", "brezza", "burrasca"],
    ja: ["風"]
  },
  gust,
  seas,
  steep_seas: {
    en: ["steep\\w*", ...seas.en],
    es: ["empinad[oa]s?", "abrupt[oa]s?", "cort[oa]s?", ...seas.es],
    fr: ["cambrée?s?", "cambrure", "creuse?s?", "courte?s?", ...seas.fr],
    pt: ["íngremes?", "curt[oa]s?", "cavad[oa]s?", "inclinação", ...seas.pt],
    it: ["ripid[oaie]", "ripidità", "cort[oaie]", ...seas.it],
    ja: ["険しい", "急峻", ...seas.ja]
  },
  wind_against_current: {
    en: ["against (?:the )?(?:current|tide|stream)"],
    es: ["contra (?:la )?corriente"],
    fr: ["contre (?:le )?courant"],
    pt: ["contra (?:a )?corrente"],
    it: ["contro (?:la )?corrente"],
    ja: ["逆行", "逆らって", "潮流"]
  },
  visibility: {
    en: ["visibility", "fog\\w*", "mist\\w*", "haze"],
    es: ["visibilidad", "niebla", "neblina", "bruma"],
    fr: ["visibilité", "brouillard", "brume"],
    pt: ["visibilidade", "nevoeiro", "neblina", "bruma", "cerração"],
    it: ["visibilità", "nebbia", "foschia", "caligine"],
    ja: ["視程", "視界", "霧", "もや"]
  },
  precipitation: {
    en: ["rain\\w*", "showers?", "drizzle", "precipitation", "downpours?"],
    es: ["lluvias?", "chubascos?", "llovizna", "precipitaci\\w+", "aguaceros?", "llover"],
    fr: ["pluies?", "averses?", "bruine", "précipitations?", "pluvieu\\w+"],
    pt: ["chuvas?", "aguaceiros?", "chuvisco", "garoa", "precipitaç\\w+", "chover"],
    it: ["piogg\\w+", "rovesci\\w*", "pioviggine", "precipitazion\\w+", "piovere"],
    ja: ["雨", "降水"]
  },
  thunderstorm: {
    en: ["thunder\\w*", "lightning", "storms?"],
    es: ["tormentas?", "rayos?", "truenos?", "eléctric\\w+"],
    fr: ["orages?", "orageu\\w+", "foudre", "tonnerre"],
    pt: ["trovoadas?", "tempestades?", "raios?", "relâmpagos?"],
    it: ["temporal\\w+", "fulmin\\w+", "tuon\\w+"],
    ja: ["雷"]
  },
  cold_water: {
    en: ["cold", "water temperature", "hypotherm\\w*", "chilly"],
    es: ["fría", "frías", "frío", "temperatura del agua", "hipotermia"],
    fr: ["froide?s?", "température de l'eau", "hypothermie"],
    pt: ["fria", "frias", "frio", "temperatura da água", "hipotermia"],
    it: ["fredd[oaie]", "temperatura dell'acqua", "ipotermia"],
    ja: ["水温", "冷たい", "低体温"]
  },
  sea_state_unavailable: {
    en: ["sea state", "wave data", "unknown", "unavailable", "no data"],
    es: ["estado del mar", "sin datos", "desconocid[oa]", "no disponibles?", "datos de oleaje"],
    fr: ["état de la mer", "inconnue?", "indisponibles?", "pas de données", "aucune donnée", "données de vagues"],
    pt: ["estado do mar", "sem dados", "desconhecid[oa]", "indisponíve(?:l|is)", "dados de ondas"],
    it: ["stato del mare", "sconosciut[oa]", "non disponibil[ei]", "senza dati", "mancano i dati", "dati sulle onde", "nessun dato"],
    ja: ["海況", "波のデータ", "不明"]
  },
  // Factors issue 11 adds to the rules (darkness, freezing spray, cold air).
  darkness: {
    en: ["dark\\w*", "daylight", "night\\w*", "sunset", "sunrise"],
    es: ["oscur\\w*", "noches?", "horas? de luz", "luz del día", "atardecer", "amanecer"],
    fr: ["obscurité", "nuits?", "journée", "heures? de jour", "lumière du jour", "coucher du soleil", "lever du soleil"],
    pt: ["escur\\w*", "noites?", "horas? de luz", "luz do dia", "pôr do sol", "nascer do sol"],
    it: ["buio", "oscurità", "notte", "notti", "ore di luce", "luce del giorno", "tramonto", "alba"],
    ja: ["暗", "夜", "日照", "日没", "日の出"]
  },
  freezing_spray: {
    en: ["spray", "icing", "ice"],
    es: ["rociones?", "engelamiento", "hielo"],
    fr: ["embruns?", "verglaçant\\w*", "givrage", "glace"],
    pt: ["salpicos?", "borrifos?", "congelant\\w*", "gelo"],
    it: ["spruzz[oi]", "congelant\\w*", "ghiaccio", "formazione di ghiaccio"],
    ja: ["着氷", "しぶき", "飛沫"]
  },
  cold_air: {
    en: ["cold\\w*", "freezing", "frost\\w*", "below zero"],
    es: ["frío", "fría", "bajo cero", "helad\\w+"],
    fr: ["froid\\w*", "sous zéro", "gel\\w*", "glacial\\w*"],
    pt: ["frio", "fria", "abaixo de zero", "gelad\\w+"],
    it: ["fredd\\w+", "sotto zero", "gelid\\w+", "gelo"],
    ja: ["寒", "氷点下", "冷え"]
  }
}

/** A factor is also named when the phrase of one that covers it is there (thunderstorms quote the gusts). */
export const coveredBy: Readonly<Record<string, ReadonlyArray<string>>> = {
  gust: ["thunderstorm"],
  seas: ["steep_seas"]
}

/** Month names (1-12) as the Latin-script languages write them in dates. */
export const months: Readonly<Record<Exclude<Language, "ja">, ReadonlyArray<string>>> = {
  en: ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre",
    "diciembre"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
    "décembre"],
  pt: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro",
    "dezembro"],
  it: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
    "novembre", "dicembre"]
}
