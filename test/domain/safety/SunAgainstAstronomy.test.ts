import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { daylightOn, sunEventsOn, sunHours, sunSpan } from "../../../src/domain/safety/Daylight.js"
import { localDaySpan } from "../../../src/domain/time/ZoneTime.js"
import { culminations, intlOffsetSeconds, nearestSunEvent, placeAndDate, SUN_EVENT_ALTITUDE } from "../../support/Globe.js"

const MINUTE_MS = 60_000
/** Where the sun only grazes the horizon at its highest or lowest, an event's time is ill-conditioned. */
const GRAZING_DEG = 1

const dateAt = (zone: string, at: number) => new Date(at + intlOffsetSeconds(zone, at) * 1000).toISOString().slice(0, 10)

describe("the sun of a local date, against astronomy-engine, over the whole globe", () => {
  it("sunrise and sunset fall on the day's own local date, within 3 minutes of astronomy-engine's", () =>
    fc.assert(
      fc.property(placeAndDate, ({ at, date, zone }) => {
        const events = sunEventsOn(date, at, zone)
        if (events._tag !== "SunRisesAndSets") return
        const day = localDaySpan(zone, date)
        const { highest, lowest } = culminations(at, (day.start + day.end) / 2)
        // The day's own sun: its noon is on the date, so its sunrise is never the next day's (the date line).
        assert.isBelow(events.sunriseMillis, day.end, `${date} ${zone}: sunrise after the date`)
        assert.isAbove(events.sunsetMillis, day.start, `${date} ${zone}: sunset before the date`)
        if (Math.abs(highest - SUN_EVENT_ALTITUDE) < GRAZING_DEG || Math.abs(lowest - SUN_EVENT_ALTITUDE) < GRAZING_DEG) return
        for (const [kind, ours, direction] of [["sunrise", events.sunriseMillis, 1], ["sunset", events.sunsetMillis, -1]] as const) {
          const theirs = nearestSunEvent(at, direction, ours)
          assert.isDefined(theirs, `${date} ${zone} ${JSON.stringify(at)}: astronomy-engine has no ${kind}`)
          assert.isAtMost(Math.abs(theirs! - ours), 3 * MINUTE_MS, `${date} ${zone} ${JSON.stringify(at)} ${kind}: ${new Date(ours).toISOString()} vs ${new Date(theirs!).toISOString()}`)
          // A time the timeline writes for this date is on it in the zone's own clock.
          if (ours >= day.start && ours < day.end) assert.strictEqual(dateAt(zone, ours), date)
        }
      }),
      { numRuns: 60 }
    ))

  it("polar night and midnight sun only where astronomy-engine says the sun stays down or up", () =>
    fc.assert(
      fc.property(placeAndDate, ({ at, date, zone }) => {
        const day = localDaySpan(zone, date)
        const { highest, lowest } = culminations(at, (day.start + day.end) / 2)
        const ours = daylightOn(date, at, zone)
        const where = `${date} ${zone} ${JSON.stringify(at)}: highest ${highest.toFixed(2)}°, lowest ${lowest.toFixed(2)}°`
        if (ours._tag === "PolarNight") assert.isBelow(highest, SUN_EVENT_ALTITUDE + 0.2, where)
        if (ours._tag === "PolarDay") assert.isAbove(lowest, SUN_EVENT_ALTITUDE - 0.2, where)
        if (ours._tag === "SunRisesAndSets") {
          assert.isAbove(highest, SUN_EVENT_ALTITUDE - 0.2, where)
          assert.isBelow(lowest, SUN_EVENT_ALTITUDE + 0.2, where)
        }
        // Less than an hour of sun is judged as a polar night: only where the sun barely clears the horizon.
        if (sunHours(sunSpan(ours)) < 1 && ours._tag !== "PolarNight") assert.isBelow(highest, 3, where)
      }),
      { numRuns: 60 }
    ))
})
