// A constructed polar-night week end to end through the built server: a loopback Open-Meteo answers
// calm, mild weather for any place and dates (so darkness alone decides), at Tromsø when the coming
// days reach its polar night, else at Svalbard's Isfjorden, else on the meridian 5° E where they do
// (up to 89.9° N), or on 180° to 78° S (the Ross Sea).
// Every check is computed from the same sun the server uses, whatever the date the suite runs on.
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { isPolarNight } from "../../src/domain/safety/DarknessRule.js"
import { darkHoursIn, daylightOn, sunHours, sunSpan } from "../../src/domain/safety/Daylight.js"
import { callServed, type Served, serveWithOpenMeteo } from "../support/Spawn.js"

const LIVE_KEY = "sk_live_" + "P0larN1t".repeat(4)
const OFFSET = 3600
const DAYS = 5

const dateAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
const week = (first: number) => Array.from({ length: DAYS }, (_, i) => dateAfter(first + i))
const sunOn = (date: string, at: Place) => sunSpan(daylightOn(date, at, OFFSET))

interface Place {
  readonly latitude: number
  readonly longitude: number
}

/**
 * Tromsø, else Svalbard, whichever has a polar night in the coming days; else the sea place with the
 * most polar nights, then the least sun: on 5° E up to 89.9° N, or on 180° (the Ross Sea) to 78° S.
 * For a few weeks either side of an equinox no sea has a polar night; the week then has the shortest
 * days there are, and the checks below judge them hour by hour.
 */
const polarPlace = (): Place => {
  const dates = week(1)
  const nights = (at: Place) => dates.filter((d) => isPolarNight(sunHours(sunOn(d, at)))).length
  const sun = (at: Place) => dates.reduce((sum, d) => sum + sunHours(sunOn(d, at)), 0)
  for (const at of [{ latitude: 69.65, longitude: 18.96 }, { latitude: 78.25, longitude: 15.2 }]) if (nights(at) > 0) return at
  const candidates: Array<Place> = []
  for (let tenth = 666; tenth <= 899; tenth++) candidates.push({ latitude: tenth / 10, longitude: 5 })
  for (let tenth = 666; tenth <= 780; tenth++) candidates.push({ latitude: -tenth / 10, longitude: 180 })
  const key = (at: Place) => [-nights(at), sun(at)] as const
  return candidates.reduce((best, at) => {
    const [a, b] = [key(at), key(best)]
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? at : best
  })
}

/** Calm, mild, clear hours for every requested date: whatever is not GO comes from the dark. */
const answer = (path: string, params: URLSearchParams): string => {
  const start = Date.parse(`${params.get("start_date")}T00:00Z`)
  const end = Date.parse(`${params.get("end_date")}T00:00Z`)
  const time: Array<string> = []
  for (let t = start; t < end + 86_400_000; t += 3_600_000) time.push(new Date(t).toISOString().slice(0, 16))
  const fill = (value: number) => time.map(() => value)
  const marine = path === "/v1/marine"
  const hourly = marine
    ? { time, wave_height: fill(0.3), wave_direction: fill(200), wave_period: fill(6), sea_surface_temperature: fill(18) }
    : {
      time,
      wind_speed_10m: fill(6),
      wind_direction_10m: fill(200),
      wind_gusts_10m: fill(9),
      weather_code: fill(1),
      precipitation_probability: fill(5),
      temperature_2m: fill(16),
      visibility: fill(24000),
      cloud_cover: fill(20)
    }
  const units = Object.fromEntries(Object.keys(hourly).map((k) => [k, k === "time" ? "iso8601" : k.includes("wind_") && !k.includes("direction") ? "kn" : k === "wave_height" ? "m" : k === "visibility" ? "m" : "°"]))
  return JSON.stringify({
    latitude: Number(params.get("latitude")),
    longitude: Number(params.get("longitude")),
    generationtime_ms: 0.2,
    utc_offset_seconds: OFFSET,
    timezone: "Europe/Oslo",
    timezone_abbreviation: "CET",
    elevation: 0,
    hourly_units: { ...units, temperature_2m: "°C", sea_surface_temperature: "°C", precipitation_probability: "%", cloud_cover: "%", weather_code: "wmo code", wave_period: "s" },
    hourly
  })
}

interface Hour { readonly time: string; readonly classification: string | null }
interface Day {
  readonly date: string
  readonly classification: string
  readonly summary: string
  readonly window: { readonly start: string; readonly end: string }
  readonly sunrise?: string
  readonly sunset?: string
  readonly deciding_factors: ReadonlyArray<string>
  readonly hourly: ReadonlyArray<Hour>
}

const bestWindow = { en: "Best window", fr: "Meilleur créneau", ja: "おすすめの時間帯" } as const
const bestTime = { en: "Best time to go", fr: "Meilleur moment pour sortir", ja: "出航に最適な時間" } as const
const bestDay = { en: "Best day:", fr: "Meilleur jour", ja: "最良の日" } as const

describe("a polar-night week end to end through the server", () => {
  let served: Served
  beforeAll(async () => {
    served = await serveWithOpenMeteo(answer, {
      SPOTCAST_BOOTSTRAP_KEY: LIVE_KEY,
      SPOTCAST_BOOTSTRAP_CREDITS: "60"
    })
  }, 60_000)
  afterAll(async () => {
    await served?.stop()
  })

  const forecast = async (body: Record<string, unknown>) => {
    const created = await callServed(served, LIVE_KEY, "POST", "/v3/spotcast", body)
    assert.strictEqual(created.status, 202, JSON.stringify(created.json))
    for (let i = 0; i < 300; i++) {
      const status = await callServed(served, LIVE_KEY, "GET", `/v3/spotcast/${created.json.id}/status`)
      if (status.json.status === "failed") assert.fail(JSON.stringify(status.json))
      if (status.json.status === "completed") {
        const spotcast = await callServed(served, LIVE_KEY, "GET", `/v3/spotcast/${created.json.id}`)
        const analysis = spotcast.json.latest_forecast.ai_analysis
        return { summary: analysis.summary as string, days: analysis.daily_classifications as ReadonlyArray<Day> }
      }
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error("the forecast did not finish")
  }

  /** Every day, whatever its light: darkness as the rules have it, and no best time in the dark. */
  const checkWeek = (at: Place, language: keyof typeof bestWindow, days: ReadonlyArray<Day>, summary: string, openBoat: boolean) => {
    for (const day of days) {
      const sun = sunOn(day.date, at)
      const polar = isPolarNight(sunHours(sun))
      if (polar) {
        assert.strictEqual(day.classification, openBoat ? "AVOID" : "CAUTION", `${day.date}: ${day.summary}`)
        assert.include(day.deciding_factors, "darkness")
        assert.notInclude(day.summary, bestWindow[language])
        for (const h of day.hourly) assert.strictEqual(h.classification, day.classification, `${h.time} in a polar night`)
      }
      for (const h of day.hourly) {
        const hour = Number(h.time.slice(11, 13))
        if (darkHoursIn(sun, hour, hour + 1) > 0) assert.notStrictEqual(h.classification, "GO", `${h.time} is in the dark`)
      }
      if (day.summary.includes(bestWindow[language])) {
        assert.notStrictEqual(day.classification, "AVOID")
        assert.isDefined(day.sunrise)
        assert.isAtLeast(Date.parse(day.window.start), Date.parse(day.sunrise!), `${day.date} window before sunrise`)
        assert.isAtMost(Date.parse(day.window.end), Date.parse(day.sunset!), `${day.date} window after sunset`)
      }
    }
    if (days.every((d) => d.classification === "AVOID")) {
      assert.notInclude(summary, bestDay[language])
      assert.notInclude(summary, bestTime[language])
    }
    if (days.every((d) => isPolarNight(sunHours(sunOn(d.date, at))))) assert.notInclude(summary, bestTime[language])
    assert.notInclude(summary, "00:00〜24:00")
    assert.notInclude(summary, "19:00 à 24:00")
  }

  it("a 20 ft power boat, all daylight (Japanese): polar nights are AVOID every hour, never a best time at night", async () => {
    const at = polarPlace()
    const dates = week(1)
    const { days, summary } = await forecast({
      ...at, start_date: dates[0], num_days: DAYS, vessel_info: { type: "powerBoat", length_ft: 20 }, preferences: { language: "ja" }
    })
    assert.deepStrictEqual(days.map((d) => d.date), dates)
    checkWeek(at, "ja", days, summary, true)
    // A day with an hour or more of sun and a whole hour inside it is judged on its daylight: GO in calm weather.
    for (const day of days) {
      const sun = sunOn(day.date, at)
      if (!isPolarNight(sunHours(sun)) && Math.floor(sun.end) > Math.ceil(sun.start)) {
        assert.strictEqual(day.classification, "GO", `${day.date}: ${day.summary}`)
        assert.isAtLeast(Date.parse(day.window.start), Date.parse(day.sunrise!))
        assert.isAtMost(Date.parse(day.window.end), Date.parse(day.sunset!))
      }
    }
  })

  it("a 4 h trip on a 40 ft sailboat (French) and in English: CAUTION in the dark, never AVOID named the best day", async () => {
    const at = polarPlace()
    const dates = week(1)
    const fr = await forecast({
      ...at, start_date: dates[0], num_days: DAYS, vessel_info: { type: "sailboat", length_ft: 40 }, trip_duration_hours: 4,
      preferences: { language: "fr" }
    })
    checkWeek(at, "fr", fr.days, fr.summary, false)
    const en = await forecast({
      ...at, start_date: dates[0], num_days: DAYS, vessel_info: { type: "powerBoat", length_ft: 20 }, trip_duration_hours: 4
    })
    checkWeek(at, "en", en.days, en.summary, true)
  })

  it("today's window never starts before the forecast was asked for", async () => {
    const at = { latitude: 52.1, longitude: 4.2 }
    const asked = Date.now()
    const { days } = await forecast({ ...at, start_date: dateAfter(0), num_days: 2, trip_duration_hours: 2 })
    const [today] = days
    const localMinutes = ((asked / 60_000 + OFFSET / 60) % 1440 + 1440) % 1440
    if (localMinutes < 22 * 60 + 50) {
      // The window starts at the next whole hour after the forecast is issued, or later.
      assert.isAtLeast(Date.parse(today!.window.start), asked, `${today!.window.start} before ${new Date(asked).toISOString()}`)
    } else {
      // The day is (all but) over: its window, whatever it is, is not offered.
      assert.notInclude(today!.summary, bestWindow.en)
    }
  })
})
