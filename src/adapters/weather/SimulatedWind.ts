import { type Spot, winterness } from "./SimulatedClimate.js"
import { smooth } from "./SimulatedNoise.js"

/** Noise channels of the wind; each is an independent series per spot and seed. */
const SYSTEM_SLOW = 1
const SYSTEM = 2
const SYSTEM_FAST = 3
const GUSTINESS = 4
const VEER_SLOW = 5
const VEER_FAST = 6

const RAD = Math.PI / 180
/** Above this the gradient wind saturates towards 60 kt: the lognormal tail would otherwise make hurricanes. */
const STORM_KT = 35

/** Local solar-ish hour at the spot, 0 to 24, from hours since the epoch (UTC). */
export const localHour = (spot: Spot, utcHours: number): number =>
  (((utcHours + spot.place.utcOffsetHours) % 24) + 24) % 24

/**
 * The passing weather systems as one roughly standard-normal index: above 0 a low with wind and rain,
 * below 0 a ridge of high pressure. Three time scales: a regime of about a week, systems of about three
 * days, and fronts of about a day.
 */
export const systemIndex = (spot: Spot, utcHours: number): number =>
  0.5 * smooth(spot.key, SYSTEM_SLOW, utcHours, 180) +
  0.7 * smooth(spot.key, SYSTEM, utcHours, 66) +
  0.5 * smooth(spot.key, SYSTEM_FAST, utcHours, 28)

export interface Wind {
  readonly speedKt: number
  readonly fromDeg: number
}

/** The wind as a vector pointing to where it blows from, in kt. */
const vector = (speedKt: number, fromDeg: number) => ({
  x: speedKt * Math.sin(fromDeg * RAD),
  y: speedKt * Math.cos(fromDeg * RAD)
})

/**
 * Sustained 10 m wind: the systems' gradient wind (lognormal about the zone's mean, stronger in winter,
 * saturating in storms, slowly veering and backing), mixed down harder in the afternoon, plus the sea
 * breeze: onshore from late morning, strongest mid-afternoon, turning with the sun (right in the north,
 * left in the south), smothered by a strong gradient wind, and a weak land breeze before dawn.
 */
export const windAt = (spot: Spot, utcHours: number): Wind => {
  const { place, zone } = spot
  const w = winterness(utcHours, place.latitude)
  const sigma = zone.variability
  const raw = zone.meanWindKt * place.windiness * (1 + zone.winterWindGain * (2 * w - 1)) *
    Math.exp(sigma * systemIndex(spot, utcHours) - sigma * sigma / 2) *
    (1 + 0.07 * smooth(spot.key, GUSTINESS, utcHours, 5))
  const gradient = raw <= STORM_KT ? raw : STORM_KT + 25 * Math.tanh((raw - STORM_KT) / 25)
  const hour = localHour(spot, utcHours)
  const afternoon = Math.cos((2 * Math.PI * (hour - 14.5)) / 24)
  const mixed = gradient * (1 + 0.15 * place.coastal * afternoon)
  const fromDeg = zone.prevailingFromDeg + zone.directionSpreadDeg *
    (0.85 * smooth(spot.key, VEER_SLOW, utcHours, 54) + 0.3 * smooth(spot.key, VEER_FAST, utcHours, 14))
  const heating = Math.max(0, 1 - Math.abs(place.latitude) / 65) * (0.45 + 0.55 * (1 - w))
  const breeze = 10 * place.coastal * heating / (1 + (gradient / 14) ** 2) *
    (afternoon > 0 ? afternoon ** 1.5 : 0.2 * afternoon)
  const turn = afternoon > 0 ? (place.latitude >= 0 ? 1 : -1) * 25 * (hour - 14.5) / 6 : 0
  const a = vector(mixed, fromDeg)
  const b = vector(breeze, place.onshoreFromDeg + turn)
  const x = a.x + b.x, y = a.y + b.y
  return { speedKt: Math.hypot(x, y), fromDeg: ((Math.atan2(x, y) / RAD) % 360 + 360) % 360 }
}
