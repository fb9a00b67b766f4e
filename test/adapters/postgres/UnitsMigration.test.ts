import * as SqlClient from "@effect/sql/SqlClient"
import { assert } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { schemaUnits } from "../../../src/adapters/postgres/SchemaUnits.js"
import { SpotCastFromRow, SpotCastRow } from "../../../src/adapters/postgres/SpotCastRows.js"
import { onEveryPostgres } from "./Targets.js"

const ACCOUNT = `acct_units${"0".repeat(17)}`
const id = (units: string) => `spc_${units}${"0".repeat(20)}`

await onEveryPostgres("migration 0013_units", (it) => {
  it.effect("SpotCasts stored before it keep the units they showed: ft unless km, °F iff mi", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // The table as it was before 0013, with rows an older build wrote.
      yield* sql.unsafe(`ALTER TABLE spotcasts DROP COLUMN height_units, DROP COLUMN temperature_units`)
      yield* sql.unsafe(`INSERT INTO accounts (account_id, name, status, mode, created_at, webhook_secret)
        VALUES ('${ACCOUNT}', 'units', 'active', 'live', now(), 'whsec_x')`)
      yield* sql.unsafe(`
        INSERT INTO spotcasts (account_id, spotcast_id, created_at, latitude, longitude, start_at, num_days, language,
          distance_units, speed_units, forecast_count, latest_forecast_id)
        VALUES ('${ACCOUNT}', '${id("nm")}', now(), 0, 0, now(), 1, 'en', 'nm', 'kts', 1, 'fcst_nm'),
               ('${ACCOUNT}', '${id("mi")}', now(), 0, 0, now(), 1, 'en', 'mi', 'mph', 1, 'fcst_mi'),
               ('${ACCOUNT}', '${id("km")}', now(), 0, 0, now(), 1, 'fr', 'km', 'ms', 1, 'fcst_km')`)

      yield* Effect.forEach(schemaUnits, (s) => sql.unsafe(s), { discard: true })

      const rows = yield* sql.unsafe<Record<string, unknown>>(
        `SELECT * FROM spotcasts WHERE account_id = '${ACCOUNT}' ORDER BY spotcast_id`
      )
      const decode = Schema.decodeUnknownSync(SpotCastFromRow)
      const units = rows.map((r) => {
        const { forecast_count: _c, latest_forecast_id: _l, ...row } = r
        const s = decode(Object.fromEntries(Object.keys(SpotCastRow.fields).map((k) => [k, row[k]])))
        return [s.id, s.preferences.heightUnits, s.preferences.temperatureUnits]
      })
      assert.deepStrictEqual(units, [[id("km"), "m", "c"], [id("mi"), "ft", "f"], [id("nm"), "ft", "c"]])

      // From now on every writer names them.
      const message = yield* Effect.flip(sql.unsafe(`
        INSERT INTO spotcasts (account_id, spotcast_id, created_at, latitude, longitude, start_at, num_days, language,
          distance_units, speed_units, forecast_count, latest_forecast_id)
        VALUES ('${ACCOUNT}', 'spc_new', now(), 0, 0, now(), 1, 'en', 'nm', 'kts', 1, 'fcst_new')`))
      assert.match(String((message.cause as { message?: string } | undefined)?.message ?? message.message), /null/i)
    }))
})
