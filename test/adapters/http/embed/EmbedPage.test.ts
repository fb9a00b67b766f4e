import { assert, describe, it } from "@effect/vitest"
import { DateTime } from "effect"
import { renderWidgetPage } from "../../../../src/adapters/http/embed/EmbedPage.js"
import type { ForecastSource } from "../../../../src/domain/forecast/TimelineSchema.js"
import type { Language } from "../../../../src/domain/spotcast/Preferences.js"
import type { WidgetView } from "../../../../src/domain/widget/Widget.js"

const OPEN_METEO: ForecastSource = {
  provider: "Open-Meteo",
  models: ["best_match"],
  attribution: "Weather data by Open-Meteo.com",
  link: "https://open-meteo.com/",
  license: "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)"
}
const SIMULATOR: ForecastSource = { provider: "SpotCast simulator", models: ["simulated"], attribution: "Simulated weather for the sandbox: not a forecast" }

const hourly = Array.from({ length: 24 }, (_, i) => ({
  time: `2026-11-23T${String(i).padStart(2, "0")}:00:00-05:00`,
  wind_speed: 8 + (i % 4),
  wind_gust: 14
}))

/** Only what the page reads of a widget and its newest forecast. */
const view = (o: { source?: ForecastSource; language?: Language; status?: string; paused?: boolean }): WidgetView => ({
  widget: {
    name: "Harbour <Marina>",
    preferences: { language: o.language ?? "en", distanceUnits: "nm", speedUnits: "kts" },
    autoRefreshStoppedAt: o.paused === true ? DateTime.unsafeMake("2026-11-23T12:00:00Z") : undefined
  },
  latest: {
    status: o.status ?? "completed",
    createdAt: DateTime.unsafeMake("2026-11-23T10:00:00Z"),
    completedAt: DateTime.unsafeMake("2026-11-23T10:01:00Z"),
    analysis: {
      summary: "Overall text.",
      daily_classifications: [{
        date: "2026-11-23",
        classification: "CAUTION",
        summary: "Daylight hours 07:00–16:00: wind 8–11 kt.",
        window: { start: "2026-11-23T07:00:00-05:00", end: "2026-11-23T16:00:00-05:00" },
        hourly
      }],
      units: { speed: "kts" },
      ...(o.source === undefined ? {} : { source: o.source })
    }
  }
} as unknown as WidgetView)

const footer = (page: string) => /<p class="m">([^<]*)<\/p>/.exec(page)![1]!

describe("the widget page tells the truth", () => {
  it("credits the forecast's own source: simulated weather is never credited to Open-Meteo", () => {
    for (const display of ["mini", "full"] as const) {
      const sandbox = renderWidgetPage(view({ source: SIMULATOR }), display)
      assert.notInclude(sandbox, "Open-Meteo")
      assert.include(footer(sandbox), "Simulated weather (sandbox): not a real forecast.")
      const live = renderWidgetPage(view({ source: OPEN_METEO }), display)
      assert.include(footer(live), "Weather data by Open-Meteo.com (CC BY 4.0)")
      assert.notInclude(live, "Simulated")
      // A forecast that does not say where its data came from is credited to no one.
      const unknown = renderWidgetPage(view({}), display)
      assert.notInclude(unknown, "Open-Meteo")
      assert.notInclude(unknown, "Simulated")
    }
    // No data shown, nothing to credit.
    for (const status of ["pending", "failed"]) {
      const page = renderWidgetPage(view({ source: OPEN_METEO, status }), "full")
      assert.notInclude(page, "Open-Meteo")
    }
  })

  it("says which zone its times are in: made in UTC; the texts' and chart's local times at the spot's offset", () => {
    const full = renderWidgetPage(view({ source: OPEN_METEO }), "full")
    assert.include(footer(full), "Forecast made 2026-11-23 10:01 UTC.")
    assert.include(footer(full), "Times are local at the spot (UTC−05:00).")
    assert.include(full, "Daylight hours 07:00–16:00")
    assert.match(full, />06:00<\/text>/)
    // The mini page shows no local time: only the UTC one.
    assert.notInclude(renderWidgetPage(view({ source: OPEN_METEO }), "mini"), "UTC−05:00")
  })

  it("speaks the widget's language, escapes the name, and says when updates are paused", () => {
    const fr = renderWidgetPage(view({ source: SIMULATOR, language: "fr", paused: true }), "full")
    assert.include(fr, `<html lang="fr">`)
    assert.include(fr, "lun. 23 nov.")
    assert.include(footer(fr), "Prévision établie le 2026-11-23 10:01 UTC (mises à jour automatiques suspendues).")
    assert.include(footer(fr), "Heures locales du lieu (UTC−05:00).")
    assert.include(footer(fr), "Météo simulée (sandbox)")
    assert.include(fr, "<title>Vent 8–11 kt, rafales jusqu’à 14 kt sur la journée</title>")
    assert.include(fr, "Harbour &lt;Marina&gt;")
    assert.notInclude(fr, "Forecast made")
    const ja = renderWidgetPage(view({ source: OPEN_METEO, language: "ja" }), "mini")
    assert.include(ja, `<html lang="ja">`)
    assert.include(ja, "予報作成 2026-11-23 10:01 UTC。")
    assert.include(renderWidgetPage(view({ language: "es", status: "pending" }), "mini"), "La previsión se está preparando.")
  })
})
