// Issue 11's new hazards end to end through the built server: polar night on a sandbox key, freezing
// spray and a catamaran in strong gusts on a live key (a loopback Open-Meteo serving the recorded Hoek
// van Holland answers with the readings each case needs).
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { daylightOn } from "../../src/domain/safety/Daylight.js"
import { redated } from "../adapters/weather/OpenMeteoFake.js"
import { callServed, type Served, serveWithOpenMeteo } from "../support/Spawn.js"

const LIVE_KEY = "sk_live_" + "Haz4rds0".repeat(4)
const ADMIN = "e2e-hazards-admin-token-0123"


/** Creates a one-day forecast and returns its first day once completed. */
const forecastDay = async (served: Served, key: string, body: Record<string, unknown>) => {
  const created = await callServed(served, key, "POST", "/v3/spotcast", { num_days: 1, ...body })
  assert.strictEqual(created.status, 202, JSON.stringify(created.json))
  for (let i = 0; i < 150; i++) {
    const status = await callServed(served, key, "GET", `/v3/spotcast/${created.json.id}/status`)
    if (status.json.status === "failed") assert.fail(JSON.stringify(status.json))
    if (status.json.status === "completed") {
      const spotcast = await callServed(served, key, "GET", `/v3/spotcast/${created.json.id}`)
      return spotcast.json.latest_forecast.ai_analysis.daily_classifications[0] as { classification: string; summary: string }
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("the forecast did not finish")
}

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** A date within the horizon and a latitude near a pole where that date is a polar night. */
const polarNight = (): { readonly date: string; readonly latitude: number } => {
  for (let d = 0; d < 15; d++) {
    for (const latitude of [80, -80, 89, -89]) {
      const date = dayAfter(d)
      if (daylightOn(date, { latitude, longitude: 15 }, 0)._tag === "PolarNight") return { date, latitude }
    }
  }
  throw new Error("no polar night at 80-89° in the next 15 days (impossible: one pole is always dark for weeks around the equinox gap)")
}

const SPRAY = { latitude: 52.006, longitude: 4.292 }
const GUSTS = { latitude: 52.5, longitude: 4.5 }

/** The recorded answers with the readings each case needs, chosen by the requested latitude. */
const answer = (path: string, params: URLSearchParams): string => {
  const marine = path === "/v1/marine"
  const body = JSON.parse(redated(marine ? "hoek-van-holland.marine.json" : "hoek-van-holland.forecast.json", params))
  const spray = Math.abs(Number(params.get("latitude")) - SPRAY.latitude) < 0.01
  const fill = (key: string, value: number) => { body.hourly[key] = body.hourly[key].map(() => value) }
  if (marine) {
    fill("sea_surface_temperature", spray ? 0 : 18)
  } else if (spray) {
    fill("wind_speed_10m", 30); fill("wind_gusts_10m", 36); fill("temperature_2m", -12); fill("weather_code", 3)
  } else {
    fill("wind_speed_10m", 13); fill("wind_gusts_10m", 30); fill("temperature_2m", 16); fill("weather_code", 1)
  }
  return JSON.stringify(body)
}

describe("issue 11's hazards end to end through the server", () => {
  let served: Served
  beforeAll(async () => {
    served = await serveWithOpenMeteo(answer, {
      SPOTCAST_BOOTSTRAP_KEY: LIVE_KEY,
      SPOTCAST_BOOTSTRAP_CREDITS: "20",
      SPOTCAST_ADMIN_TOKEN: ADMIN
    })
  }, 60_000)
  afterAll(async () => {
    await served?.stop()
  })

  it("polar night: a 20 ft power boat on a 4 h trip is AVOID for the darkness, with no best window", async () => {
    const account = await fetch(`${served.baseUrl}/admin/v1/accounts`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Polar", mode: "sandbox", credits: 10 })
    }).then((r) => r.json() as Promise<any>)
    const { date, latitude } = polarNight()
    const day = await forecastDay(served, account.api_key.key, {
      latitude, longitude: 15, start_date: date, vessel_info: { type: "powerBoat", length_ft: 20 }, trip_duration_hours: 4
    })
    assert.strictEqual(day.classification, "AVOID", day.summary)
    assert.include(day.summary, "because of no daylight at all (polar night)")
    assert.include(day.summary, "Trip hours")
    assert.notInclude(day.summary, "Best window")
  })

  it("freezing spray: 30 kt, air -12 °C over 0 °C water is AVOID for a 45 ft power boat (its wind alone is CAUTION)", async () => {
    const day = await forecastDay(served, LIVE_KEY, {
      ...SPRAY, start_date: dayAfter(0), vessel_info: { type: "powerBoat", length_ft: 45 }, trip_duration_hours: 3
    })
    assert.strictEqual(day.classification, "AVOID", day.summary)
    // English with knots and nautical miles reads metres (docs/api-notes.md#units): 45 ft is 13.7 m.
    assert.match(day.summary, /^AVOID for your 13\.7 m power boat because of heavy freezing spray \(air -12°C, water 0°C\)/)
  })

  it("a 30 ft catamaran in 30 kt gusts is AVOID and told why; the same day is CAUTION for a 30 ft sailboat", async () => {
    const cat = await forecastDay(served, LIVE_KEY, {
      ...GUSTS, start_date: dayAfter(0), vessel_info: { type: "catamaran", length_ft: 30 }, trip_duration_hours: 3,
      preferences: { language: "fr" }
    })
    assert.strictEqual(cat.classification, "AVOID", cat.summary)
    assert.include(cat.summary, "rafales à 30 nœuds")
    assert.include(cat.summary, "peut chavirer")
    assert.notInclude(cat.summary, "Meilleur créneau")
    const mono = await forecastDay(served, LIVE_KEY, {
      ...GUSTS, start_date: dayAfter(0), vessel_info: { type: "sailboat", length_ft: 30 }, trip_duration_hours: 3
    })
    assert.strictEqual(mono.classification, "CAUTION", mono.summary)
  })
})
