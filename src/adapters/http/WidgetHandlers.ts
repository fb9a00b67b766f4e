import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect } from "effect"
import {
  createWidget,
  deleteWidget,
  getWidget,
  listAccountWidgets,
  listWidgets,
  refreshWidget,
  updateWidget
} from "../../application/widget/Widgets.js"
import { Settings } from "../../ports/Settings.js"
import { DEFAULT_WIDGETS_LIMIT } from "./contract/ListQuery.js"
import { widgetConfig, widgetPatch, WidgetResource, widgetResource } from "./contract/WidgetResources.js"
import { listBody } from "./contract/Wire.js"
import { callerAccount } from "./CallerAccount.js"
import { claimOf, markReplayed } from "./Idempotency.js"
import { withPurchaseUrl } from "./PurchaseUrlOnShortfall.js"
import { ServedApi } from "./ServedApi.js"
import { conditionalJson } from "./ConditionalGet.js"

const resource = Effect.map(Settings, (settings) => widgetResource(settings.publicBaseUrl))
const widgetAnswer = conditionalJson(WidgetResource)

export const WidgetsLive = HttpApiBuilder.group(ServedApi, "widgets", (handlers) =>
  handlers
    .handle("create", ({ headers, payload, request }) =>
      Effect.gen(function*() {
        const claim = yield* claimOf(headers["idempotency-key"], "POST", "/v3/spotcast/widgets", request.json)
        const charged = yield* createWidget(yield* callerAccount, widgetConfig(payload), claim)
        yield* markReplayed(charged.replayed)
        return (yield* resource)(charged.view)
      }).pipe(withPurchaseUrl))
    .handle("list", ({ urlParams }) =>
      Effect.gen(function*() {
        const page = yield* listWidgets(yield* callerAccount, {
          limit: urlParams.limit ?? DEFAULT_WIDGETS_LIMIT,
          after: urlParams.after
        })
        return listBody(page, yield* resource)
      }))
    .handle("get", ({ path }) =>
      Effect.gen(function*() {
        return yield* widgetAnswer((yield* resource)(yield* getWidget(yield* callerAccount, path.id)))
      }))
    .handle("update", ({ path, payload }) =>
      Effect.gen(function*() {
        const caller = yield* callerAccount
        const current = yield* getWidget(caller, path.id)
        return (yield* resource)(yield* updateWidget(caller, path.id, widgetPatch(payload, current.widget.coordinates)))
      }))
    .handle("delete", ({ path }) => Effect.flatMap(callerAccount, (caller) => deleteWidget(caller, path.id)))
    .handle("refresh", ({ path }) =>
      Effect.gen(function*() {
        return (yield* resource)(yield* refreshWidget(yield* callerAccount, path.id))
      }).pipe(withPurchaseUrl)))

export const WidgetsAdminLive = HttpApiBuilder.group(ServedApi, "adminWidgets", (handlers) =>
  handlers.handle("list", ({ path, urlParams }) =>
    Effect.gen(function*() {
      const page = yield* listAccountWidgets(path.id, { limit: urlParams.limit ?? DEFAULT_WIDGETS_LIMIT, after: urlParams.after })
      return listBody(page, yield* resource)
    })))
