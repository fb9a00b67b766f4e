// Time and place: the forecasts and routes of the date line, clock changes, night departures, arrival
// zones and legs over land, as this build answers them, and beside them another checkout's answers.
// usage: npx vite-node scripts/forecast-cases/time-and-place.ts [path to another checkout, e.g. /work/base]
// Each build runs its own code (its src and its node_modules): the sandbox's simulated weather and the
// built-in analyst for SpotCasts; routes on hand-made weather written, as Open-Meteo writes it, at one
// offset for the whole series, or on the simulated weather of their cells (the arrival zone).
import { createRequire } from "node:module"
import { dirname, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const HOUR = 3_600_000
const DAY = 86_400_000
const here = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
const other = process.argv[2] === undefined ? undefined : resolve(process.argv[2])

type Answers = Record<string, string>

/** A build's modules: its own `effect` and its own source. */
const modules = async (root: string) => {
  const from = (path: string) => import(pathToFileURL(resolve(root, path)).href)
  const effect = await import(pathToFileURL(createRequire(resolve(root, "package.json")).resolve("effect")).href)
  return {
    effect,
    process: await from("src/application/spotcast/ProcessForecast.ts"),
    analyst: await from("src/adapters/analyst/BuiltinAnalyst.ts"),
    simulated: await from("src/adapters/weather/SimulatedWeather.ts"),
    geography: await from("src/adapters/geography/NaturalEarthGeography.ts"),
    analyzeRoute: await from("src/domain/route/AnalyzeRoute.ts"),
    lookup: await from("src/domain/route/RouteLookup.ts"),
    passage: await from("src/domain/route/Passage.ts"),
    createRoute: await from("src/application/route/CreateRoute.ts"),
    routeWeather: await from("src/application/route/RouteWeather.ts"),
    settings: await from("src/ports/Settings.ts"),
    provider: await from("src/ports/WeatherProvider.ts"),
    geographyPort: await from("src/ports/Geography.ts")
  }
}

const calm = (wind: number) => ({
  wind_speed_kt: wind, wind_gust_kt: wind * 1.3, wind_direction_deg: 200, wave_height_ft: Math.max(0.5, wind / 6), wave_period_s: 8,
  wave_direction_deg: 200, swell_height_ft: 0.5, swell_period_s: 10, swell_direction_deg: 200, visibility_nm: 10,
  precipitation_probability_pct: 0, precipitation_mm_per_h: 0, air_temp_c: 18, water_temp_c: 16, weather_code: 0
})

const answersOf = async (root: string): Promise<Answers> => {
  const m = await modules(root)
  const { Effect, Either, Layer, DateTime } = m.effect
  const geography = m.geography.make()
  const sim = m.simulated.make({}, geography)
  const zoneOf = (p: { latitude: number; longitude: number }) => Effect.runSync(geography.zoneAt(p, 0)).timezone as string
  const out: Answers = {}

  /** A sandbox SpotCast's days: class, window, sunrise and the first reason. */
  const spotcast = async (name: string, at: { latitude: number; longitude: number }, start: string, numDays: number, vessel: object, trip: number) => {
    const dates = Array.from({ length: numDays }, (_, i) => new Date(Date.parse(start) + i * DAY).toISOString().slice(0, 10))
    const timezone = zoneOf(at)
    const series = await Effect.runPromise(sim.hourly({ coordinates: at, dates, mode: "sandbox", seed: `case-${name}`, timezone }))
    const analysis = await Effect.runPromise(m.process.forecastAnalysis({
      series, dates, coordinates: at, vessel, tripDurationHours: trip,
      preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
      analyze: (input: unknown) => Effect.succeed(m.analyst.write(input)),
      issuedAt: Effect.succeed("2026-11-29T00:00:00Z"),
      notBeforeMillis: Date.parse(start) - 2 * DAY
    }))
    for (const d of analysis.daily_classifications) {
      const why = /because of ([^.;]*)/.exec(d.summary)?.[1] ?? ""
      out[`${name} ${d.date}`] = `${d.classification}, window ${d.window?.start.slice(11, 16)}–${d.window?.end.slice(11, 22)}, sunrise ${d.sunrise ?? "none"}, sunset ${d.sunset ?? "none"}${why === "" ? "" : `; because of ${why}`}`
    }
  }

  const routeOf = (waypoints: ReadonlyArray<{ latitude: number; longitude: number }>, departure: number, window: number, speed: number, vessel?: object) => ({
    id: "rte_0000000000000000000001", accountId: "acct_0000000000000000000001", createdAt: DateTime.unsafeMake(departure - DAY),
    spotcastId: "spc_0000000000000000000001", waypoints, departure: DateTime.unsafeMake(departure), speedKts: speed, departureWindowHours: window,
    preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
    ...(vessel === undefined ? {} : { vessel })
  })
  const zonesOf = (route: any) => m.passage.planPassage(route.waypoints, route.speedKts).samples.map((s: any) => zoneOf(s.position))
  /** A route on weather written at one offset (as a provider's answer): `wind(utcMillis)`. */
  const route = (route: any, offset: number, timezone: string, wind: (at: number) => number) =>
    Either.getOrThrow(m.analyzeRoute.analyzeRoute(route, (_: unknown, at: number) => ({ point: { time: "x", ...calm(wind(at)) }, utcOffsetSeconds: offset, timezone }), zonesOf(route)))

  // 1. The date line: every day a "polar night"?
  const powerBoat = { type: "powerBoat", lengthFt: 22 }
  await spotcast("1. Samoa (-13.9,-171.9)", { latitude: -13.9, longitude: -171.9 }, "2026-11-30", 2, powerBoat, 3)
  for (const [name, at] of [
    ["1. Tonga (-21.3,-175.3)", { latitude: -21.3, longitude: -175.3 }],
    ["1. Fiji east of 180° (-17.6,-178.8)", { latitude: -17.6, longitude: -178.8 }],
    ["1. Chatham (-44.1,-176.3)", { latitude: -44.1, longitude: -176.3 }],
    ["1. Kiritimati (1.9,-157.5)", { latitude: 1.9, longitude: -157.5 }],
    ["1. Attu (52.8,173.3)", { latitude: 52.8, longitude: 173.3 }]
  ] as const) await spotcast(name, at, "2026-11-30", 1, powerBoat, 3)
  {
    // Samoa, 09:00-15:00 local on 30 Nov (+13): a passage by day.
    const r = route(routeOf([{ latitude: -13.75, longitude: -171.6 }, { latitude: -13.75, longitude: -172.3 }], Date.UTC(2026, 10, 29, 20), 0, 7, powerBoat), 13 * 3600, "Pacific/Apia", () => 8)
    out["1. route off Samoa, 09:00-15:00 local"] = `samples in daylight ${r.samples.filter((s: any) => s.daylight).length} of ${r.samples.length}; ${r.classification}, worst ${r.legs[0].worst_factor}`
  }

  // 2. Clock changes inside a forecast.
  await spotcast("2. Marseille (43.25,5.3)", { latitude: 43.25, longitude: 5.3 }, "2027-03-27", 3, powerBoat, 4)
  await spotcast("2. Miami (25.75,-80.1)", { latitude: 25.75, longitude: -80.1 }, "2027-03-13", 3, powerBoat, 4)
  await spotcast("2. Sydney (-33.85,151.3)", { latitude: -33.85, longitude: 151.3 }, "2027-04-03", 3, powerBoat, 4)
  {
    // Across the Solent on 28 March 2027, 08:00 UTC: the weather written at +00:00 (the offset before the change).
    const r = route(routeOf([{ latitude: 50.75, longitude: -1.2 }, { latitude: 50.65, longitude: -0.9 }], Date.UTC(2027, 2, 28, 8), 0, 6), 0, "Europe/London", () => 10)
    out["2. route over the UK change, 2027-03-28 08:00 UTC"] = `eta_local ${r.samples[0].eta_local} ${r.samples[0].time_zone}; leg ends ${r.legs[0].eta_end_local}`
  }

  // 3. Equal classes: a departure in the dark recommended for its lighter wind? (18 kt by day, 15 kt by night)
  const sailboat = { type: "sailboat", lengthFt: 30 }
  const windByLight = (lat: number, lon: number) => (at: number) => {
    const solarHour = (((at / HOUR + lon / 15) % 24) + 24) % 24
    return solarHour > 6.5 && solarHour < 17.5 ? 18 : 15
  }
  // Fiji to Tonga at 20 kt (about 13 h): 18 kt until 19:00 in Fiji on 30 November, 15 kt after.
  const easing = (at: number) => (at < Date.UTC(2026, 10, 30, 7) ? 18 : 15)
  for (const [name, waypoints, departure, speed, offset, zone, wind] of [
    ["3. Hoek van Holland, sailboat 30 ft, 12 h window", [{ latitude: 52.05, longitude: 4.0 }, { latitude: 52.3, longitude: 3.6 }], Date.UTC(2026, 10, 30, 8), 6, 3600, "Europe/Amsterdam", windByLight(52.05, 4.0)],
    ["3. Fiji to Tonga, sailboat 30 ft, 12 h window", [{ latitude: -18.2, longitude: 178.6 }, { latitude: -19.0, longitude: -179.0 }, { latitude: -21.0, longitude: -175.3 }], Date.UTC(2026, 10, 30, 0), 20, 12 * 3600, "Pacific/Fiji", easing]
  ] as const) {
    const r = route(routeOf(waypoints, departure, 12, speed, sailboat), offset, zone, wind)
    const best = r.departures.find((d: any) => d.recommended)
    const classes = [...new Set(r.departures.map((d: any) => d.classification))].join("/")
    out[name] = best === undefined ? "none recommended" : `recommended ${best.departure_local} (${best.classification}, worst ${best.worst_factor}) of ${r.departures.length} (${classes})`
  }

  // 5. Places and passages: the arrival zone, a leg across England.
  const settings = Layer.succeed(m.settings.Settings, { publicBaseUrl: "https://x", forecastHorizonDays: 16, cursorSecret: { value: "x" }, rateLimitPerMinute: 60 })
  const core = Layer.mergeAll(settings, Layer.succeed(m.geographyPort.Geography, geography), Layer.succeed(m.provider.WeatherProvider, sim))
  {
    // Into Cherbourg (49.66,-1.62) from the Solent, on the sandbox's weather of each cell.
    const tomorrow = (Math.floor(Date.now() / DAY) + 1) * DAY + 17 * HOUR
    const r0 = routeOf([{ latitude: 50.65, longitude: -1.3 }, { latitude: 49.66, longitude: -1.62 }], tomorrow, 0, 6)
    const weather = await Effect.runPromise(Effect.provide(m.routeWeather.routeWeather(r0, "sandbox"), core))
    const r = Either.getOrThrow(m.analyzeRoute.analyzeRoute(r0, weather.lookup, zonesOf(r0)))
    const last = r.samples[r.samples.length - 1]
    out["5. arrival at Cherbourg"] = `${last.eta_local} ${last.time_zone}`
  }
  {
    const r0 = routeOf([{ latitude: 53.3, longitude: 1.5 }, { latitude: 53.6, longitude: -3.6 }], (Math.floor(Date.now() / DAY) + 1) * DAY, 0, 6)
    const checked = await Effect.runPromise(Effect.either(Effect.provide(m.createRoute.checkRoute(r0), core)))
    out["5. leg across England [53.3,1.5]→[53.6,-3.6]"] = Either.isLeft(checked)
      ? `refused: ${checked.left.code} ${checked.left.param}: ${checked.left.message.slice(0, 90)}…`
      : `accepted (${checked.right} credits)`
  }
  return out
}

const after = await answersOf(here)
const before = other === undefined ? undefined : await answersOf(other)
for (const [key, value] of Object.entries(after)) {
  console.log(key)
  if (before !== undefined) console.log(`  before: ${before[key] ?? "(no answer)"}`)
  console.log(`  ${before === undefined ? "" : "after:  "}${value}`)
}
