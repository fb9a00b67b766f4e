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

// Each handler's generator is made once, here: one made per request (`() => Effect.gen(function*() {...})`)
// costs V8 new hidden classes in the old generation on every call (docs/performance.md).

const create = Effect.fnUntraced(function*(
  idempotencyKey: string | undefined,
  payload: Parameters<typeof widgetConfig>[0],
  sent: Effect.Effect<unknown, unknown>
) {
  const claim = yield* claimOf(idempotencyKey, "POST", "/v3/spotcast/widgets", sent)
  const charged = yield* createWidget(yield* callerAccount, widgetConfig(payload), claim)
  yield* markReplayed(charged.replayed)
  return (yield* resource)(charged.view)
}, withPurchaseUrl)

const list = Effect.fnUntraced(function*(limit: number | undefined, after: string | undefined) {
  const page = yield* listWidgets(yield* callerAccount, { limit: limit ?? DEFAULT_WIDGETS_LIMIT, after })
  return listBody(page, yield* resource)
})

const get = Effect.fnUntraced(function*(id: string) {
  return yield* widgetAnswer((yield* resource)(yield* getWidget(yield* callerAccount, id)))
})

const update = Effect.fnUntraced(function*(id: string, payload: Parameters<typeof widgetPatch>[0]) {
  const caller = yield* callerAccount
  const current = yield* getWidget(caller, id)
  return (yield* resource)(yield* updateWidget(caller, id, widgetPatch(payload, current.widget.coordinates)))
})

const refresh = Effect.fnUntraced(function*(id: string) {
  return (yield* resource)(yield* refreshWidget(yield* callerAccount, id))
}, withPurchaseUrl)

const listOfAccount = Effect.fnUntraced(function*(accountId: string, limit: number | undefined, after: string | undefined) {
  const page = yield* listAccountWidgets(accountId, { limit: limit ?? DEFAULT_WIDGETS_LIMIT, after })
  return listBody(page, yield* resource)
})

export const WidgetsLive = HttpApiBuilder.group(ServedApi, "widgets", (handlers) =>
  handlers
    .handle("create", ({ headers, payload, request }) => create(headers["idempotency-key"], payload, request.json))
    .handle("list", ({ urlParams }) => list(urlParams.limit, urlParams.after))
    .handle("get", ({ path }) => get(path.id))
    .handle("update", ({ path, payload }) => update(path.id, payload))
    .handle("delete", ({ path }) => Effect.flatMap(callerAccount, (caller) => deleteWidget(caller, path.id)))
    .handle("refresh", ({ path }) => refresh(path.id)))

export const WidgetsAdminLive = HttpApiBuilder.group(ServedApi, "adminWidgets", (handlers) =>
  handlers.handle("list", ({ path, urlParams }) => listOfAccount(path.id, urlParams.limit, urlParams.after)))
