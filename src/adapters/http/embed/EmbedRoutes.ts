import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Option } from "effect"
import { getPublicWidget } from "../../../application/widget/Widgets.js"
import type { DisplayType } from "../../../domain/widget/Widget.js"
import { EMBED_PAGE_PATH, EMBED_SCRIPT_PATH } from "../contract/WidgetResources.js"
import { badDisplayPage, CONTENT_SECURITY_POLICY, etagOf, notFoundPage, renderWidgetPage } from "./EmbedPage.js"
import { widgetScript } from "./WidgetScript.js"
import type { WidgetStore } from "../../../ports/WidgetStore.js"

/** Sites may cache a page a minute; a new forecast shows within that. */
export const PAGE_CACHE_CONTROL = "public, max-age=60"
export const SCRIPT_CACHE_CONTROL = "public, max-age=3600"

const SECURITY_HEADERS = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-resource-policy": "cross-origin"
}

const html = (body: string, status: number, cacheControl: string) =>
  HttpServerResponse.text(body, {
    status,
    contentType: "text/html; charset=utf-8",
    headers: { ...SECURITY_HEADERS, "cache-control": cacheControl }
  })

/** A 304 when the client's validator matches, else the body with its ETag. */
const cached = (body: string, contentType: "html" | "js", cacheControl: string) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const etag = etagOf(body)
    const headers = { ...SECURITY_HEADERS, "cache-control": cacheControl, etag }
    const sent = request.headers["if-none-match"]
    if (sent !== undefined && sent.split(",").map((s) => s.trim().replace(/^W\//, "")).includes(etag)) {
      return HttpServerResponse.empty({ status: 304, headers })
    }
    return HttpServerResponse.text(body, {
      headers,
      contentType: contentType === "html" ? "text/html; charset=utf-8" : "text/javascript; charset=utf-8"
    })
  })

const page = Effect.gen(function*() {
  const { id } = yield* HttpRouter.params
  const request = yield* HttpServerRequest.HttpServerRequest
  const query = new URLSearchParams(request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "")
  const display = query.get("display")
  if (display !== null && display !== "mini" && display !== "full") return html(badDisplayPage, 400, "no-store")
  const found = yield* getPublicWidget(id ?? "")
  if (Option.isNone(found)) return html(notFoundPage, 404, "no-cache")
  const chosen: DisplayType = display ?? found.value.widget.displayType
  return yield* cached(renderWidgetPage(found.value, chosen), "html", PAGE_CACHE_CONTROL)
})

/**
 * The public embed: `GET /embed/widgets/{wgt_id}` (no API key; `?display=mini|full` overrides the
 * widget's display type) and `GET /embed/widget.js`. Requires the WidgetStore.
 */
export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<WidgetStore>()
    yield* router.get(`${EMBED_PAGE_PATH}/:id`, Effect.provide(page, context))
    yield* router.get(EMBED_SCRIPT_PATH, cached(widgetScript, "js", SCRIPT_CACHE_CONTROL))
  })
)
