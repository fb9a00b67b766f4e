/**
 * A coarse land/sea and climate mask for the simulated world (issue 11): latitude-longitude boxes, the
 * first that holds a point wins. Deliberately coarse (a few hundred km): it is there so a sandbox
 * forecast is plausible anywhere (no fog or rain in the Sahara in July, no ocean swell in Tokyo Bay,
 * a hot Persian Gulf), not to draw coastlines. Figures are rounded climatology (sea-surface temperature
 * normals of the NOAA OISST / World Ocean Atlas kind, desert and continental air temperatures of
 * textbook climate tables).
 *
 * Interior boxes are drawn well inside the land (about 200 km or more from any sea), so a real coast
 * near an uncertain edge stays a coast: a point in doubt keeps its sea state.
 */

/** [latitude min, latitude max, longitude min, longitude max], degrees. */
export type Box = readonly [number, number, number, number]

/** A sea's own water temperature: annual mean, half the summer-winter range, lag of its season (days). */
export interface Water {
  readonly meanC: number
  readonly seasonC: number
  readonly lagDays: number
}

export type Region =
  /** An enclosed bay or lake: short fetch, no ocean swell, its own water. */
  | { readonly _tag: "Enclosed"; readonly name: string; readonly boxes: ReadonlyArray<Box>; readonly maxFetchKm: number; readonly swellExposure: number; readonly water: Water }
  /** An enclosed or marginal sea: limited fetch and swell, its own water. */
  | { readonly _tag: "Basin"; readonly name: string; readonly boxes: ReadonlyArray<Box>; readonly maxFetchKm: number; readonly swellFactor: number; readonly water: Water }
  /** Far from any sea: no sea state and no water temperature at all, as a real marine model has none. */
  | { readonly _tag: "Inland"; readonly name: string; readonly boxes: ReadonlyArray<Box> }

const enclosed = (name: string, boxes: ReadonlyArray<Box>, maxFetchKm: number, water: Water, swellExposure = 0.03): Region =>
  ({ _tag: "Enclosed", name, boxes, maxFetchKm, swellExposure, water })
const basin = (name: string, boxes: ReadonlyArray<Box>, maxFetchKm: number, swellFactor: number, water: Water): Region =>
  ({ _tag: "Basin", name, boxes, maxFetchKm, swellFactor, water })
const inland = (name: string, ...boxes: ReadonlyArray<Box>): Region => ({ _tag: "Inland", name, boxes })
const water = (meanC: number, seasonC: number, lagDays = 40): Water => ({ meanC, seasonC, lagDays })

/** In order: bays and lakes, then land interiors, then seas (an interior box never covers open water). */
export const regions: ReadonlyArray<Region> = [
  enclosed("Tokyo Bay", [[34.95, 35.75, 139.55, 140.15]], 30, water(19, 6.5)),
  enclosed("Osaka Bay", [[34.3, 34.75, 135.0, 135.5]], 40, water(19, 7)),
  enclosed("Chesapeake Bay", [[36.9, 39.6, -77.5, -75.9]], 40, water(15.5, 11, 30)),
  enclosed("San Francisco Bay", [[37.4, 38.2, -122.55, -122.0]], 20, water(14.5, 3)),
  enclosed("Puget Sound", [[47.0, 48.2, -122.8, -122.2]], 25, water(11, 2.5)),
  enclosed("Port Phillip", [[-38.35, -37.8, 144.4, 145.15]], 40, water(16, 4)),
  enclosed("Great Lakes", [
    [46.5, 49, -92, -84.5], [41.6, 46, -88, -85], [43, 46.3, -84.5, -79.5], [41.4, 42.9, -83.5, -78.8],
    [43.2, 44.2, -79.8, -76]
  ], 300, water(10, 10), 0.1),
  enclosed("Caspian Sea", [[36.5, 47.5, 46.5, 55]], 400, water(15, 10, 35), 0.15),

  inland("Sahara", [14, 29, -11, 31]),
  inland("West and Central Africa", [8, 14, -10, 31], [-10, 8, 15, 30]),
  inland("East and Southern Africa", [-15, 8, 30, 36], [-30, -15, 17, 31]),
  inland("Arabia", [18.5, 28, 42, 48.5], [18.5, 22.5, 48, 55]),
  inland("Anatolia and Iran", [37.5, 40.5, 30, 40], [31, 36.5, 44, 60], [30.5, 40, 60, 75]),
  inland("Iberia", [38.5, 42.5, -6.5, -1.5]),
  inland("France", [44.5, 49, 0.5, 7]),
  inland("Central and Eastern Europe", [47.5, 53, 10, 38], [53, 58.5, 28, 42]),
  inland("Russia and Siberia", [48, 66, 42, 130]),
  inland("Central Asia, Mongolia and China", [40, 48, 56, 118], [30, 40, 75, 115]),
  inland("India", [19, 28, 75, 83], [24, 30, 69, 76]),
  inland("South-East Asia", [22, 30, 95, 111]),
  inland("North America", [33, 58, -117, -96], [35, 48, -96, -79], [58, 67, -130, -100], [62, 68, -160, -142]),
  inland("South America", [-15, 2, -72, -50], [-33, -15, -65, -53]),
  inland("Australia", [-30, -19, 120, 145]),
  inland("Greenland", [67, 80, -50, -30]),
  inland("Antarctica", [-90, -79, -180, 180]),

  basin("Persian Gulf", [[23.5, 30.5, 47.5, 56.5]], 300, 0.15, water(28, 6, 20)),
  basin("Red Sea", [[22, 28.5, 32.5, 39], [12.5, 22, 36.5, 43.5]], 400, 0.2, water(27.5, 2.5, 30)),
  basin("Mediterranean", [[35, 38.5, -6, 16], [38.5, 44.5, -1, 16], [30, 35, 10, 37], [35, 41, 16, 37], [40, 46, 12, 20]], 600, 0.45, water(20, 5.5)),
  basin("Black Sea", [[40.5, 47, 27.5, 42]], 500, 0.3, water(16, 8, 35)),
  basin("Baltic Sea", [[53.5, 66, 9.5, 30.5]], 400, 0.1, water(9, 8, 30)),
  basin("North Sea", [[51, 58, -3, 9]], 700, 0.6, water(10.5, 5)),
  basin("Hudson Bay", [[51, 64.5, -95, -76]], 500, 0.3, water(3, 5, 30)),
  basin("Gulf of Mexico", [[18, 30.5, -98, -81]], 800, 0.5, water(26.5, 4)),
  basin("Caribbean", [[9, 22, -88, -60]], 1000, 0.7, water(27.5, 1.2))
]

/** Ocean currents that make the coast colder or warmer than its latitude's sea (°C offset). */
export const currents: ReadonlyArray<readonly [string, Box, number]> = [
  ["California Current", [22, 48, -135, -115], -3],
  ["Humboldt Current", [-45, -3, -90, -70], -9],
  ["Benguela Current", [-35, -15, 5, 20], -5],
  ["Canary Current", [15, 35, -25, -8], -3],
  ["Kuroshio", [25, 40, 125, 150], 2],
  ["Gulf Stream", [25, 42, -82, -60], 2.5],
  ["North Atlantic Drift", [48, 72, -25, 25], 2.5]
]

/** Deserts: 1 is a true desert (no rain, no fog, hot days and big day-night swings). Coasts included. */
export const deserts: ReadonlyArray<readonly [string, Box, number]> = [
  ["Sahara", [15, 31, -17, 33], 1],
  ["Arabian", [12, 30, 34, 60], 1],
  ["Iranian and Thar", [25, 37, 60, 73], 0.8],
  ["Taklamakan and Gobi", [36, 46, 75, 110], 0.8],
  ["Australian", [-32, -20, 116, 142], 0.9],
  ["Kalahari and Namib", [-30, -16, 11, 24], 0.8],
  ["Atacama and Peruvian coast", [-30, -5, -82, -68], 1],
  ["Sonoran and Mojave", [23, 37, -117, -105], 0.8],
  ["Great Basin", [37, 43, -120, -111], 0.6]
]

const inBox = ([latMin, latMax, lonMin, lonMax]: Box, latitude: number, longitude: number) =>
  latitude >= latMin && latitude <= latMax && longitude >= lonMin && longitude <= lonMax

/** The region a point is in, if any (the open ocean and ordinary coasts are in none). */
export const regionAt = (latitude: number, longitude: number): Region | undefined =>
  regions.find((r) => r.boxes.some((b) => inBox(b, latitude, longitude)))

/** 0 (not a desert) to 1. */
export const aridityAt = (latitude: number, longitude: number): number =>
  deserts.find(([, b]) => inBox(b, latitude, longitude))?.[2] ?? 0

/** The current's offset to the sea temperature, if the point is in one. */
export const currentAt = (latitude: number, longitude: number): number | undefined =>
  currents.find(([, b]) => inBox(b, latitude, longitude))?.[2]
