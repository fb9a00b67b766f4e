import * as SqlClient from "@effect/sql/SqlClient"
import { assert } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import * as F from "../../ports/Fixtures.js"
import { onEveryPostgres } from "./Targets.js"
import { chargeNewSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"
import { completeForecast, failForecast } from "../../../src/application/finish/Finish.js"

const analysis = { summary: "ok", daily_classifications: [] }
// Escapes, non-ASCII, odd spacing and key order: the row must hold these exact characters.
const body = `{"event":"spotcast.forecast.completed", "z":1,"a":"ünï 😀 \\u0000 \\n","nested":{"b":[1,2.50,-0]}}\n`

const deliveriesOf = (forecastId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql<Record<string, unknown>>`SELECT * FROM webhook_deliveries WHERE forecast_id = ${forecastId}`)

await onEveryPostgres("the webhook outbox", (it) => {
  it.effect("completing a forecast writes its delivery row with the exact body, in the same step", () =>
    Effect.gen(function*() {
      const store = yield* SpotCastStore
      const account = yield* F.seed(10)
      const command = yield* F.createCommand(account)
      yield* chargeNewSpotCast(command)
      const at = yield* DateTime.now
      const delivery = F.delivery(command.forecast, at, body)
      assert.isTrue(yield* completeForecast({ forecastId: command.forecast.id, analysis, at, delivery }))
      const rows = yield* deliveriesOf(command.forecast.id)
      assert.strictEqual(rows.length, 1)
      const row = rows[0]!
      assert.strictEqual(row.body, body)
      assert.deepInclude(row, {
        account_id: account.id,
        id: delivery.id,
        spotcast_id: command.spotcast.id,
        event: "spotcast.forecast.completed",
        url: delivery.url,
        status: "pending",
        attempts: 0,
        lease_owner: null,
        lease_until: null,
        delivered_at: null
      })
      assert.strictEqual((row.next_attempt_at as Date).getTime(), DateTime.toEpochMillis(at))
      assert.isFalse(
        yield* completeForecast({ forecastId: command.forecast.id, analysis, at, delivery: F.delivery(command.forecast, at) })
      )
      assert.strictEqual((yield* deliveriesOf(command.forecast.id)).length, 1, "a late completion writes no second delivery")
    }))

  it.effect("failing a forecast writes its delivery with the refund; a failed write undoes both", () =>
    Effect.gen(function*() {
      const store = yield* SpotCastStore
      const account = yield* F.seed(10)
      const command = yield* F.createCommand(account)
      yield* chargeNewSpotCast(command)
      const at = yield* DateTime.now
      const error = { code: "processing_failed", message: "x" } as const
      const delivery = F.delivery(command.forecast, at)
      assert.isTrue(yield* failForecast({ forecastId: command.forecast.id, error, at, refundId: F.refundId(), delivery }))
      assert.strictEqual((yield* deliveriesOf(command.forecast.id)).length, 1)

      // The same delivery id again violates the outbox key: the whole step rolls back, refund included.
      const second = yield* F.createCommand(account)
      yield* chargeNewSpotCast(second)
      const clash = { ...F.delivery(second.forecast, at), id: delivery.id }
      const exit = yield* Effect.exit(failForecast({ forecastId: second.forecast.id, error, at, refundId: F.refundId(), delivery: clash }))
      assert.strictEqual(exit._tag, "Failure")
      const sql = yield* SqlClient.SqlClient
      const [status] = yield* sql<{ status: string }>`SELECT status FROM forecasts WHERE forecast_id = ${second.forecast.id}`
      assert.strictEqual(status?.status, "processing")
      const refunds = yield* sql<{ n: string }>`SELECT count(*) AS n FROM ledger_entries WHERE forecast_id = ${second.forecast.id} AND kind = 'refund'`
      assert.strictEqual(refunds[0]?.n, "0")
      const [jobs] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM jobs WHERE forecast_id = ${second.forecast.id}`
      assert.strictEqual(jobs?.n, "1")
    }))
})
