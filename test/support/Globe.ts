import * as Astronomy from "astronomy-engine"
import fc from "fast-check"
import { waterMap } from "../../src/adapters/geography/NaturalEarthGeography.js"
import { zoneAt } from "../../src/adapters/geography/TimeZones.js"
import { isWater } from "../../src/domain/geography/Water.js"
import type { Coordinates } from "../../src/domain/spotcast/Coordinates.js"

/**
 * Generators and oracles for properties over the whole globe: points at sea (by the project's land
 * mask), every kind of zone, dates through the forecast horizon and every clock change of a year; and
 * the independent oracles: astronomy-engine for the sun, the runtime's tz database (Intl) for offsets.
 */

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** Sunrise and sunset: the sun's centre 0.833° below the horizon (refraction and the disc). */
export const SUN_EVENT_ALTITUDE = -0.833

/** Places where the zone's clock and the sun part (the date line, :30 and :45 offsets, the polar circles). */
export const notablePlaces: ReadonlyArray<Coordinates> = [
  { latitude: -13.9, longitude: -171.9 }, // Samoa, +13
  { latitude: -21.3, longitude: -175.3 }, // Tonga, +13
  { latitude: -17.6, longitude: -178.8 }, // Fiji's Lau group, east of 180°, +12
  { latitude: -44.1, longitude: -176.3 }, // Chatham, +12:45 / +13:45
  { latitude: 1.9, longitude: -157.5 }, // Kiritimati, +14
  { latitude: 52.8, longitude: 173.3 }, // Attu, -10 / -9
  { latitude: -31.6, longitude: 159.0 }, // Lord Howe, +10:30 / +11
  { latitude: 47.6, longitude: -52.6 }, // St. John's, -3:30 / -2:30
  { latitude: -35.1, longitude: 138.3 }, // Gulf St Vincent, +9:30 / +10:30
  { latitude: -12.3, longitude: 130.6 }, // Darwin, +9:30
  { latitude: 18.9, longitude: 72.7 }, // Mumbai, +5:30
  { latitude: -9.0, longitude: -139.6 }, // Marquesas, -9:30
  { latitude: 69.8, longitude: 18.8 }, // Tromsø, polar night and midnight sun
  { latitude: 78.3, longitude: 14.5 }, // Svalbard
  { latitude: 64.2, longitude: -22.2 }, // Reykjavik, a sunset after midnight
  { latitude: -77.7, longitude: 166.2 }, // McMurdo Sound, +13 in summer
  { latitude: 43.2, longitude: 5.3 }, // Marseille
  { latitude: 25.7, longitude: -80.1 }, // Miami
  { latitude: -33.85, longitude: 151.3 }, // Sydney
  { latitude: 49.7, longitude: -1.6 }, // Cherbourg
  { latitude: 50.6, longitude: -1.3 } // the Solent
]

/** Whether a point is at sea (or on a large lake) by the project's land mask. */
export const atSea = (p: Coordinates): boolean => isWater(waterMap(), p.latitude, p.longitude)

/** A point at sea anywhere (polar seas included), or near one of the notable places. */
export const seaPoint: fc.Arbitrary<Coordinates> = fc.oneof(
  fc.record({
    latitude: fc.double({ min: -84, max: 84, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true })
  }),
  fc.tuple(fc.constantFrom(...notablePlaces), fc.double({ min: -0.1, max: 0.1, noNaN: true }), fc.double({ min: -0.1, max: 0.1, noNaN: true }))
    .map(([p, dLat, dLon]) => ({ latitude: p.latitude + dLat, longitude: Math.max(-180, Math.min(180, p.longitude + dLon)) }))
).filter(atSea)

/** The point's IANA zone, as the geography gives it. */
export const zoneOf = (p: Coordinates): string => zoneAt(p.latitude, p.longitude)

const isoDate = (millis: number) => new Date(millis).toISOString().slice(0, 10)

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** The zone's offset at an instant, in seconds, by the runtime's Intl (the oracle: its `longOffset` name). */
export const intlOffsetSeconds = (zone: string, at: number): number => {
  let format = offsetFormats.get(zone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    offsetFormats.set(zone, format)
  }
  const name = format.formatToParts(at).find((p) => p.type === "timeZoneName")!.value
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name)
  return m === null ? 0 : (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60)
}

const changes = new Map<string, ReadonlyArray<string>>()

/** The dates of 2027 on which `zone` changes its offset (its clock changes), by Intl. */
export const clockChangeDates = (zone: string): ReadonlyArray<string> => {
  const known = changes.get(zone)
  if (known !== undefined) return known
  const dates: Array<string> = []
  const start = Date.UTC(2027, 0, 1)
  for (let d = 0; d < 365; d++) {
    const at = start + d * DAY_MS
    if (intlOffsetSeconds(zone, at) !== intlOffsetSeconds(zone, at + DAY_MS)) dates.push(isoDate(at), isoDate(at + DAY_MS))
  }
  changes.set(zone, dates)
  return dates
}

/**
 * Calm weather over the local days from `date` (and an hour or two around them), as a provider answers
 * it: every hour written at the one offset the zone had at the first of them (what Open-Meteo does).
 */
export const providerSeries = (zone: string, start: number, end: number, hour: (at: number) => object) => {
  const offset = intlOffsetSeconds(zone, start)
  const hours = []
  for (let at = start - 2 * 3_600_000; at < end + 2 * 3_600_000; at += 3_600_000) {
    hours.push({ ...hour(at), time: new Date(at + offset * 1000).toISOString().slice(0, 16) })
  }
  return { source: "test", utcOffsetSeconds: offset, timezone: zone, hours }
}

/**
 * A sea point, its zone and a date: a date through the year ahead (the horizon of every forecast made
 * in it), or one of the days of the zone's clock changes of the year.
 */
export const placeAndDate: fc.Arbitrary<{ readonly at: Coordinates; readonly zone: string; readonly date: string }> = seaPoint.chain((at) => {
  const zone = zoneOf(at)
  const changes = clockChangeDates(zone)
  const anyDay = fc.integer({ min: 0, max: 400 }).map((d) => isoDate(Date.UTC(2026, 11, 1) + d * DAY_MS))
  const date = changes.length === 0 ? anyDay : fc.oneof(anyDay, fc.constantFrom(...changes))
  return date.map((d) => ({ at, zone, date: d }))
})

const observer = (p: Coordinates) => new Astronomy.Observer(p.latitude, p.longitude, 0)

/** The sun's altitude (degrees, refraction included) at an instant, by astronomy-engine. */
export const sunAltitude = (p: Coordinates, at: number): number => {
  const time = Astronomy.MakeTime(new Date(at))
  const eq = Astronomy.Equator(Astronomy.Body.Sun, time, observer(p), true, true)
  return Astronomy.Horizon(time, observer(p), eq.ra, eq.dec, "normal").altitude
}

/** The sun's highest and lowest altitude (upper and lower culmination) within a day of `around`. */
export const culminations = (p: Coordinates, around: number): { readonly highest: number; readonly lowest: number } => {
  const start = Astronomy.MakeTime(new Date(around - DAY_MS / 2))
  const upper = Astronomy.SearchHourAngle(Astronomy.Body.Sun, observer(p), 0, start)
  const lower = Astronomy.SearchHourAngle(Astronomy.Body.Sun, observer(p), 12, start)
  return { highest: upper.hor.altitude, lowest: lower.hor.altitude }
}

/** The sunrise (+1) or sunset (-1) nearest `near` within half a day, by astronomy-engine (epoch ms), if any. */
export const nearestSunEvent = (p: Coordinates, direction: 1 | -1, near: number): number | undefined => {
  const found = Astronomy.SearchRiseSet(Astronomy.Body.Sun, observer(p), direction, new Date(near - DAY_MS / 2), 1)
  if (found === null) return undefined
  let best = found.date.getTime()
  const next = Astronomy.SearchRiseSet(Astronomy.Body.Sun, observer(p), direction, new Date(best + MINUTE_MS), 1)
  if (next !== null && Math.abs(next.date.getTime() - near) < Math.abs(best - near)) best = next.date.getTime()
  return best
}
