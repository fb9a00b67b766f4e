import type { Language } from "../../../domain/spotcast/Preferences.js"

/** The embed page's own words (not the analysis, which comes written in the widget's language). */
export interface EmbedWords {
  readonly locale: string
  readonly forecastMade: (when: string) => string
  readonly paused: string
  readonly unavailable: string
  readonly preparing: string
  /** Says once that the page's clock times are local at the spot, and which offset that is. */
  readonly localTimes: (offset: string) => string
  /** The credit for data we did not measure ourselves stays the licensor's own wording; this is ours. */
  readonly simulated: string
  readonly windTitle: (w: { low: string; high: string; unit: string; gusts?: string | undefined }) => string
  readonly notFound: string
}

export const embedWords: Record<Language, EmbedWords> = {
  en: {
    locale: "en-GB",
    forecastMade: (when) => `Forecast made ${when}`,
    paused: " (automatic updates paused)",
    unavailable: "No forecast is available right now.",
    preparing: "The forecast is being prepared.",
    localTimes: (offset) => `Times are local at the spot (UTC${offset}).`,
    simulated: "Simulated weather (sandbox): not a real forecast.",
    windTitle: (w) => `Wind ${w.low}–${w.high} ${w.unit}${w.gusts === undefined ? "" : `, gusts to ${w.gusts} ${w.unit}`} through the day`,
    notFound: "This widget does not exist."
  },
  es: {
    locale: "es-ES",
    forecastMade: (when) => `Previsión hecha el ${when}`,
    paused: " (actualizaciones automáticas en pausa)",
    unavailable: "No hay ninguna previsión disponible en este momento.",
    preparing: "La previsión se está preparando.",
    localTimes: (offset) => `Horas locales del lugar (UTC${offset}).`,
    simulated: "Tiempo simulado (sandbox): no es una previsión real.",
    windTitle: (w) => `Viento ${w.low}–${w.high} ${w.unit}${w.gusts === undefined ? "" : `, rachas hasta ${w.gusts} ${w.unit}`} a lo largo del día`,
    notFound: "Este widget no existe."
  },
  fr: {
    locale: "fr-FR",
    forecastMade: (when) => `Prévision établie le ${when}`,
    paused: " (mises à jour automatiques suspendues)",
    unavailable: "Aucune prévision n’est disponible pour le moment.",
    preparing: "La prévision est en préparation.",
    localTimes: (offset) => `Heures locales du lieu (UTC${offset}).`,
    simulated: "Météo simulée (sandbox) : ce n’est pas une vraie prévision.",
    windTitle: (w) => `Vent ${w.low}–${w.high} ${w.unit}${w.gusts === undefined ? "" : `, rafales jusqu’à ${w.gusts} ${w.unit}`} sur la journée`,
    notFound: "Ce widget n’existe pas."
  },
  pt: {
    locale: "pt-PT",
    forecastMade: (when) => `Previsão feita em ${when}`,
    paused: " (atualizações automáticas em pausa)",
    unavailable: "Nenhuma previsão disponível neste momento.",
    preparing: "A previsão está a ser preparada.",
    localTimes: (offset) => `Horas locais do local (UTC${offset}).`,
    simulated: "Tempo simulado (sandbox): não é uma previsão real.",
    windTitle: (w) => `Vento ${w.low}–${w.high} ${w.unit}${w.gusts === undefined ? "" : `, rajadas até ${w.gusts} ${w.unit}`} ao longo do dia`,
    notFound: "Este widget não existe."
  },
  it: {
    locale: "it-IT",
    forecastMade: (when) => `Previsione elaborata il ${when}`,
    paused: " (aggiornamenti automatici sospesi)",
    unavailable: "Nessuna previsione disponibile al momento.",
    preparing: "La previsione è in preparazione.",
    localTimes: (offset) => `Orari locali del posto (UTC${offset}).`,
    simulated: "Meteo simulato (sandbox): non è una previsione reale.",
    windTitle: (w) => `Vento ${w.low}–${w.high} ${w.unit}${w.gusts === undefined ? "" : `, raffiche fino a ${w.gusts} ${w.unit}`} durante il giorno`,
    notFound: "Questo widget non esiste."
  },
  ja: {
    locale: "ja-JP",
    forecastMade: (when) => `予報作成 ${when}`,
    paused: "（自動更新は停止中）",
    unavailable: "現在利用できる予報はありません。",
    preparing: "予報を準備しています。",
    localTimes: (offset) => `時刻は現地時間（UTC${offset}）です。`,
    simulated: "シミュレーションの気象データ（サンドボックス）：実際の予報ではありません。",
    windTitle: (w) => `一日の風 ${w.low}–${w.high} ${w.unit}${w.gusts === undefined ? "" : `、突風 最大${w.gusts} ${w.unit}`}`,
    notFound: "このウィジェットは存在しません。"
  }
}

/** Unit symbols as a sailor reads them on a chart axis. */
export const speedSymbol = (unit: string): string => (unit === "kts" ? "kt" : unit === "ms" ? "m/s" : unit)
