import type { Language } from "../../../domain/spotcast/Preferences.js"
import { pack as en } from "./En.js"
import { pack as es } from "./Es.js"
import { pack as fr } from "./Fr.js"
import { pack as it } from "./It.js"
import { pack as ja } from "./Ja.js"
import type { Pack } from "./Pack.js"
import { pack as pt } from "./Pt.js"

/** One pack per contract language: a language without a pack does not compile. */
export const packs: Readonly<Record<Language, Pack>> = { en, es, fr, pt, it, ja }

export const packFor = (language: Language): Pack => packs[language]
