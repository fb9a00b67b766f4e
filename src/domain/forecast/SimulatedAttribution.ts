import type { Language } from "../spotcast/Preferences.js"

/**
 * The `source.attribution` of a forecast made from simulated (sandbox) weather, in the language asked:
 * a person reads it, and it must say plainly that the data is no forecast. The widget page words its
 * own line (`EmbedWords.simulated`); a provider's credit stays as its licence asks.
 */
const words: Record<Language, string> = {
  en: "Simulated weather for the sandbox: not a forecast",
  es: "Tiempo simulado para el sandbox: no es una previsión",
  fr: "Météo simulée pour le sandbox : ce n'est pas une prévision",
  pt: "Tempo simulado para a sandbox: não é uma previsão",
  it: "Meteo simulato per la sandbox: non è una previsione",
  ja: "サンドボックス用のシミュレーション気象データ：予報ではありません"
}

export const simulatedAttribution = (language: Language): string => words[language]
