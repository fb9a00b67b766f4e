import { HttpApiBuilder, HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import {
  createWidget,
  deleteWidget,
  getWidget,
  listAccountWidgets,
  listWidgets,
  refreshWidget,
  updateWidget
} from "../../application/Widgets.js"
import { InsufficientBalance } from "../../domain/billing/Ledger.js"
import { Settings } from "../../ports/Settings.js"
import { DEFAULT_WIDGETS_LIMIT } from "./contract/ListQuery.js"
import { InsufficientBalanceAnswer } from "./contract/SpotCastErrors.js"
import { widgetConfig, widgetPatch, widgetResource } from "./contract/WidgetResources.js"
import { CurrentCaller } from "./Authentication.js"
import { PurchaseUrl } from "./BillingPage.js"
import { claimOf, REPLAYED_HEADER } from "./Idempotency.js"
import { ServedApi } from "./ServedApi.js"

const account = Effect.map(CurrentCaller, (caller) => caller.account)
const resource = Effect.map(Settings, (settings) => widgetResource(settings.publicBaseUrl))

const withPurchaseUrl = <A, E, R>(charging: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    charging,
    (e): e is Extract<E, InsufficientBalance> => e instanceof InsufficientBalance,
    (e) =>
      Effect.flatMap(PurchaseUrl, (purchaseUrl) =>
        Effect.fail(
          new InsufficientBalanceAnswer({ currentBalance: e.currentBalance, requiredCredits: e.requiredCredits, purchaseUrl })
        ))
  )

export const WidgetsLive = HttpApiBuilder.group(ServedApi, "widgets", (handlers) =>
  handlers
    .handle("create", ({ headers, payload, request }) =>
      Effect.gen(function*() {
        const claim = yield* claimOf(headers["idempotency-key"], "POST", "/v3/spotcast/widgets", request.json)
        const charged = yield* createWidget(yield* account, widgetConfig(payload), claim)
        if (charged.replayed) {
          yield* HttpApp.appendPreResponseHandler((_, response) =>
            Effect.succeed(HttpServerResponse.setHeader(response, REPLAYED_HEADER, "true"))
          )
        }
        return (yield* resource)(charged.view)
      }).pipe(withPurchaseUrl))
    .handle("list", ({ urlParams }) =>
      Effect.gen(function*() {
        const page = yield* listWidgets(yield* account, {
          limit: urlParams.limit ?? DEFAULT_WIDGETS_LIMIT,
          after: urlParams.after
        })
        const toWire = yield* resource
        return { data: page.data.map(toWire), has_more: page.hasMore, next_cursor: page.nextCursor }
      }))
    .handle("get", ({ path }) =>
      Effect.gen(function*() {
        return (yield* resource)(yield* getWidget(yield* account, path.id))
      }))
    .handle("update", ({ path, payload }) =>
      Effect.gen(function*() {
        const caller = yield* account
        const current = yield* getWidget(caller, path.id)
        return (yield* resource)(yield* updateWidget(caller, path.id, widgetPatch(payload, current.widget.coordinates)))
      }))
    .handle("delete", ({ path }) => Effect.flatMap(account, (caller) => deleteWidget(caller, path.id)))
    .handle("refresh", ({ path }) =>
      Effect.gen(function*() {
        return (yield* resource)(yield* refreshWidget(yield* account, path.id))
      }).pipe(withPurchaseUrl)))

export const WidgetsAdminLive = HttpApiBuilder.group(ServedApi, "adminWidgets", (handlers) =>
  handlers.handle("list", ({ path, urlParams }) =>
    Effect.gen(function*() {
      const page = yield* listAccountWidgets(path.id, { limit: urlParams.limit ?? DEFAULT_WIDGETS_LIMIT, after: urlParams.after })
      const toWire = yield* resource
      return { data: page.data.map(toWire), has_more: page.hasMore, next_cursor: page.nextCursor }
    })))
