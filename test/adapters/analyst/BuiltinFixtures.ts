import type { Classification } from "../../../src/domain/forecast/Analysis.js"
import type { DayAssessment, Factor } from "../../../src/domain/safety/Assessment.js"
import type { DayConditions } from "../../../src/domain/weather/DayConditions.js"
import {
  type DistanceUnit,
  type HeightUnit,
  type Language,
  type Preferences,
  resolvePreferences,
  type SpeedUnit,
  type TemperatureUnit
} from "../../../src/domain/spotcast/Preferences.js"
import type { Vessel } from "../../../src/domain/spotcast/Vessel.js"
import type { AnalystInput } from "../../../src/ports/Analyst.js"

/** Hand-built days (not the engine's output): what the built-in analyst must write words for. */
export const day = (
  date: string,
  classification: Classification,
  conditions: DayConditions,
  options: {
    readonly reasons?: ReadonlyArray<readonly [Factor, Classification]>
    readonly worse?: ReadonlyArray<Factor>
    readonly window?: readonly [number, number]
  } = {}
): DayAssessment => ({
  date,
  window: { startHour: options.window?.[0] ?? 9, endHour: options.window?.[1] ?? 13 },
  conditions,
  classification,
  reasons: (options.reasons ?? []).map(([factor, cls]) => ({ factor, classification: cls, detail: `${factor} (test)` })),
  worseOutsideWindow: options.worse ?? []
})

export const calm = day("2025-06-03", "GO", {
  wind_speed_kt: 8.4, wind_gust_kt: 12.2, wind_direction_deg: 315, wave_height_ft: 1.6, wave_period_s: 6,
  swell_height_ft: 1.2, swell_period_s: 9, visibility_nm: 10, precipitation_probability_pct: 10,
  precipitation_mm_per_h: 0.2, air_temp_c: 21.3, water_temp_c: 18.7
})
export const caution = day("2025-06-04", "CAUTION", {
  wind_speed_kt: 16.3, wind_gust_kt: 21.7, wind_direction_deg: 225, wave_height_ft: 3.4, wave_period_s: 6,
  visibility_nm: 7.5, precipitation_probability_pct: 80, precipitation_mm_per_h: 3.6, air_temp_c: 17.2,
  water_temp_c: 14.2
}, { reasons: [["wind", "CAUTION"], ["seas", "CAUTION"]], worse: ["wind", "seas"] })
export const gale = day("2025-06-05", "AVOID", {
  wind_speed_kt: 38.6, wind_gust_kt: 49.3, wind_direction_deg: 270, wave_height_ft: 13.8, wave_period_s: 9,
  swell_height_ft: 9.7, swell_period_s: 12, visibility_nm: 3.2, precipitation_probability_pct: 40,
  precipitation_mm_per_h: 1.3, air_temp_c: 14.4, water_temp_c: 16.6
}, { reasons: [["precipitation", "CAUTION"], ["seas", "AVOID"], ["gust", "AVOID"], ["wind", "AVOID"]] })
/** Inland: no marine data at all (never calm: CAUTION, as the rules have it), and light air. */
export const inland = day("2025-06-06", "CAUTION", {
  wind_speed_kt: 2.6, wind_gust_kt: 4.6, wind_direction_deg: 80, visibility_nm: 12.4, air_temp_c: 24.2
}, { reasons: [["wind", "GO"], ["sea_state_unavailable", "CAUTION"], ["light_air", "GO"]], window: [6, 20] })

export const days: ReadonlyArray<DayAssessment> = [calm, caution, gale, inland]

export const sailboat: Vessel = { type: "sailboat", lengthFt: 22 }

export const input = (preferences: Preferences, overrides: Partial<AnalystInput> = {}): AnalystInput => ({
  coordinates: { latitude: 43.3, longitude: -8.4 },
  days,
  vessel: sailboat,
  vesselGiven: true,
  preferences,
  tripDurationHours: 4,
  simulated: false,
  ...overrides
})

export const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]
export const distanceUnits: ReadonlyArray<DistanceUnit> = ["nm", "mi", "km"]
export const speedUnits: ReadonlyArray<SpeedUnit> = ["kts", "mph", "ms"]

/** Every language × distance × speed, each with its default height and temperature units and with the other pair. */
export const everyPreference: ReadonlyArray<Preferences> = languages.flatMap((language) =>
  distanceUnits.flatMap((d) =>
    speedUnits.flatMap((s) => {
      const resolved = resolvePreferences({ language, distanceUnits: d, speedUnits: s })
      const other: Preferences = {
        ...resolved,
        heightUnits: resolved.heightUnits === "m" ? "ft" : "m",
        temperatureUnits: resolved.temperatureUnits === "c" ? "f" : "c"
      }
      return [resolved, other]
    })
  )
)

// Expected numbers are computed here from the published constants, not with the code under test.
export const perKnot: Record<SpeedUnit, number> = { kts: 1, mph: 1.150779, ms: 0.514444 }
export const perNauticalMile: Record<DistanceUnit, number> = { nm: 1, mi: 1.150779, km: 1.852 }
export const heightIn = (ft: number, h: HeightUnit) => h === "m" ? ft * 0.3048 : ft
export const temperatureIn = (c: number, t: TemperatureUnit) => t === "f" ? c * 9 / 5 + 32 : c
/** Rain in in/h (2 decimals) when temperatures are in °F, in mm/h (1 decimal) otherwise. */
export const rainIn = (mmPerH: number, t: TemperatureUnit, language: Language) => {
  if (t !== "f") return written(mmPerH, language)
  const text = String(Math.round((mmPerH / 25.4) * 100) / 100)
  return ["es", "fr", "pt", "it"].includes(language) ? text.replace(".", ",") : text
}

/** One decimal at most, no trailing ".0", with a decimal comma in es, fr, pt and it. */
export const written = (value: number, language: Language): string => {
  const text = value.toFixed(1).replace(/\.0$/, "")
  return ["es", "fr", "pt", "it"].includes(language) ? text.replace(".", ",") : text
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The number appears as a whole number in the text (not as part of a longer one). */
export const hasNumber = (text: string, digits: string): boolean =>
  new RegExp(`(?<![\\d.,])${escape(digits)}(?![\\d]|[.,]\\d)`).test(text)

export const classWords: Record<Language, Record<Classification, string>> = {
  en: { GO: "GO", CAUTION: "CAUTION", AVOID: "AVOID" },
  es: { GO: "FAVORABLE", CAUTION: "PRECAUCIÓN", AVOID: "EVITAR" },
  fr: { GO: "FAVORABLE", CAUTION: "PRUDENCE", AVOID: "À ÉVITER" },
  pt: { GO: "FAVORÁVEL", CAUTION: "CAUTELA", AVOID: "EVITAR" },
  it: { GO: "FAVOREVOLE", CAUTION: "PRUDENZA", AVOID: "DA EVITARE" },
  ja: { GO: "出航可", CAUTION: "注意", AVOID: "出航見合わせ" }
}

/** How a day's text marks its class (Japanese brackets it, since 注意 is also an ordinary word). */
export const verdictMark = (language: Language, cls: Classification) =>
  language === "ja" ? `【${classWords.ja[cls]}】` : classWords[language][cls]

export const speedWords: Record<Language, Record<SpeedUnit, string>> = {
  en: { kts: " kt", mph: " mph", ms: " m/s" },
  es: { kts: " nudos", mph: " mph", ms: " m/s" },
  fr: { kts: " nœuds", mph: " mph", ms: " m/s" },
  pt: { kts: " nós", mph: " mph", ms: " m/s" },
  it: { kts: " nodi", mph: " mph", ms: " m/s" },
  ja: { kts: "ノット", mph: "mph", ms: "m/s" }
}

export const distanceWords: Record<Language, Record<DistanceUnit, string>> = {
  en: { nm: " nm", mi: " mi", km: " km" },
  es: { nm: " millas náuticas", mi: " millas", km: " km" },
  fr: { nm: " milles nautiques", mi: " miles", km: " km" },
  pt: { nm: " milhas náuticas", mi: " milhas", km: " km" },
  it: { nm: " miglia nautiche", mi: " miglia", km: " km" },
  ja: { nm: "海里", mi: "マイル", km: "km" }
}

export const keywords: Record<
  "simulated" | "seaState" | "lightAir" | "worseOutside",
  Record<Language, string>
> = {
  simulated: {
    en: "Simulated sandbox data, not a real forecast",
    es: "Datos simulados",
    fr: "Données simulées",
    pt: "Dados simulados",
    it: "Dati simulati",
    ja: "シミュレーションデータ"
  },
  seaState: {
    en: "Sea-state data unavailable",
    es: "Sin datos del estado del mar",
    fr: "Données d'état de la mer indisponibles",
    pt: "Dados do estado do mar indisponíveis",
    it: "Dati sullo stato del mare non disponibili",
    ja: "海況データ"
  },
  lightAir: { en: "Light air", es: "Viento muy flojo", fr: "Petit temps", pt: "Vento fraco", it: "Vento debole", ja: "微風" },
  worseOutside: {
    en: "Worse outside the window",
    es: "Peor fuera de la franja",
    fr: "Plus dur hors du créneau",
    pt: "Pior fora da janela",
    it: "Peggio fuori dalla finestra",
    ja: "時間帯の外はより厳しくなります"
  }
}

/**
 * The worst day we can build for the length of a text: an AVOID storm with every hazard at once, and a
 * CAUTION day in the dark with freezing spray, where every hazard decides the class (the verdict names
 * each with its number, and both tips are always said).
 */
export const manyHazards = (preferences: Preferences, vessel: Vessel, vesselGiven: boolean): AnalystInput => {
  const storm = day("2025-06-05", "AVOID", {
    wind_speed_kt: 38.6, wind_gust_kt: 49.3, wind_direction_deg: 270, wave_height_ft: 13.8, wave_period_s: 5,
    swell_height_ft: 9.7, swell_period_s: 12, visibility_nm: 0.3, precipitation_probability_pct: 90,
    precipitation_mm_per_h: 12.3, air_temp_c: -4.4, water_temp_c: 3.6, cape_j_per_kg: 1850, dark_hours: 2.5, daylight_hours: 6
  }, {
    reasons: [["thunderstorm", "AVOID"], ["wind", "AVOID"], ["gust", "AVOID"], ["seas", "AVOID"], ["steep_seas", "AVOID"],
      ["darkness", "AVOID"], ["visibility", "AVOID"], ["precipitation", "CAUTION"], ["cold_water", "CAUTION"], ["freezing_spray", "CAUTION"]]
  })
  const dark = day("2025-06-06", "CAUTION", {
    wind_speed_kt: 18.6, wind_gust_kt: 25.3, wind_direction_deg: 270, wave_height_ft: 4.8, wave_period_s: 5,
    visibility_nm: 1.3, precipitation_probability_pct: 90, precipitation_mm_per_h: 4.3, air_temp_c: -4.4, water_temp_c: 3.6,
    dark_hours: 2.5, daylight_hours: 6
  }, {
    reasons: [["wind", "CAUTION"], ["gust", "CAUTION"], ["seas", "CAUTION"], ["darkness", "CAUTION"], ["visibility", "CAUTION"],
      ["precipitation", "CAUTION"], ["cold_water", "CAUTION"], ["freezing_spray", "CAUTION"]]
  })
  return input(preferences, { days: [storm, dark], vessel, vesselGiven })
}
