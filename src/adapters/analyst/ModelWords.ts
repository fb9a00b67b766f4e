import type { Classification } from "../../domain/forecast/Analysis.js"
import type { ComparedFactor, ConfidenceBasis, ModelsDisagreement } from "../../domain/forecast/ModelConfidence.js"
import type { Language, Preferences } from "../../domain/spotcast/Preferences.js"
import { packFor } from "./i18n/Packs.js"
import { rainRateUnitFor } from "../../domain/forecast/DisplayUnits.js"
import * as Units from "./Units.js"

/**
 * What the text says about the weather models, in the six languages: which model decided a day and
 * how its reading compares with the others', and the confidence's reason. Model names are data (from
 * the weather adapter) and are quoted as given.
 */
interface Words {
  /** "gusts to 41.9 kt" */
  readonly factor: Readonly<Record<ComparedFactor, (value: string) => string>>
  readonly reading: (model: string, reading: string, others: string) => string
  /** Only `model` gives `top`; the day is rated `rated` (one model alone is not enough for `top`). */
  readonly heldBack: (model: string, top: string, rated: string) => string
  /** Several models (named) give the day's class, more severe than the main forecast. */
  readonly several: (models: string, rated: string) => string
  /** A single model gives the day's class (CAUTION at most), more severe than the others. */
  readonly one: (model: string, rated: string) => string
  /** The main forecast (named) is more severe than the other models: its class stands. */
  readonly main: (model: string, rated: string) => string
  /**
   * The day text's one sentence on models that disagree (the confidence's reason carries the readings):
   * held back, several models, one model, or the main forecast decided.
   */
  readonly short: {
    readonly heldBack: (model: string, top: string) => string
    readonly several: (models: string, rated: string) => string
    readonly one: (model: string, rated: string) => string
    readonly main: (model: string) => string
  }
  readonly oneModel: (model: string) => string
  readonly agree: (count: number, cls: string, far: boolean, wind: string, gust: string, seas: string | undefined) => string
  readonly disagree: (models: string) => string
  readonly noData: (models: string) => string
  readonly join: (a: string, b: string) => string
}

const words: Record<Language, Words> = {
  en: {
    factor: { wind: (v) => `sustained wind of ${v}`, gust: (v) => `gusts to ${v}`, seas: (v) => `seas of ${v}`, visibility: (v) => `visibility down to ${v}`, precipitation: (v) => `rain of ${v}` },
    reading: (m, r, o) => `${m} shows ${r}; the other models ${o}.`,
    heldBack: (m, top, c) => `Only ${m} rates this day ${top}; one model alone is not enough for ${top}, so the day is rated ${c}: check the latest forecast before setting out.`,
    several: (m, c) => `Several weather models (${m}) rate this day ${c}, more severe than the main forecast: it is rated ${c}.`,
    one: (m, c) => `Only ${m} rates this day ${c}; as a precaution it is rated ${c}.`,
    main: (m, c) => `The other weather models are less severe; the day is rated ${c} from the main forecast (${m}).`,
    short: {
      heldBack: (m, top) => `Only ${m} rates this day ${top}; one model alone is not enough for ${top}: check the latest forecast.`,
      several: (m, c) => `${m} rate this day ${c}, more severe than the main forecast.`,
      one: (m, c) => `Only ${m} rates this day ${c}; kept as a precaution.`,
      main: (m) => `The other models are less severe; the class is the main forecast's (${m}).`
    },
    oneModel: (m) => `one model only (${m}): not cross-checked against another model`,
    agree: (n, c, far, w, g, s) => `${n} models agree on ${c}${far ? " but are far apart" : ""}; their wind differs by ${w}, their gusts by ${g}${s === undefined ? "" : ` and their seas by ${s}`} in the window`,
    disagree: (m) => `the models disagree across a class boundary (${m})`,
    noData: (m) => `no data from ${m}`,
    join: (a, b) => `${a}; ${b}`
  },
  es: {
    factor: { wind: (v) => `viento sostenido de ${v}`, gust: (v) => `rachas de ${v}`, seas: (v) => `mar de ${v}`, visibility: (v) => `visibilidad de solo ${v}`, precipitation: (v) => `lluvia de ${v}` },
    reading: (m, r, o) => `${m} da ${r}; los demás modelos, ${o}.`,
    heldBack: (m, top, c) => `Solo ${m} califica este día ${top}; un único modelo no basta para ${top}, así que se califica ${c}: consulte el último pronóstico antes de salir.`,
    several: (m, c) => `Varios modelos meteorológicos (${m}) califican este día ${c}, más severo que el pronóstico principal: se califica ${c}.`,
    one: (m, c) => `Solo ${m} califica este día ${c}; por precaución se califica ${c}.`,
    main: (m, c) => `Los demás modelos meteorológicos son menos severos; el día se califica ${c} según el pronóstico principal (${m}).`,
    short: {
      heldBack: (m, top) => `Solo ${m} califica este día ${top}; un único modelo no basta para ${top}: consulte el último pronóstico.`,
      several: (m, c) => `${m} califican este día ${c}, más severo que el pronóstico principal.`,
      one: (m, c) => `Solo ${m} califica este día ${c}; se mantiene por precaución.`,
      main: (m) => `Los demás modelos son menos severos; la clase es la del pronóstico principal (${m}).`
    },
    oneModel: (m) => `un solo modelo (${m}): sin contrastar con otro modelo`,
    agree: (n, c, far, w, g, s) => `${n} modelos coinciden en ${c}${far ? " pero con valores muy distintos" : ""}; su viento difiere en ${w}, sus rachas en ${g}${s === undefined ? "" : ` y su mar en ${s}`} en la franja`,
    disagree: (m) => `los modelos no coinciden en la clase (${m})`,
    noData: (m) => `sin datos de ${m}`,
    join: (a, b) => `${a}; ${b}`
  },
  fr: {
    factor: { wind: (v) => `un vent moyen de ${v}`, gust: (v) => `des rafales à ${v}`, seas: (v) => `une mer de ${v}`, visibility: (v) => `une visibilité réduite à ${v}`, precipitation: (v) => `une pluie de ${v}` },
    reading: (m, r, o) => `${m} prévoit ${r} ; les autres modèles ${o}.`,
    heldBack: (m, top, c) => `Seul ${m} classe ce jour ${top} ; un seul modèle ne suffit pas pour ${top}, le jour est donc classé ${c} : consultez la dernière prévision avant de partir.`,
    several: (m, c) => `Plusieurs modèles météo (${m}) classent ce jour ${c}, plus sévère que la prévision principale : il est classé ${c}.`,
    one: (m, c) => `Seul ${m} classe ce jour ${c} ; par précaution, il est classé ${c}.`,
    main: (m, c) => `Les autres modèles météo sont moins sévères ; le jour est classé ${c} d'après la prévision principale (${m}).`,
    short: {
      heldBack: (m, top) => `Seul ${m} classe ce jour ${top} ; un seul modèle ne suffit pas pour ${top} : consultez la dernière prévision.`,
      several: (m, c) => `${m} classent ce jour ${c}, plus sévère que la prévision principale.`,
      one: (m, c) => `Seul ${m} classe ce jour ${c} ; retenu par précaution.`,
      main: (m) => `Les autres modèles sont moins sévères ; la classe est celle de la prévision principale (${m}).`
    },
    oneModel: (m) => `un seul modèle (${m}) : non recoupé avec un autre modèle`,
    agree: (n, c, far, w, g, s) => `${n} modèles s'accordent sur ${c}${far ? " mais avec des valeurs éloignées" : ""} ; leur vent diffère de ${w}, leurs rafales de ${g}${s === undefined ? "" : ` et leur mer de ${s}`} sur le créneau`,
    disagree: (m) => `les modèles ne s'accordent pas sur la classe (${m})`,
    noData: (m) => `pas de données de ${m}`,
    join: (a, b) => `${a} ; ${b}`
  },
  pt: {
    factor: { wind: (v) => `vento médio de ${v}`, gust: (v) => `rajadas de ${v}`, seas: (v) => `mar de ${v}`, visibility: (v) => `visibilidade de apenas ${v}`, precipitation: (v) => `chuva de ${v}` },
    reading: (m, r, o) => `${m} prevê ${r}; os outros modelos, ${o}.`,
    heldBack: (m, top, c) => `Só ${m} classifica este dia ${top}; um único modelo não basta para ${top}, por isso o dia fica ${c}: consulte a previsão mais recente antes de sair.`,
    several: (m, c) => `Vários modelos meteorológicos (${m}) classificam este dia ${c}, mais severo do que a previsão principal: fica ${c}.`,
    one: (m, c) => `Só ${m} classifica este dia ${c}; por precaução fica ${c}.`,
    main: (m, c) => `Os outros modelos meteorológicos são menos severos; o dia fica ${c} pela previsão principal (${m}).`,
    short: {
      heldBack: (m, top) => `Só ${m} classifica este dia ${top}; um único modelo não basta para ${top}: consulte a previsão mais recente.`,
      several: (m, c) => `${m} classificam este dia ${c}, mais severo do que a previsão principal.`,
      one: (m, c) => `Só ${m} classifica este dia ${c}; mantido por precaução.`,
      main: (m) => `Os outros modelos são menos severos; a classe é a da previsão principal (${m}).`
    },
    oneModel: (m) => `um só modelo (${m}): sem comparação com outro modelo`,
    agree: (n, c, far, w, g, s) => `${n} modelos concordam em ${c}${far ? " mas com valores afastados" : ""}; o vento difere em ${w}, as rajadas em ${g}${s === undefined ? "" : ` e o mar em ${s}`} na janela`,
    disagree: (m) => `os modelos discordam na classe (${m})`,
    noData: (m) => `sem dados de ${m}`,
    join: (a, b) => `${a}; ${b}`
  },
  it: {
    factor: { wind: (v) => `vento medio di ${v}`, gust: (v) => `raffiche a ${v}`, seas: (v) => `mare di ${v}`, visibility: (v) => `visibilità ridotta a ${v}`, precipitation: (v) => `pioggia di ${v}` },
    reading: (m, r, o) => `${m} prevede ${r}; gli altri modelli ${o}.`,
    heldBack: (m, top, c) => `Solo ${m} classifica questo giorno ${top}; un solo modello non basta per ${top}, quindi il giorno è classificato ${c}: consultate l'ultima previsione prima di uscire.`,
    several: (m, c) => `Più modelli meteorologici (${m}) classificano questo giorno ${c}, più severo della previsione principale: è classificato ${c}.`,
    one: (m, c) => `Solo ${m} classifica questo giorno ${c}; per precauzione è classificato ${c}.`,
    main: (m, c) => `Gli altri modelli meteorologici sono meno severi; il giorno è classificato ${c} secondo la previsione principale (${m}).`,
    short: {
      heldBack: (m, top) => `Solo ${m} classifica questo giorno ${top}; un solo modello non basta per ${top}: consultate l'ultima previsione.`,
      several: (m, c) => `${m} classificano questo giorno ${c}, più severo della previsione principale.`,
      one: (m, c) => `Solo ${m} classifica questo giorno ${c}; mantenuto per precauzione.`,
      main: (m) => `Gli altri modelli sono meno severi; la classe è quella della previsione principale (${m}).`
    },
    oneModel: (m) => `un solo modello (${m}): non confrontato con un altro modello`,
    agree: (n, c, far, w, g, s) => `${n} modelli concordano su ${c}${far ? " ma con valori lontani" : ""}; il loro vento differisce di ${w}, le raffiche di ${g}${s === undefined ? "" : ` e il mare di ${s}`} nella finestra`,
    disagree: (m) => `i modelli non concordano sulla classe (${m})`,
    noData: (m) => `nessun dato da ${m}`,
    join: (a, b) => `${a}; ${b}`
  },
  ja: {
    factor: { wind: (v) => `平均風速${v}`, gust: (v) => `最大瞬間風速${v}`, seas: (v) => `波高${v}`, visibility: (v) => `視程${v}`, precipitation: (v) => `雨量${v}` },
    reading: (m, r, o) => `${m}は${r}、ほかのモデルは${o}です。`,
    heldBack: (m, top, c) => `この日を「${top}」とするのは${m}だけです。ひとつのモデルだけでは「${top}」としないため「${c}」と判定します。出航前に最新の予報を確認してください。`,
    several: (m, c) => `複数の気象モデル（${m}）がこの日を主予報より厳しい「${c}」としているため、「${c}」と判定します。`,
    one: (m, c) => `この日を「${c}」とするのは${m}だけですが、念のため「${c}」と判定します。`,
    main: (m, c) => `ほかの気象モデルはより穏やかですが、主予報（${m}）により「${c}」と判定します。`,
    short: {
      heldBack: (m, top) => `この日を「${top}」とするのは${m}だけです。ひとつのモデルだけでは「${top}」としません。最新の予報を確認してください。`,
      several: (m, c) => `${m}がこの日を主予報より厳しい「${c}」としています。`,
      one: (m, c) => `この日を「${c}」とするのは${m}だけですが、念のため「${c}」とします。`,
      main: (m) => `ほかのモデルはより穏やかですが、判定は主予報（${m}）によります。`
    },
    oneModel: (m) => `モデルはひとつだけ（${m}）：ほかのモデルと照合していません`,
    agree: (n, c, far, w, g, s) => `${n}つのモデルが「${c}」で一致${far ? "（ただし値の差が大きい）" : ""}。時間帯内の風速の差は${w}、突風の差は${g}${s === undefined ? "" : `、波高の差は${s}`}`,
    disagree: (m) => `モデルの判定が分かれています（${m}）`,
    noData: (m) => `${m}はデータなし`,
    join: (a, b) => `${a}。${b}`
  }
}

const quantityOf = (factor: ComparedFactor, value: number, p: Preferences): Units.Quantity => {
  const l = p.language
  return factor === "wind" || factor === "gust"
    ? Units.speed(value, p.speedUnits, l)
    : factor === "seas"
    ? Units.height(value, p.heightUnits, l)
    : factor === "visibility"
    ? Units.distance(value, p.distanceUnits, l)
    : Units.rainRate(value, rainRateUnitFor(p.temperatureUnits), l)
}

const classList = (d: ModelsDisagreement, language: Language) => {
  const pack = packFor(language)
  return pack.list(d.models.map(([m, c]) => `${m} ${pack.classWord[c]}`))
}

/** "gfs_seamless shows gusts to 41.9 kt; the other models 25.3–26 kt." in the language and units asked. */
export const readingText = (d: ModelsDisagreement, p: Preferences): string | undefined => {
  const r = d.reading
  if (r === undefined) return undefined
  const pack = packFor(p.language)
  const w = words[p.language]
  const say = (v: number) => pack.quantity(quantityOf(r.factor, v, p))
  const lo = quantityOf(r.factor, r.othersLo, p)
  const hi = quantityOf(r.factor, r.othersHi, p)
  const others = lo.amount === hi.amount ? pack.quantity(hi) : `${pack.quantity(lo)}–${pack.quantity(hi)}`
  return w.reading(r.model, w.factor[r.factor](say(r.value)), others)
}

/**
 * Why the day has its class when the models disagree: the reading that set them apart, then which
 * model or models decided, without naming a less severe class (a CAUTION text never says GO).
 */
export const disagreementTexts = (d: ModelsDisagreement, p: Preferences): ReadonlyArray<string> => {
  const w = words[p.language]
  const cls = (c: Classification) => packFor(p.language).classWord[c]
  const primary = d.models[0]?.[0] ?? d.quoted
  const atRated = d.models.filter(([, c]) => c === d.rated).map(([m]) => m)
  const decided = d.heldBack !== undefined
    ? w.heldBack(d.heldBack.model, cls(d.heldBack.classification), cls(d.rated))
    : d.quoted === primary
    ? w.main(primary, cls(d.rated))
    : atRated.length >= 2
    ? w.several(packFor(p.language).list(atRated), cls(d.rated))
    : w.one(d.quoted, cls(d.rated))
  return [readingText(d, p), decided].filter((s): s is string => s !== undefined)
}

/**
 * The day text's one sentence when the models disagree: which model or models decided and the class they
 * give, without the readings (the confidence's reason quotes them) and without naming a less severe class.
 */
export const disagreementNote = (d: ModelsDisagreement, p: Preferences): string => {
  const w = words[p.language].short
  const pack = packFor(p.language)
  const primary = d.models[0]?.[0] ?? d.quoted
  const atRated = d.models.filter(([, c]) => c === d.rated).map(([m]) => m)
  return d.heldBack !== undefined
    ? w.heldBack(d.heldBack.model, pack.classWord[d.heldBack.classification])
    : d.quoted === primary
    ? w.main(primary)
    : atRated.length >= 2
    ? w.several(pack.list(atRated), pack.classWord[d.rated])
    : w.one(d.quoted, pack.classWord[d.rated])
}

/** The confidence's reason in the language and units asked. */
export const confidenceText = (basis: ConfidenceBasis, p: Preferences): string => {
  const w = words[p.language]
  const pack = packFor(p.language)
  const noData = basis.missing.length === 0 ? undefined : w.noData(pack.list(basis.missing))
  const withMissing = (text: string) => (noData === undefined ? text : w.join(text, noData))
  switch (basis._tag) {
    case "OneModel":
      return withMissing(w.oneModel(basis.model))
    case "Agree": {
      const speed = (kt: number) => pack.quantity(Units.speed(kt, p.speedUnits, p.language))
      const seas = basis.seasFt > 0 ? pack.quantity(Units.height(basis.seasFt, p.heightUnits, p.language)) : undefined
      return withMissing(w.agree(basis.count, pack.classWord[basis.rated], basis.far, speed(basis.windKt), speed(basis.gustKt), seas))
    }
    case "Disagree": {
      const d = basis.disagreement
      const [reading, decided] = [readingText(d, p), disagreementTexts(d, p).at(-1)!]
      const head = w.disagree(classList(d, p.language))
      // Sentences become clauses: no final stop, and (outside Japanese) no capital after the first.
      const clause = (s: string) => {
        const bare = s.replace(/[.。]$/, "")
        return p.language === "ja" ? bare : bare.charAt(0).toLowerCase() + bare.slice(1)
      }
      const text = [head, ...(reading === undefined ? [] : [clause(reading)]), clause(decided)].reduce((a, b) => w.join(a, b))
      return withMissing(text)
    }
  }
}
