import { createRequire } from "node:module"

/**
 * The IANA time zone of a position (the @photostructure/tz-lookup package, CC0: zone boundaries of
 * timezone-boundary-builder from OpenStreetMap, compiled to a small tree), and a zone's offset from
 * UTC at an instant (the runtime's own tz database, through Intl): DST-correct local times.
 */
const tzLookup = createRequire(import.meta.url)("@photostructure/tz-lookup") as (latitude: number, longitude: number) => string

export const zoneAt = (latitude: number, longitude: number): string => tzLookup(latitude, longitude)

const formats = new Map<string, Intl.DateTimeFormat>()

/** Seconds east of UTC in `zone` at `utcMillis`. */
export const offsetSecondsAt = (zone: string, utcMillis: number): number => {
  let format = formats.get(zone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit"
    })
    formats.set(zone, format)
  }
  const part = (parts: Array<Intl.DateTimeFormatPart>, type: string) => Number(parts.find((p) => p.type === type)!.value)
  const parts = format.formatToParts(new Date(utcMillis))
  const wall = Date.UTC(part(parts, "year"), part(parts, "month") - 1, part(parts, "day"), part(parts, "hour"), part(parts, "minute"), part(parts, "second"))
  return Math.round((wall - Math.floor(utcMillis / 1000) * 1000) / 1000)
}
