import { Metric, MetricState } from "effect"
import type { MetricPair } from "effect"

/** Prometheus label values escape backslash, quote and newline. */
const escape = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, "\\\"").replace(/\n/g, "\\n")

const labels = (pairs: ReadonlyArray<readonly [string, string]>) =>
  pairs.length === 0 ? "" : `{${pairs.map(([k, v]) => `${k}="${escape(v)}"`).join(",")}}`

const number = (n: number | bigint) => {
  if (typeof n === "bigint") return n.toString()
  if (n === Number.POSITIVE_INFINITY) return "+Inf"
  if (n === Number.NEGATIVE_INFINITY) return "-Inf"
  return Number.isNaN(n) ? "NaN" : String(n)
}

interface Family {
  type: "counter" | "gauge" | "histogram" | "summary"
  help: string | undefined
  lines: Array<string>
}

/**
 * Every metric in the process, in the Prometheus text exposition format (version 0.0.4): a HELP
 * and TYPE line per name, then its series. Frequencies become counters labelled `key`.
 */
export const render = (pairs: ReadonlyArray<MetricPair.MetricPair.Untyped>): string => {
  const families = new Map<string, Family>()
  const family = (name: string, type: Family["type"], help: string | undefined) => {
    let found = families.get(name)
    if (found === undefined) {
      found = { type, help, lines: [] }
      families.set(name, found)
    }
    return found
  }
  for (const pair of pairs) {
    const { name, description, tags } = pair.metricKey
    const base = tags.map((t) => [t.key, t.value] as const)
    const help = description._tag === "Some" ? description.value : undefined
    const state = pair.metricState
    if (MetricState.isCounterState(state)) {
      family(name, "counter", help).lines.push(`${name}${labels(base)} ${number(state.count)}`)
    } else if (MetricState.isGaugeState(state)) {
      family(name, "gauge", help).lines.push(`${name}${labels(base)} ${number(state.value)}`)
    } else if (MetricState.isHistogramState(state)) {
      const f = family(name, "histogram", help)
      for (const [boundary, count] of state.buckets) {
        f.lines.push(`${name}_bucket${labels([...base, ["le", number(boundary)]])} ${count}`)
      }
      if (!state.buckets.some(([b]) => b === Number.POSITIVE_INFINITY)) {
        f.lines.push(`${name}_bucket${labels([...base, ["le", "+Inf"]])} ${state.count}`)
      }
      f.lines.push(`${name}_sum${labels(base)} ${number(state.sum)}`, `${name}_count${labels(base)} ${state.count}`)
    } else if (MetricState.isFrequencyState(state)) {
      const f = family(name, "counter", help)
      for (const [key, count] of state.occurrences) f.lines.push(`${name}${labels([...base, ["key", key]])} ${count}`)
    } else if (MetricState.isSummaryState(state)) {
      const f = family(name, "summary", help)
      for (const [q, value] of state.quantiles) {
        if (value._tag === "Some") f.lines.push(`${name}${labels([...base, ["quantile", String(q)]])} ${number(value.value)}`)
      }
      f.lines.push(`${name}_sum${labels(base)} ${number(state.sum)}`, `${name}_count${labels(base)} ${state.count}`)
    }
  }
  const out: Array<string> = []
  for (const [name, f] of [...families].sort(([a], [b]) => a.localeCompare(b))) {
    if (f.help !== undefined) out.push(`# HELP ${name} ${f.help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`)
    out.push(`# TYPE ${name} ${f.type}`, ...f.lines)
  }
  return out.join("\n") + "\n"
}

/** The current snapshot, rendered. */
export const scrape = Metric.snapshot
