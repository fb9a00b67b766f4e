import { assert, describe, it } from "@effect/vitest"
import { windChart } from "../../../../src/adapters/http/embed/WindChart.js"
import type { HourEntry } from "../../../../src/domain/forecast/TimelineSchema.js"

const hour = (i: number, wind: number | null, gust: number | null): HourEntry => ({
  time: `2026-11-23T${String(i).padStart(2, "0")}:00:00-05:00`,
  wind_speed: wind,
  wind_gust: gust,
  wind_direction: null,
  wave_height: null,
  wave_period: null,
  wave_direction: null,
  swell_height: null,
  swell_period: null,
  swell_direction: null,
  visibility: null,
  precipitation_probability: null,
  precipitation_rate: null,
  air_temperature: null,
  water_temperature: null,
  tide_height: null,
  current_speed: null,
  current_direction: null,
  classification: null
} as unknown as HourEntry)

const points = (svg: string, n: number) => (svg.match(/points="([^"]*)"/g) ?? [])[n]?.slice(8, -1).split(" ") ?? []

const labels = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1])

describe("the embed page's wind chart", () => {
  it("draws wind and gusts through the day on labelled scales: speeds with their unit, local hours", () => {
    const hours = Array.from({ length: 24 }, (_, i) => hour(i, 10 + (i % 6), 20 + (i % 6)))
    const svg = windChart(hours, "kts")
    assert.include(svg, "<title>Wind 10–15 kt, gusts to 25 kt through the day</title>")
    const gust = points(svg, 0)
    const wind = points(svg, 1)
    assert.strictEqual(gust.length, 24)
    assert.strictEqual(wind.length, 24)
    // 25 kt is drawn against a 0–30 kt scale in steps of 10, each value labelled with its unit.
    assert.deepStrictEqual(labels(svg), ["0 kt", "10 kt", "20 kt", "30 kt", "00:00", "06:00", "12:00", "18:00"])
    const ys = gust.map((p) => Number(p.split(",")[1]))
    const tickY = (label: string) => Number(new RegExp(`y="([\\d.]+)"[^>]*>${label}<`).exec(svg)![1]) - 3
    // The 25 kt gust sits halfway between the 20 and 30 kt lines.
    assert.approximately(Math.min(...ys), (tickY("20 kt") + tickY("30 kt")) / 2, 0.2)
    assert.notMatch(svg, /style=|<script|href=/)
  })

  it("labels in the requested unit and language", () => {
    const hours = Array.from({ length: 24 }, (_, i) => hour(i, 4 + (i % 3), 7))
    const svg = windChart(hours, "ms", "fr")
    assert.include(svg, "<title>Vent 4–6 m/s, rafales jusqu’à 7 m/s sur la journée</title>")
    assert.includeMembers(labels(svg), ["0 m/s", "2 m/s", "4 m/s", "6 m/s", "8 m/s"])
    assert.include(windChart(hours, "mph", "ja"), "mph")
    // The hours in the language's one time format, as its day texts write them.
    assert.includeMembers(labels(svg), ["0 h", "6 h", "12 h", "18 h"])
    assert.includeMembers(labels(windChart(hours, "ms", "pt")), ["0h00", "6h00", "12h00", "18h00"])
    assert.includeMembers(labels(windChart(hours, "ms", "ja")), ["0時", "6時", "12時", "18時"])
  })

  it("skips unknown hours, leaves out gusts it does not have, and draws nothing without wind", () => {
    const some = [hour(0, 5, null), hour(1, null, null), hour(2, 8, null)]
    const svg = windChart(some, "mph")
    assert.strictEqual(points(svg, 0).length, 2)
    assert.notInclude(svg, "gusts")
    assert.strictEqual(windChart([hour(0, null, null)], "kts"), "")
    assert.strictEqual(windChart(undefined, "kts"), "")
  })
})
