import { isMarine } from "../../domain/geography/Water.js"
import { aridityAt, currentAt, regionAt, type Water } from "./SimulatedGeography.js"
import { hashString, uniform } from "./SimulatedNoise.js"
import type { Site } from "./SimulatedSite.js"

/**
 * The simulated world's climate: zonal means by latitude (trades, horse latitudes, westerlies, polar
 * easterlies), the season by hemisphere, and fixed traits of each place. Figures are rounded textbook
 * climatology (e.g. trade winds 12-15 kt, westerlies stronger and stormier in winter), not data.
 */

/** |latitude| nodes of the zonal tables below; values in between are interpolated linearly. */
const NODES = [0, 5, 12, 20, 28, 35, 45, 55, 65, 75, 90]
const MEAN_WIND_KT = [7, 9, 13, 14, 10, 11, 13, 15.5, 15.5, 14, 12]
/** How much winter raises (and summer lowers) the mean wind, as a fraction. */
const WINTER_WIND_GAIN = [0, 0, 0.05, 0.1, 0.2, 0.3, 0.35, 0.35, 0.3, 0.25, 0.2]
/** Log-standard deviation of the wind from passing weather systems: small in the steady trades. */
const VARIABILITY = [0.35, 0.3, 0.18, 0.2, 0.4, 0.5, 0.55, 0.55, 0.5, 0.45, 0.4]
/** Direction the wind prevails from in the northern hemisphere (mirrored north-south in the south). */
const PREVAILING_FROM_NH = [80, 70, 60, 60, 150, 250, 265, 255, 200, 100, 90]
const DIRECTION_SPREAD_DEG = [25, 30, 20, 25, 80, 90, 90, 90, 80, 70, 70]
/** Base log-odds of rain: wet near the equator and in the storm tracks, dry in the horse latitudes. */
const WETNESS = [-0.2, -0.4, -1, -1.4, -1.8, -1.4, -0.9, -0.8, -1, -1.3, -1.5]
/** Share of rain that falls as convective showers (with gusts) rather than frontal rain. */
const CONVECTIVE = [0.9, 0.9, 0.8, 0.7, 0.55, 0.45, 0.35, 0.25, 0.15, 0.1, 0.1]
const SEA_TEMP_C = [28, 28, 27, 25, 22, 19, 14, 9, 4, 0, -1.5]
const SEA_TEMP_SEASON_C = [0.5, 0.5, 1, 2, 3, 4.5, 5, 4, 3, 1.2, 0.3]
/** Significant height of the background swell at a fully exposed place, in metres. */
const SWELL_M = [0.9, 0.9, 1.0, 1.1, 1.0, 1.1, 1.35, 1.6, 1.5, 1.0, 0.5]
const SWELL_FROM_NH = [80, 70, 60, 60, 300, 285, 280, 275, 270, 270, 270]

const zonal = (table: ReadonlyArray<number>, absLat: number): number => {
  let i = 1
  while (i < NODES.length - 1 && NODES[i]! < absLat) i++
  const x0 = NODES[i - 1]!, x1 = NODES[i]!
  const f = Math.min(1, Math.max(0, (absLat - x0) / (x1 - x0)))
  return table[i - 1]! + (table[i]! - table[i - 1]!) * f
}

/** Interpolates directions along the shorter arc. */
const zonalAngle = (table: ReadonlyArray<number>, absLat: number): number => {
  const x = zonal(table.map((d) => Math.sin((d * Math.PI) / 180)), absLat)
  const y = zonal(table.map((d) => Math.cos((d * Math.PI) / 180)), absLat)
  return ((Math.atan2(x, y) * 180) / Math.PI + 360) % 360
}

const mirror = (fromNh: number, latitude: number) => latitude >= 0 ? fromNh : (540 - fromNh) % 360

export interface Zone {
  readonly meanWindKt: number
  readonly winterWindGain: number
  readonly variability: number
  readonly prevailingFromDeg: number
  readonly directionSpreadDeg: number
  readonly wetness: number
  readonly convective: number
  readonly seaTempC: number
  readonly seaTempSeasonC: number
  /** How many days the sea's season runs behind the air's. */
  readonly seaLagDays: number
  readonly swellM: number
  readonly swellFromDeg: number
  /** 0 in the tropics, 1 from the mid-latitudes poleward: how much the seasons matter. */
  readonly seasonality: number
}

export const zoneAt = (latitude: number): Zone => {
  const a = Math.abs(latitude)
  const south = latitude < -30 ? 1.12 : 1 // the roaring forties: the southern ocean is windier
  return {
    meanWindKt: zonal(MEAN_WIND_KT, a) * south,
    winterWindGain: zonal(WINTER_WIND_GAIN, a),
    variability: zonal(VARIABILITY, a),
    prevailingFromDeg: mirror(zonalAngle(PREVAILING_FROM_NH, a), latitude),
    directionSpreadDeg: zonal(DIRECTION_SPREAD_DEG, a),
    wetness: zonal(WETNESS, a),
    convective: zonal(CONVECTIVE, a),
    seaTempC: zonal(SEA_TEMP_C, a),
    seaTempSeasonC: zonal(SEA_TEMP_SEASON_C, a),
    seaLagDays: 45,
    swellM: zonal(SWELL_M, a) * (south > 1 ? 1.2 : 1),
    swellFromDeg: mirror(zonalAngle(SWELL_FROM_NH, a), latitude),
    seasonality: Math.min(1, Math.max(0, (a - 10) / 30))
  }
}

const HOURS_PER_YEAR = 365.2425 * 24
/** Hours since the epoch of 20 January, the usual coldest air of the northern year. */
const MIDWINTER_NH_HOURS = 19 * 24

/**
 * How wintry an instant is at a latitude, 0 (midsummer) to 1 (midwinter), hemisphere-aware.
 * `lagDays` shifts it later, for the sea, which cools and warms a month or two behind the air.
 */
export const winterness = (utcHours: number, latitude: number, lagDays = 0): number => {
  const phase = (2 * Math.PI * (utcHours - MIDWINTER_NH_HOURS - lagDays * 24)) / HOURS_PER_YEAR
  const northern = 0.5 + 0.5 * Math.cos(phase)
  return latitude >= 0 ? northern : 1 - northern
}

/** What stays the same at one place whatever the date or seed. */
export interface Place {
  readonly key: number
  readonly latitude: number
  /** Whole hours, from the longitude (15° per hour): the solar day of the sea breeze, not the clock's zone. */
  readonly utcOffsetHours: number
  /** Open water upwind, km: a sheltered bay has a few, an open coast hundreds. */
  readonly fetchKm: number
  /**
   * On a large lake (the real geography): like a real marine model, no waves there; the provider's
   * wave estimate (EstimatedWaves) fills them from the fetch.
   */
  readonly lake: boolean
  /** Fraction of the ocean swell that reaches the place. */
  readonly swellExposure: number
  /** Strength of the local sea breeze, 0.3 to 1 (0.1 inland). */
  readonly coastal: number
  /** Direction the sea breeze blows from (from the sea onto the land). */
  readonly onshoreFromDeg: number
  readonly windiness: number
  /** Cold currents and upwelling: degrees below (or above) the zonal sea temperature. */
  readonly seaTempAnomalyC: number
  /** Far inland (the real geography, or without it SimulatedGeography): no sea state and no water temperature. */
  readonly inland: boolean
  /** 0 to 1: how much of a desert the place is (no rain, no fog, hot days, cold nights). */
  readonly aridity: number
  /** The water of its enclosed sea, bay or lake, when it has its own. */
  readonly water?: Water
}

/**
 * The place's fixed traits: random ones from the hash of the point (exposure, breeze, windiness), then
 * the geography mask: a bay or enclosed sea caps the fetch and the swell and has its own water; an
 * ocean current shifts the sea temperature; inland there is no sea, little sea breeze and a little
 * less wind (friction over land). With the real geography (`site`), it alone says what is land and
 * what is a lake, and the mask's interiors no longer count.
 */
export const placeAt = (latitude: number, longitude: number, site?: Site): Place => {
  const key = hashString(`${latitude.toFixed(4)},${longitude.toFixed(4)}`)
  const exposure = uniform(key, 0, 0)
  const masked = regionAt(latitude, longitude)
  const region = site !== undefined && masked?._tag === "Inland" ? undefined : masked
  const current = currentAt(latitude, longitude)
  const openFetchKm = 5 * Math.pow(80, exposure)
  const openSwell = 0.06 + 0.94 * Math.pow(Math.min(1, exposure * 0.8 + 0.3 * uniform(key, 0, 1)), 1.5)
  const inland = site === undefined ? region?._tag === "Inland" : !isMarine(site.surface)
  const anomaly = uniform(key, 0, 5)
  return {
    key,
    latitude,
    utcOffsetHours: Math.round(longitude / 15) + 0,
    fetchKm: region?._tag === "Enclosed"
      ? region.maxFetchKm * (0.3 + 0.7 * exposure)
      : region?._tag === "Basin"
      ? Math.min(openFetchKm, region.maxFetchKm)
      : openFetchKm,
    swellExposure: region?._tag === "Enclosed"
      ? region.swellExposure
      : region?._tag === "Basin"
      ? openSwell * region.swellFactor
      : openSwell,
    coastal: inland ? 0.1 : 0.3 + 0.7 * uniform(key, 0, 2),
    onshoreFromDeg: 360 * uniform(key, 0, 3),
    windiness: (inland ? 0.8 : 1) * (0.85 + 0.3 * uniform(key, 0, 4)),
    seaTempAnomalyC: region !== undefined && region._tag !== "Inland"
      ? anomaly - 0.5
      : current !== undefined
      ? current + 2 * (anomaly - 0.5)
      : 1 - 5 * Math.pow(anomaly, 2),
    inland,
    aridity: aridityAt(latitude, longitude),
    lake: site?.surface.kind === "lake",
    ...(region !== undefined && region._tag !== "Inland" ? { water: region.water } : {})
  }
}

/** One simulated spot: its place, its latitude's zone (with its own sea's water), and the key of its weather for one seed. */
export interface Spot {
  readonly place: Place
  readonly zone: Zone
  readonly key: number
}

export const spotAt = (latitude: number, longitude: number, seed: string, site?: Site): Spot => {
  const place = placeAt(latitude, longitude, site)
  const zonal = zoneAt(latitude)
  const zone = place.water === undefined
    ? zonal
    : { ...zonal, seaTempC: place.water.meanC, seaTempSeasonC: place.water.seasonC, seaLagDays: place.water.lagDays }
  return { place, zone, key: hashString(`${place.key}|${seed}`) }
}
