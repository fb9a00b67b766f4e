import type { Quantity, UnitKey } from "../Units.js"
import { compact, when } from "./Grammar.js"
import type { DayFacts, Pack, Range } from "./Pack.js"

const units: Record<UnitKey, string> = {
  kts: "ノット", mph: "mph", ms: "m/s", nm: "海里", mi: "マイル", km: "km", ft: "フィート", m: "m",
  c: "°C", f: "°F", s: "秒", pct: "%", mmh: "mm/h", inh: "in/h"
}
// Japanese writes the unit straight after the number, with no space and no plural.
const quantity = (q: Quantity) => `${q.digits}${units[q.unit]}`
const range = ({ lo, hi }: Range) => lo.digits === hi.digits ? quantity(hi) : `${lo.digits}〜${quantity(hi)}`

const weekdays = ["日", "月", "火", "水", "木", "金", "土"]

const nouns = {
  powerBoat: "モーターボート", sailboat: "ヨット", pwc: "水上バイク", yacht: "クルーザー", catamaran: "カタマラン"
} as const

const classWord = { GO: "出航可", CAUTION: "注意", AVOID: "出航見合わせ" } as const

const list = (items: ReadonlyArray<string>) => items.join("、")

const rain = (f: DayFacts) =>
  f.rainChance !== undefined
    ? `降水確率${f.rainChance}${f.rainRate !== undefined ? `（${f.rainRate}）` : ""}`
    : when(f.rainRate, (r) => `降水量${r}`)

// IMO/WMO terms: the words follow the number (8.5 km is "やや低下", not "視界不良").
const visibilityWords = (f: DayFacts) =>
  f.visibility === undefined
    ? "視程の低下"
    : f.visibilityGrade === "fog"
    ? `霧（視程${f.visibility}）`
    : `${f.visibilityGrade === "moderate" ? "視程やや低下" : "視程不良"}（${f.visibility}）`

export const pack: Pack = {
  gap: "",
  classWord,
  compass: ["北", "北東", "東", "南東", "南", "南西", "西", "北西"],
  quantity,
  list,
  date: (d) => `${d.month}月${d.day}日（${weekdays[d.weekday]}）`,
  vessel: (type, length, given) => given ? `${length}の${nouns[type]}` : `${length}の${nouns[type]}（船種指定なしの標準設定）`,

  verdict: (cls, vessel, deciding) =>
    deciding !== undefined
      ? `【${classWord[cls]}】${vessel}：${deciding}のため。`
      : cls === "GO"
      ? `【${classWord.GO}】${vessel}：すべて許容範囲内です。`
      : `【${classWord[cls]}】${vessel}：この船種の基準による判定です。`,
  alsoWatch: (hazards) => `その他の注意点：${hazards}。`,
  hazard: {
    wind_against_current: () => "風と潮流の逆行",
    wind: (f) => `平均風速${f.wind}`,
    gust: (f) => `最大瞬間風速${f.gust}`,
    seas: (f) => f.seas !== undefined ? `波高${f.seas}` : "高い波",
    steep_seas: (f) => f.wave !== undefined ? `険しい波（波高${f.wave}${f.wavePeriod !== undefined ? `、周期${f.wavePeriod}` : ""}）` : "険しい波",
    visibility: (f) => visibilityWords(f),
    precipitation: (f) => rain(f) ?? "雨",
    thunderstorm: (f) =>
      f.squallCape !== undefined
        ? `雷雨による突風のおそれ（大気不安定、CAPE ${f.squallCape}、最大瞬間風速${f.gust}）`
        : `雷雨（最大瞬間風速${f.gust}${f.rainRate !== undefined ? `、雨量${f.rainRate}` : ""}）`,
    cold_water: (f) => f.water !== undefined ? `低い水温（${f.water}）` : "低い水温",
    darkness: (f) =>
      f.polarNight === true
        ? "日照なし（極夜）"
        : f.darkHours !== undefined
        ? `日照時間を超える航行（うち${f.darkHours}時間は暗闇）`
        : "暗闇",
    freezing_spray: (f) =>
      `${f.spray === "heavy" ? "激しいしぶき着氷" : "しぶき着氷"}${
        f.air !== undefined && f.water !== undefined ? `（気温${f.air}、水温${f.water}）` : ""
      }`,
    sea_state_unavailable: (f) =>
      f.wave === undefined ? "海況不明（波のデータなし）" : `波の周期が不明（波高${f.wave}の険しさを判断できない）`
  },
  visibilityUnavailable: "この場所の視程予報はありません（未評価）。霧に注意してください。",
  seaStateUnavailable: "海況データなし：出航前にご自身で海の様子を確かめてください。",
  worse: {
    wind_against_current: "風と潮流の逆行",
    wind: "風が強まる",
    gust: "突風が強まる",
    seas: "波が高くなる",
    steep_seas: "波が険しくなる",
    visibility: "視程が悪化する",
    precipitation: "雨が強まる",
    thunderstorm: "雷雨のおそれ",
    cold_water: "水温が下がる",
    light_air: "風が弱まる",
    sea_state_unavailable: "海況データなし",
    darkness: "暗くなる",
    freezing_spray: "しぶき着氷のおそれ",
    cold_air: "気温が下がる"
  },
  lightAir: (wind) => `微風（${wind}）：機走するか、風が出るまで待つ計画を立ててください。`,
  advice: {
    powerBoat: {
      GO: "出航前に燃料・無線・ライフジャケットの点検を。",
      CAUTION: "経験者のみ、避難できる港の近くで、天候の変化に注意してください。",
      AVOID: "出航は見合わせてください。"
    },
    sailboat: {
      GO: "帆走日和です。突風に注意してください。",
      CAUTION: "早めにリーフを入れ、避難先を確保してください。",
      AVOID: "港にとどまってください。この大きさのヨットには厳しすぎる条件です。"
    },
    pwc: {
      GO: "複数で行動し、ライフジャケットとキルスイッチのコードを必ず着用してください。",
      CAUTION: "岸に近い穏やかな水域にとどまり、波が立ってきたら戻ってください。",
      AVOID: "乗らないでください。この条件では水上バイクに身を守るものはありません。"
    },
    yacht: {
      GO: "快適なコンディションです。",
      CAUTION: "航行中は揺れます。荷物を固定し、同乗者に伝えてください。",
      AVOID: "係留したまま待機するか、安全な港に向かってください。"
    },
    catamaran: {
      GO: "良好なコンディションです。",
      CAUTION: "突風に注意し、早めに縮帆または減速してください。カタマランは傾いて突風を逃がすことができず、転覆するおそれがあります。",
      AVOID: "港にとどまってください。カタマランはこのような突風を傾いて逃がせず、転覆するおそれがあります。"
    }
  },
  tip: {
    precipitation: "雨で視界も快適さも落ちます。雨具を用意し、空模様に注意してください。",
    cold_water: "低水温：気温ではなく落水を想定した服装をし、全員がライフジャケットを着用してください。",
    darkness: "暗闇：航海灯を点灯し、懐中電灯と救助を求める手段を携行し、全員がライフジャケットを着用してください。",
    freezing_spray: "しぶきが甲板や索具に凍り付きます。減速し、できるだけしぶきを避け、早めに氷を取り除いてください。"
  },
  visibilityTip: {
    moderate: "視程がやや低下：見張りを十分に行い、航海灯を準備してください。",
    poor: "視程不良：音響信号と航海灯を準備し、慣れた水域から出ないでください。",
    fog: "霧：音響信号と航海灯を使い、慣れた水域か港にとどまってください。"
  },
  coldWaterNote: (water) => `低水温（${water}）：気温ではなく落水を想定した服装をしてください。`,
  coldAir: (air) => `氷点下の気温（${air}）：甲板の凍結と手のかじかみに注意し、重ね着をしてください。`,
  simulatedNotice: "これはサンドボックスのシミュレーションデータであり、実際の予報ではありません。出航の判断には使わないでください。",

  outlook: (days, vessel, counts) => `${vessel}の${days}日間の見通し：${counts}。`,
  count: (cls, days) => `「${classWord[cls]}」${days}日`,
  best: (date, cls, drivers) => `最良の日：${date}「${classWord[cls]}」、${drivers}。`,
  worst: (date, cls, drivers) => `最も厳しい日：${date}「${classWord[cls]}」、${drivers}。`,
  onlyDay: (date, cls, drivers) => `${date}「${classWord[cls]}」、${drivers}。`,
  calm: (f) => compact([`風速${f.wind}`, `最大瞬間風速${f.gust}`, when(f.seas, (s) => `波高${s}`)], "、"),
  spread: (wind, gustMax, seas) =>
    `期間中：風速${range(wind)}、最大瞬間風速${quantity(gustMax)}${seas === undefined ? "" : `、波高${range(seas)}`}。`,
  seaStateMissing: (dates) => `${list(dates)}は海況データがありません。`,
  estimated: (height) => `${height}（推定）`
}
