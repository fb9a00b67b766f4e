import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { UsageQueryParams, UsageResource } from "./contract/UsageResources.js"
import * as AdminErrors from "./contract/AdminErrors.js"
import { AdminAuth } from "./AdminAuth.js"
import { Authentication } from "./Authentication.js"

/** Usage analytics (issue 14): free reads of the calling account's activity. */
export class UsageGroup extends HttpApiGroup.make("usage")
  .add(
    HttpApiEndpoint.get("get", "/v3/usage")
      .setUrlParams(UsageQueryParams)
      .addSuccess(UsageResource)
      .annotate(
        OpenApi.Summary,
        "Credits, forecasts, requests and webhook deliveries per day or hour (free; 400 invalid_date_range beyond 366 days, or 31 by hour)"
      )
  )
  .add(
    HttpApiEndpoint.get("export", "/v3/usage/export")
      .setUrlParams(UsageQueryParams)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv" }).annotations({
        description: "A header row (period, the counters, then <product>_credits_charged/_refunded/_used), then one row per period; CRLF line ends"
      }))
      .annotate(OpenApi.Summary, "The same periods as GET /v3/usage, as CSV (free)")
  )
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Usage")
{}

/** Operator side: an account's usage (`spotcast admin usage acct_…`). */
export class UsageAdminGroup extends HttpApiGroup.make("adminUsage")
  .add(
    HttpApiEndpoint.get("get", "/admin/v1/accounts/:id/usage")
      .setPath(Schema.Struct({ id: Schema.String.annotations({ description: "Account id (acct_…)" }) }))
      .setUrlParams(UsageQueryParams)
      .addSuccess(UsageResource)
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "The account's usage, as GET /v3/usage answers it")
  )
  .middleware(AdminAuth)
  .annotate(OpenApi.Title, "Usage (operator)")
{}
