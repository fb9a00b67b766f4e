import { assert, describe, it } from "@effect/vitest"
import { windChart } from "../../../../src/adapters/http/embed/WindChart.js"
import type { HourEntry } from "../../../../src/domain/forecast/TimelineSchema.js"

const hour = (i: number, wind: number | null, gust: number | null): HourEntry => ({
  time: `${String(i).padStart(2, "0")}:00`,
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

describe("the embed page's wind chart", () => {
  it("draws wind and gusts through the day, scaled so the highest gust touches the top", () => {
    const hours = Array.from({ length: 24 }, (_, i) => hour(i, 10 + (i % 6), 20 + (i % 6)))
    const svg = windChart(hours, "kts")
    assert.include(svg, "<title>Wind 10–15 kts, gusts to 25 kts through the day</title>")
    const gust = points(svg, 0)
    const wind = points(svg, 1)
    assert.strictEqual(gust.length, 24)
    assert.strictEqual(wind.length, 24)
    const ys = gust.map((p) => Number(p.split(",")[1]))
    assert.strictEqual(Math.min(...ys), 2) // the 25 kt gust sits at the top padding
    assert.notMatch(svg, /style=|<script|href=/)
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
