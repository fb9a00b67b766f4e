import { Schema } from "effect"
import { Job } from "../../domain/forecast/Job.js"
import { AccountId, ForecastId } from "../../domain/Ids.js"
import { OptionalTimestamp, Timestamp } from "./Columns.js"

export const JobRow = Schema.Struct({
  account_id: AccountId,
  forecast_id: ForecastId,
  attempts: Schema.Int,
  available_at: Timestamp,
  lease_owner: Schema.NullOr(Schema.String),
  lease_until: OptionalTimestamp,
  /** Given by a claim: whether the forecast is a route's. */
  of_route: Schema.optional(Schema.Boolean)
})

export const JobFromRow = Schema.transform(JobRow, Schema.typeSchema(Job), {
  strict: true,
  decode: (r) => ({
    forecastId: r.forecast_id,
    accountId: r.account_id,
    attempts: r.attempts,
    availableAt: r.available_at,
    ...(r.lease_owner === null ? {} : { leaseOwner: r.lease_owner }),
    ...(r.lease_until === null ? {} : { leaseUntil: r.lease_until }),
    ...(r.of_route === undefined ? {} : { kind: r.of_route ? "route" as const : "spotcast" as const })
  }),
  encode: (j) => ({
    account_id: j.accountId,
    forecast_id: j.forecastId,
    attempts: j.attempts,
    available_at: j.availableAt,
    lease_owner: j.leaseOwner ?? null,
    lease_until: j.leaseUntil ?? null,
    ...(j.kind === undefined ? {} : { of_route: j.kind === "route" })
  })
})
