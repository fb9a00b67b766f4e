import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { localTime, localTimeOn, offsetText } from "../../../src/domain/forecast/LocalTimes.js"

const instant = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:00Z"), noInvalidDate: true })
  .map((d) => Math.floor(d.getTime() / 60_000) * 60_000)
const zones = ["Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "Asia/Kolkata", "Pacific/Kiritimati", "Etc/GMT+11", "+05:45"]

/** The oracle: the zone's wall clock at the instant as the runtime's Intl writes it (its longOffset too). */
const intlLocal = (zone: string, at: number): string => {
  if (zone.startsWith("+")) return `${new Date(at + (5 * 60 + 45) * 60_000).toISOString().slice(0, 16)}:00+05:45`
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", timeZoneName: "longOffset"
    }).formatToParts(at).map((p) => [p.type, p.value])
  )
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName!.slice(3)
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00${offset}`
}

describe("LocalTimes", () => {
  it("writes an instant in its zone with the offset in force then", () => {
    assert.strictEqual(localTime("Europe/Paris", Date.parse("2027-03-29T11:00:00Z")), "2027-03-29T13:00:00+02:00")
    assert.strictEqual(localTime("Europe/Paris", Date.parse("2027-03-27T12:00:00Z")), "2027-03-27T13:00:00+01:00")
    assert.strictEqual(localTime("America/St_Johns", Date.parse("2026-01-06T03:00:00Z")), "2026-01-05T23:30:00-03:30")
    assert.strictEqual(offsetText(0), "+00:00")
    // The hour the clocks skip reads past the change; the hour they repeat is its first.
    assert.strictEqual(localTimeOn("Europe/Paris", "2027-03-28", 2.5), "2027-03-28T03:30:00+02:00")
    assert.strictEqual(localTimeOn("Europe/Paris", "2027-10-31", 2.5), "2027-10-31T02:30:00+02:00")
    assert.strictEqual(localTimeOn("Europe/Paris", "2027-10-31", 24), "2027-11-01T00:00:00+01:00")
  })

  it("agrees with the tz database through Intl for any instant and zone, however many times asked (the caches are invisible)", () =>
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.constantFrom(...zones)), { minLength: 100, maxLength: 400 }), (pairs) => {
        for (const [at, zone] of [...pairs, ...pairs]) assert.strictEqual(localTime(zone, at), intlLocal(zone, at))
      }),
      { numRuns: 4 }
    ))
})
