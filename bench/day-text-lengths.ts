/**
 * The lengths of the day texts over the test matrix (test/adapters/analyst/DayTextMatrix.ts): how many,
 * the median, the share within DAY_TEXT_LIMIT, the longest by class and on days whose models disagree, and
 * the longest texts themselves. What docs/analysis-text.md "Length" quotes.
 * Run: `npx vite-node bench/day-text-lengths.ts [-- <how many longest to print>]`.
 */
import { DAY_TEXT_LIMIT } from "../src/adapters/analyst/BuiltinDay.js"
import { everyAnalysis } from "../test/adapters/analyst/DayTextMatrix.js"

const show = Number(process.argv.at(-1)) || 10
const rows = [...everyAnalysis()].flatMap((w) =>
  w.analysis.daily_classifications.map((d, i) => ({
    length: d.summary.length,
    cls: d.classification,
    disagree: w.analysis.confidence?.[i]?.level === "low",
    where: `${w.c.name} ${w.language} ${w.units.speedUnits} ${w.vessel.type} ${w.vessel.lengthFt} ft trip=${w.trip ?? "-"} ${d.date}`,
    text: d.summary
  }))
)
const lengths = rows.map((r) => r.length).sort((a, b) => a - b)
const max = (pick: (r: (typeof rows)[number]) => boolean) => Math.max(0, ...rows.filter(pick).map((r) => r.length))
console.log(`${rows.length} day texts; median ${lengths[Math.floor(lengths.length / 2)]}; ` +
  `${(100 * rows.filter((r) => r.length <= DAY_TEXT_LIMIT).length / rows.length).toFixed(1)}% within ${DAY_TEXT_LIMIT}; ` +
  `longest GO ${max((r) => r.cls === "GO")}, CAUTION ${max((r) => r.cls === "CAUTION")}, AVOID ${max((r) => r.cls === "AVOID")}, ` +
  `models disagree ${max((r) => r.disagree)}`)
for (const r of [...rows].sort((a, b) => b.length - a.length).slice(0, show)) console.log(`\n${r.length} ${r.cls} ${r.where}\n${r.text}`)
