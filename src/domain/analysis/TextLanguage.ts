import type { Language } from "../spotcast/Preferences.js"
import { stopWords } from "./TextFloorWords.js"

/** How a text's script and function words point at each language: cheap and deterministic. */
export interface LanguageEvidence {
  /** Kana, kanji and Japanese punctuation characters. */
  readonly japanese: number
  readonly kana: number
  /** Latin letters. */
  readonly latin: number
  /** Function words of each Latin-script language found in the text. */
  readonly scores: Readonly<Record<Exclude<Language, "ja">, number>>
}

const latinLanguages = Object.keys(stopWords) as ReadonlyArray<Exclude<Language, "ja">>
const sets = Object.fromEntries(latinLanguages.map((l) => [l, new Set(stopWords[l])])) as unknown as Record<
  Exclude<Language, "ja">,
  ReadonlySet<string>
>

export const evidenceOf = (text: string): LanguageEvidence => {
  const count = (re: RegExp) => text.match(re)?.length ?? 0
  const words = text.normalize("NFKC").toLowerCase().match(/\p{L}+/gu) ?? []
  const scores = Object.fromEntries(
    latinLanguages.map((l) => [l, words.filter((w) => sets[l].has(w)).length])
  ) as Record<Exclude<Language, "ja">, number>
  return {
    japanese: count(/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}、。「」（）：]/gu),
    kana: count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu),
    latin: count(/\p{Script=Latin}/gu),
    scores
  }
}

/**
 * Why the text is not in `language`, or undefined when it is. Japanese: some kana (kanji alone could
 * be Chinese) and more Japanese characters than Latin letters (units and class words are Latin).
 * Latin-script languages: mostly Latin letters, and at least as many of the language's function words
 * as of any other's (at least one, two in a text of ten words or more).
 */
export const wrongLanguage = (text: string, language: Language): string | undefined => {
  const e = evidenceOf(text)
  if (language === "ja") {
    return e.kana > 0 && e.japanese >= e.latin
      ? undefined
      : `not Japanese (${e.japanese} Japanese characters, ${e.latin} Latin letters)`
  }
  if (e.japanese > 0.1 * (e.japanese + e.latin)) return `Japanese script in a text asked in ${language}`
  const own = e.scores[language]
  const best = latinLanguages.reduce((a, b) => (e.scores[b] > e.scores[a] ? b : a), language)
  const words = (text.match(/\p{L}+/gu) ?? []).length
  const needed = words >= 10 ? 2 : 1
  if (e.scores[best] > own) return `reads as ${best}, not ${language} (function words ${best} ${e.scores[best]}, ${language} ${own})`
  if (own < needed) return `too few ${language} function words (${own})`
  return undefined
}
