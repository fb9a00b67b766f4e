import { createRequire } from "node:module"

/**
 * The IANA time zone of a position (the @photostructure/tz-lookup package, CC0: zone boundaries of
 * timezone-boundary-builder from OpenStreetMap, compiled to a small tree). A zone's offset at an instant
 * is the domain's (`ZoneTime`, the runtime's tz database through Intl).
 */
const tzLookup = createRequire(import.meta.url)("@photostructure/tz-lookup") as (latitude: number, longitude: number) => string

export const zoneAt = (latitude: number, longitude: number): string => tzLookup(latitude, longitude)
