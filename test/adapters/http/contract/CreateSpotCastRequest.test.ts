import { assert, describe, it } from "@effect/vitest"
import { DateTime, Either, Schema } from "effect"
import {
  CreateSpotCastRequest,
  createSpotCastCommand
} from "../../../../src/adapters/http/contract/CreateSpotCastRequest.js"
import { decodeRequest } from "../../../../src/adapters/http/contract/FieldErrors.js"
import { RefreshSpotCastRequest } from "../../../../src/adapters/http/contract/RefreshSpotCastRequest.js"

const decode = decodeRequest(CreateSpotCastRequest)
const base = { latitude: 41.13, longitude: -71.71, start_date: "2026-11-23", num_days: 3 }

const errorOf = (body: unknown) => {
  const result = decode(body)
  assert.isTrue(Either.isLeft(result), `expected ${JSON.stringify(body)} to be refused`)
  return Either.isLeft(result) ? { code: result.left.code, param: result.left.param } : undefined
}

describe("CreateSpotCastRequest validation (docs/decisions.md codes and params)", () => {
  it("accepts a minimal and a complete body", () => {
    assert.isTrue(Either.isRight(decode(base)))
    const full = {
      ...base,
      start_date: "2026-11-23T06:00:00+01:00",
      webhook_url: "https://hooks.example.com/spotcast?x=1",
      metadata: { trip: "sunday", crew: [1, 2], nested: { a: null } },
      preferences: { language: "ja", distance_units: "km", speed_units: "ms" },
      vessel_info: { type: "catamaran", length_ft: 38.5 },
      trip_duration_hours: 6
    }
    assert.deepStrictEqual<unknown>(
      decode(full),
      Either.right({ ...full, start_date: DateTime.unsafeMake("2026-11-23T05:00:00Z") })
    )
  })

  it("parses start_date once, into the instant it names; a client sends an instant as ISO UTC", () => {
    const decoded = Schema.decodeUnknownSync(CreateSpotCastRequest)({ ...base, start_date: "2026-11-23T06:00:00+01:00" })
    assert.strictEqual(DateTime.formatIso(decoded.start_date), "2026-11-23T05:00:00.000Z")
    assert.strictEqual(Schema.encodeSync(CreateSpotCastRequest)(decoded).start_date, "2026-11-23T05:00:00.000Z")
    const midnight = Schema.decodeUnknownSync(CreateSpotCastRequest)(base).start_date
    assert.strictEqual(DateTime.formatIso(midnight), "2026-11-23T00:00:00.000Z")
  })

  it("becomes the domain's command: camelCase, the preferences' defaults filled in", () => {
    const minimal = createSpotCastCommand(Schema.decodeUnknownSync(CreateSpotCastRequest)(base))
    assert.deepStrictEqual(minimal, {
      coordinates: { latitude: 41.13, longitude: -71.71 },
      start: DateTime.unsafeMake("2026-11-23T00:00:00Z"),
      numDays: 3,
      preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "m", temperatureUnits: "c" },
      vessel: undefined,
      tripDurationHours: undefined,
      metadata: undefined,
      webhookUrl: undefined
    })
    const full = createSpotCastCommand(Schema.decodeUnknownSync(CreateSpotCastRequest)({
      ...base,
      webhook_url: "https://hooks.example.com/h",
      metadata: { trip: 1 },
      preferences: { speed_units: "ms", temperature_units: "f" },
      vessel_info: { type: "yacht", length_ft: 42 },
      trip_duration_hours: 6
    }))
    assert.deepStrictEqual(full.preferences, { language: "en", distanceUnits: "nm", speedUnits: "ms", heightUnits: "m", temperatureUnits: "f" })
    assert.deepStrictEqual(full.vessel, { type: "yacht", lengthFt: 42 })
    assert.deepStrictEqual([full.tripDurationHours, full.metadata, full.webhookUrl], [6, `{"trip":1}`, "https://hooks.example.com/h"])
    // The text as sent, when the body's text is at hand.
    const sent = createSpotCastCommand(Schema.decodeUnknownSync(CreateSpotCastRequest)({ ...base, metadata: { trip: 1 } }), `{ "trip": 1.0 }`)
    assert.strictEqual(sent.metadata, `{ "trip": 1.0 }`)
  })

  const cases: Array<[string, unknown, string, string | undefined]> = [
    ["latitude out of range", { ...base, latitude: 90.5 }, "invalid_coordinates", "coordinates.latitude"],
    ["latitude not a number", { ...base, latitude: "41" }, "invalid_coordinates", "coordinates.latitude"],
    ["latitude missing", { longitude: 1, start_date: "2026-11-23", num_days: 1 }, "invalid_coordinates", "coordinates.latitude"],
    ["longitude out of range", { ...base, longitude: -180.01 }, "invalid_coordinates", "coordinates.longitude"],
    ["start_date unparsable", { ...base, start_date: "tomorrow" }, "invalid_date_format", "start_date"],
    ["start_date without zone", { ...base, start_date: "2026-11-23T06:00:00" }, "invalid_date_format", "start_date"],
    ["num_days 0", { ...base, num_days: 0 }, "invalid_num_days", "num_days"],
    ["num_days 6", { ...base, num_days: 6 }, "invalid_num_days", "num_days"],
    ["num_days fractional", { ...base, num_days: 2.5 }, "invalid_num_days", "num_days"],
    ["webhook over http", { ...base, webhook_url: "http://hooks.example.com" }, "invalid_webhook_url", "webhook_url"],
    ["webhook with credentials", { ...base, webhook_url: "https://u:p@hooks.example.com" }, "invalid_webhook_url", "webhook_url"],
    ["webhook too long", { ...base, webhook_url: `https://h.example.com/${"a".repeat(2048)}` }, "invalid_webhook_url", "webhook_url"],
    ["metadata array", { ...base, metadata: [1] }, "invalid_metadata", "metadata"],
    ["metadata over 16 KiB", { ...base, metadata: { a: "x".repeat(16_400) } }, "invalid_metadata", "metadata"],
    ["preferences not an object", { ...base, preferences: "en" }, "invalid_preferences", "preferences"],
    ["unknown preference", { ...base, preferences: { units: "nm" } }, "invalid_preferences", "preferences.units"],
    ["language", { ...base, preferences: { language: "de" } }, "invalid_language", "preferences.language"],
    ["distance units", { ...base, preferences: { distance_units: "m" } }, "invalid_distance_units", "preferences.distance_units"],
    ["speed units", { ...base, preferences: { speed_units: "knots" } }, "invalid_speed_units", "preferences.speed_units"],
    ["height units", { ...base, preferences: { height_units: "M" } }, "invalid_height_units", "preferences.height_units"],
    ["temperature units", { ...base, preferences: { temperature_units: "celsius" } }, "invalid_temperature_units", "preferences.temperature_units"],
    ["vessel type", { ...base, vessel_info: { type: "sailing", length_ft: 30 } }, "invalid_vessel_info", "vessel_info.type"],
    ["vessel length", { ...base, vessel_info: { type: "pwc", length_ft: 501 } }, "invalid_vessel_info", "vessel_info.length_ft"],
    ["vessel length missing", { ...base, vessel_info: { type: "pwc" } }, "invalid_vessel_info", "vessel_info.length_ft"],
    ["trip duration", { ...base, trip_duration_hours: 121 }, "invalid_trip_duration", "trip_duration_hours"],
    ["unknown field", { ...base, numdays: 3 }, "invalid_request", "numdays"],
    ["array body", [base], "invalid_request", undefined],
    ["null body", null, "invalid_request", undefined]
  ]
  for (const [name, body, code, param] of cases) {
    it(`refuses ${name} with ${code}`, () => {
      assert.deepStrictEqual(errorOf(body), { code, param })
    })
  }

  it("says what is wrong in the message", () => {
    const result = decode({ ...base, latitude: 95 })
    assert.isTrue(Either.isLeft(result) && result.left.message === "latitude must be between -90 and 90")
  })

  it("refresh takes an optional https webhook_url and nothing else", () => {
    const refresh = decodeRequest(RefreshSpotCastRequest)
    assert.isTrue(Either.isRight(refresh({})))
    assert.isTrue(Either.isRight(refresh({ webhook_url: "https://a.example.com/h" })))
    const bad = refresh({ webhook_url: "ftp://a.example.com" })
    assert.isTrue(Either.isLeft(bad) && bad.left.code === "invalid_webhook_url")
    const extra = refresh({ num_days: 2 })
    assert.isTrue(Either.isLeft(extra) && extra.left.code === "invalid_request" && extra.left.param === "num_days")
  })
})
