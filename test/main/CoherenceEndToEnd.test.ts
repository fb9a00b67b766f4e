// One truth per day, end to end through the built server: a storm everywhere and a disagreement where
// only one weather model is severe (a loopback Open-Meteo serving the recorded Hoek van Holland answers
// with constructed readings), in all six languages and all unit sets. The numbers a day quotes
// (`conditions.window`, in the requested units) reproduce its class when fed back to the rules, and the
// text quotes the deciding reading; a class one model alone gave is held back, and the text says so.
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { quotedNumbers } from "../../src/domain/analysis/QuotedNumbers.js"
import { classifyDay } from "../../src/domain/safety/ClassifyDay.js"
import type { DayConditions } from "../../src/domain/weather/DayConditions.js"
import type { DistanceUnit, Language, SpeedUnit } from "../../src/domain/spotcast/Preferences.js"
import { redated } from "../adapters/weather/OpenMeteoFake.js"
import { callServed, type Served, serveWithOpenMeteo } from "../support/Spawn.js"

const KEY = "sk_live_" + "C0here1t".repeat(4)
const STORM = { latitude: 52.3, longitude: 3.9 }
const SPLIT = { latitude: 52.1, longitude: 3.8 }
const MODELS = ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"]
const KMH_PER_KT = 1.852

/** The recorded answers with constant constructed readings: a storm, or three calm models and a gale on GFS. */
const answer = (path: string, params: URLSearchParams): string => {
  const marine = path === "/v1/marine"
  const body = JSON.parse(redated(marine ? "hoek-van-holland.marine.json" : "hoek-van-holland.forecast.json", params))
  const storm = Math.abs(Number(params.get("latitude")) - STORM.latitude) < 0.01
  const fill = (key: string, value: number) => { body.hourly[key] = body.hourly[key].map(() => value) }
  if (marine) {
    fill("wave_height", storm ? 6 : 0.6); fill("wave_period", storm ? 11 : 8); fill("sea_surface_temperature", 16)
    return JSON.stringify(body)
  }
  fill("temperature_2m", 16); fill("weather_code", 3); fill("visibility", 20000); fill("precipitation_probability", 10)
  if (storm) {
    fill("wind_speed_10m", 55); fill("wind_gusts_10m", 68)
    return JSON.stringify(body)
  }
  // Several models: every variable suffixed `_<model>` (as Open-Meteo answers `models=`), GFS alone at gale force.
  const hourly: Record<string, unknown> = { time: body.hourly.time }
  const units: Record<string, unknown> = { time: body.hourly_units.time }
  for (const model of MODELS) {
    for (const [k, v] of Object.entries(body.hourly as Record<string, Array<number>>)) {
      if (k === "time") continue
      const value = k === "wind_speed_10m" ? (model === "gfs_seamless" ? 36 : 12) : k === "wind_gusts_10m" ? (model === "gfs_seamless" ? 45 : 16) : undefined
      hourly[`${k}_${model}`] = value === undefined ? v : v.map(() => value)
      units[`${k}_${model}`] = body.hourly_units[k]
    }
  }
  return JSON.stringify({ ...body, hourly, hourly_units: units })
}

const unitSets: ReadonlyArray<{ speed: SpeedUnit; distance: DistanceUnit }> = [
  { speed: "kts", distance: "nm" }, { speed: "mph", distance: "mi" }, { speed: "ms", distance: "km" }
]
const languages: ReadonlyArray<Language> = ["en", "es", "fr", "pt", "it", "ja"]

/** From the requested units back to the rules' (kt, ft). */
const toKt = (v: number, u: SpeedUnit) => (u === "kts" ? v : u === "mph" ? v / 1.150779 : v / 0.514444)
const toFt = (v: number, h: "ft" | "m") => (h === "m" ? v / 0.3048 : v)

interface Day {
  readonly date: string
  readonly classification: "GO" | "CAUTION" | "AVOID"
  readonly summary: string
  readonly deciding_factors: ReadonlyArray<string>
  readonly conditions: { readonly window: Record<string, { min: number; max: number } | number | undefined> }
  readonly hourly: ReadonlyArray<Record<string, number | string | null>>
}

/** From tomorrow: today's windows start after the issue time, so a late run would judge only the evening. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)

const forecast = async (served: Served, body: Record<string, unknown>) => {
  const created = await callServed(served, KEY, "POST", "/v3/spotcast", { num_days: 2, start_date: tomorrow(), ...body })
  assert.strictEqual(created.status, 202, JSON.stringify(created.json))
  for (let i = 0; i < 300; i++) {
    const status = await callServed(served, KEY, "GET", `/v3/spotcast/${created.json.id}/status`)
    if (status.json.status === "failed") assert.fail(JSON.stringify(status.json))
    if (status.json.status === "completed") {
      const spotcast = await callServed(served, KEY, "GET", `/v3/spotcast/${created.json.id}`)
      assert.isDefined(spotcast.json.latest_forecast?.ai_analysis, JSON.stringify(spotcast.json).slice(0, 500))
      return spotcast.json.latest_forecast.ai_analysis
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("the forecast did not finish")
}

/** The day's quoted window readings (the model that decided it), back in the rules' units, with the constant rest. */
const fedBack = (day: Day, units: { speed: SpeedUnit; height: "ft" | "m" }): DayConditions => {
  const w = day.conditions.window as Record<string, { min: number; max: number }>
  const wind = toKt(w.wind_speed!.max, units.speed)
  return {
    wind_speed_kt: wind,
    wind_gust_kt: Math.max(wind, toKt(w.wind_gust!.max, units.speed)),
    wind_direction_deg: Number(day.conditions.window.wind_direction ?? 0),
    wave_height_ft: toFt(w.wave_height!.max, units.height),
    wave_period_s: Number(day.hourly.find((h) => h.wave_period !== null)!.wave_period),
    visibility_nm: 10, precipitation_probability_pct: 10, air_temp_c: 16, water_temp_c: 16, weather_code: 3
  }
}

/** The text quotes `value` (requested units) as a number with a unit of that quantity, within rounding. */
const quotes = (text: string, language: Language, value: number, unit: string) =>
  quotedNumbers(text, language).some((q) => q._tag === "Number" && q.unit === unit && Math.abs(q.value - value) <= 0.05 + 0.5 * 10 ** -q.decimals)

const stormHeadline: Record<Language, RegExp> = {
  en: /^Storm-force conditions expected .*not an official warning\)\./,
  es: /^Se esperan condiciones de temporal muy duro .*no un aviso oficial\)\./,
  fr: /^Conditions de tempête attendues .*pas un avertissement officiel\)\./,
  pt: /^Condições de tempestade previstas .*não um aviso oficial\)\./,
  it: /^Previste condizioni di tempesta .*non un avviso ufficiale\)\./,
  ja: /^.+は海上暴風警報級の状況が予想されます（SpotCastによる予報の読み取りで、公式の警報ではありません）。/
}
const unchecked: Record<Language, string> = {
  en: "not cross-checked", es: "sin contrastar", fr: "non recoupé", pt: "sem comparação", it: "non confrontato", ja: "照合していません"
}
const possibleGale: Record<Language, RegExp> = {
  en: /^Gale-force conditions possible .*: one weather model shows them/,
  es: /^Posibles condiciones de temporal el .*: las muestra un modelo meteorológico/,
  fr: /^Conditions de coup de vent possibles .* : un modèle météo les prévoit/,
  pt: /^Condições de vendaval possíveis em .*: um modelo meteorológico prevê-as/,
  it: /^Possibili condizioni di burrasca .*: le mostra un modello meteorologico/,
  ja: /^.+は海上強風警報級の状況となる可能性があります。/
}
const onlyGfs: Record<Language, string> = {
  en: "Only gfs_seamless rates this day", es: "Solo gfs_seamless califica este día", fr: "Seul gfs_seamless classe ce jour",
  pt: "Só gfs_seamless classifica este dia", it: "Solo gfs_seamless classifica questo giorno", ja: "gfs_seamlessだけです"
}

describe("one truth per day, end to end through the server", () => {
  let served: Served
  beforeAll(async () => {
    served = await serveWithOpenMeteo(answer, {
      SPOTCAST_BOOTSTRAP_KEY: KEY,
      SPOTCAST_BOOTSTRAP_CREDITS: "500",
      // Every status poll is a request: 54 forecasts polled every 100 ms need more than the default 60 a minute.
      SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000"
    })
  }, 60_000)
  afterAll(async () => {
    await served?.stop()
  })

  for (const [i, units] of unitSets.entries()) {
    it(`a storm everywhere (${units.speed}, ${units.distance}): AVOID for every vessel, the headline opens the summary, the quoted wind reproduces the class`, async () => {
      for (const [j, language] of languages.entries()) {
        const vessel = [{ type: "pwc", length_ft: 10 }, { type: "sailboat", length_ft: 35 }, { type: "yacht", length_ft: 300 }][(i + j) % 3]!
        const analysis = await forecast(served, {
          ...STORM, vessel_info: vessel, preferences: { language, speed_units: units.speed, distance_units: units.distance }
        })
        const where = `${language} ${units.speed} ${vessel.type} ${vessel.length_ft}`
        assert.match(analysis.summary, stormHeadline[language], where)
        for (const day of analysis.daily_classifications as ReadonlyArray<Day>) {
          assert.strictEqual(day.classification, "AVOID", `${where}: ${day.summary}`)
          assert.include(day.deciding_factors, "wind", where)
          const back = classifyDay(fedBack(day, { speed: units.speed, height: analysis.units.height }), { type: vessel.type as "pwc", lengthFt: vessel.length_ft })
          assert.strictEqual(back.classification, day.classification, `${where}: the quoted numbers give ${back.classification}`)
          const wind = (day.conditions.window.wind_speed as { max: number }).max
          assert.isTrue(quotes(day.summary, language, wind, units.speed), `${where}: the text quotes the wind ${wind} ${units.speed}: ${day.summary}`)
        }
        for (const c of analysis.confidence) {
          assert.strictEqual(c.level, "unchecked", where)
          assert.include(c.reason, unchecked[language], where)
        }
      }
    }, 120_000)

    it(`only GFS at gale force (${units.speed}, ${units.distance}): CAUTION, quoting and naming GFS, in every language`, async () => {
      for (const language of languages) {
        for (const vessel of [{ type: "sailboat", length_ft: 30 }, { type: "yacht", length_ft: 300 }]) {
          const analysis = await forecast(served, {
            ...SPLIT, vessel_info: vessel, preferences: { language, speed_units: units.speed, distance_units: units.distance }
          })
          const where = `${language} ${units.speed} ${vessel.type} ${vessel.length_ft}`
          for (const [k, day] of (analysis.daily_classifications as ReadonlyArray<Day>).entries()) {
            assert.strictEqual(day.classification, "CAUTION", `${where}: ${day.summary}`)
            const back = classifyDay(fedBack(day, { speed: units.speed, height: analysis.units.height }), { type: vessel.type as "sailboat", lengthFt: vessel.length_ft })
            // The numbers are GFS's: they give its own class, AVOID for the sailboat (one model: held back to
            // CAUTION, and the text says so) and CAUTION for the 300 ft yacht (the day's class itself).
            assert.strictEqual(back.classification, vessel.length_ft < 200 ? "AVOID" : "CAUTION", where)
            assert.include(day.summary, onlyGfs[language], where)
            const gust = (day.conditions.window.wind_gust as { max: number }).max
            const wind = (day.conditions.window.wind_speed as { max: number }).max
            assert.isTrue(
              quotes(day.summary, language, wind, units.speed) || quotes(day.summary, language, gust, units.speed),
              `${where}: the text quotes GFS's reading: ${day.summary}`
            )
            assert.isTrue(Math.abs(toKt(wind, units.speed) - 36) < 0.1, `${where}: the window quotes GFS's wind, ${wind} ${units.speed}`)
            assert.strictEqual(analysis.confidence[k].level, "low", where)
            assert.include(analysis.confidence[k].reason, "gfs_seamless", where)
          }
          // Gale force on one model only: "possible", never "expected".
          assert.match(analysis.summary, possibleGale[language], `${where}: ${analysis.summary}`)
        }
      }
    }, 240_000)
  }
})
