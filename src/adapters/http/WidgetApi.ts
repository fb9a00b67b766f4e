import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { IdempotencyHeaders } from "./contract/IdempotencyHeaders.js"
import { ListWidgetsQuery } from "./contract/ListQuery.js"
import * as SpotCastErrors from "./contract/SpotCastErrors.js"
import * as WidgetErrors from "./contract/WidgetErrors.js"
import { CreateWidgetRequest, UpdateWidgetRequest, WidgetList, WidgetResource } from "./contract/WidgetResources.js"
import { AdminAuth } from "./AdminAuth.js"
import { Authentication } from "./Authentication.js"
import * as AdminErrors from "./contract/AdminErrors.js"
import { documentConditional } from "./ConditionalGet.js"

const WidgetPath = Schema.Struct({
  id: Schema.String.annotations({ description: "Widget id (wgt_…)" })
})

/** The widget endpoints of the reference (docs/decisions.md, Widgets). */
export class WidgetsGroup extends HttpApiGroup.make("widgets")
  .add(
    HttpApiEndpoint.post("create", "/v3/spotcast/widgets")
      .setPayload(CreateWidgetRequest)
      .setHeaders(IdempotencyHeaders)
      .addSuccess(WidgetResource, { status: 201 })
      .addError(SpotCastErrors.Insufficient)
      .addError(SpotCastErrors.IdempotencyReused)
      .annotate(OpenApi.Summary, "Create an embeddable widget with its first forecast (charges num_days credits)")
  )
  .add(
    HttpApiEndpoint.get("list", "/v3/spotcast/widgets")
      .setUrlParams(ListWidgetsQuery)
      .addSuccess(WidgetList)
      .annotate(OpenApi.Summary, "The account's widgets, newest first")
  )
  .add(
    HttpApiEndpoint.get("get", "/v3/spotcast/widgets/:id")
      .setPath(WidgetPath)
      .addSuccess(WidgetResource)
      .addError(WidgetErrors.NoWidget)
      .annotate(OpenApi.Summary, "A widget's configuration, latest forecast and embed snippet")
      .annotate(OpenApi.Transform, documentConditional)
  )
  .add(
    HttpApiEndpoint.put("update", "/v3/spotcast/widgets/:id")
      .setPath(WidgetPath)
      .setPayload(UpdateWidgetRequest)
      .addSuccess(WidgetResource)
      .addError(WidgetErrors.NoWidget)
      .annotate(OpenApi.Summary, "Change a widget's configuration (free; takes effect at the next refresh)")
  )
  .add(
    HttpApiEndpoint.del("delete", "/v3/spotcast/widgets/:id")
      .setPath(WidgetPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(WidgetErrors.NoWidget)
      .annotate(OpenApi.Summary, "Delete a widget (its embed stops working)")
  )
  .add(
    HttpApiEndpoint.post("refresh", "/v3/spotcast/widgets/:id/refresh")
      .setPath(WidgetPath)
      .addSuccess(WidgetResource, { status: 202 })
      .addError(WidgetErrors.NoWidget)
      .addError(SpotCastErrors.Insufficient)
      .addError(WidgetErrors.WidgetInProgress)
      .annotate(OpenApi.Summary, "A new forecast for the widget (charges num_days credits)")
  )
  .middleware(Authentication)
  .annotate(OpenApi.Title, "Widgets")
{}

/** Operator side: an account's widgets (`spotcast admin widgets list`). */
export class WidgetsAdminGroup extends HttpApiGroup.make("adminWidgets")
  .add(
    HttpApiEndpoint.get("list", "/admin/v1/accounts/:id/widgets")
      .setPath(Schema.Struct({ id: Schema.String.annotations({ description: "Account id (acct_…)" }) }))
      .setUrlParams(ListWidgetsQuery)
      .addSuccess(WidgetList)
      .addError(AdminErrors.NoAccount)
      .annotate(OpenApi.Summary, "The account's widgets, newest first")
  )
  .middleware(AdminAuth)
  .annotate(OpenApi.Title, "Widgets (operator)")
{}
