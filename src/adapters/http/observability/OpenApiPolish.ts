/**
 * The public OpenAPI document as a reader (and a validator) wants it: no framework schema names as
 * titles, no duplicate `$id`s, a title and description on every component schema, a description on
 * every endpoint and tag, the license, and a `webhooks` section with both events' payloads and headers.
 * Pure: it takes the generated document and returns the finished one.
 */
import { MAX_DELIVERY_ATTEMPTS } from "../../../domain/webhook/WebhookSchedule.js"

/** Titles the schema library writes for its filters (`maxLength(255)`, `between(1, 500)`, `int`, ...). */
const FRAMEWORK_TITLE = /^(int|finite|unknown|nonNaN|[a-zA-Z]+\(.*\)|[a-zA-Z]+\(.*\) & .*)$/

const stripFrameworkNames = (node: unknown): void => {
  if (Array.isArray(node)) {
    for (const item of node) stripFrameworkNames(item)
    return
  }
  if (typeof node !== "object" || node === null) return
  const record = node as Record<string, unknown>
  // `$id` appears on every inline Schema.Unknown as the same "/schemas/unknown": a duplicate id.
  if (typeof record.$id === "string") delete record.$id
  if (typeof record.title === "string" && FRAMEWORK_TITLE.test(record.title)) delete record.title
  for (const value of Object.values(record)) stripFrameworkNames(value)
}

const componentText: Record<string, readonly [title: string, description: string]> = {
  CreateSpotCastRequest: ["Create a SpotCast", "Where and when to forecast, for which vessel, and where to send the webhook"],
  Finite: ["Number", "A finite number"],
  Int: ["Integer", "A whole number"],
  ValidationError: ["Validation error", "400: the request is invalid; error.code names the problem and error.param the field"],
  IdempotencyKeyReused: ["Idempotency key reused", "400: the Idempotency-Key was already used with a different request"],
  PayloadTooLarge: ["Payload too large", "413: the request body is over 64 KiB"],
  RateLimitExceeded: ["Rate limit exceeded", "429: too many requests this minute; retry after error.retry_after seconds"],
  InternalError: ["Internal error", "500: an unexpected error; nothing about it is disclosed"],
  RouteNotFound: ["Route not found", "404: no such endpoint"],
  MissingApiKey: ["Missing API key", "401: no API key was sent"],
  InvalidApiKey: ["Invalid API key", "401: the API key is not valid"],
  KeyRevoked: ["Key revoked", "401: the API key was revoked"],
  AccountSuspended: ["Account suspended", "403: the account is suspended"],
  InsufficientBalance: ["Insufficient balance", "402: not enough credits; the error carries the balance and where to buy more"],
  SpotCast: ["SpotCast", "A forecast location and period, with its latest forecast"],
  Coordinates: ["Coordinates", "Latitude and longitude in decimal degrees (WGS 84)"],
  LatestForecast: ["Latest forecast", "The newest forecast of a SpotCast: status, progress and, once completed, the analysis"],
  Progress: ["Progress", "The stage a forecast is in and how far along it is"],
  SpotCastNotFound: ["SpotCast not found", "404: no such SpotCast for this account"],
  RefreshSpotCastBody: ["Refresh a SpotCast", "Optional: a webhook URL for this forecast only"],
  ForecastInProgress: ["Forecast in progress", "409: the SpotCast's newest forecast is still being produced"],
  ForecastList: ["Forecast list", "One page of a SpotCast's forecasts, newest first"],
  ForecastListItem: ["Forecast", "One forecast in a SpotCast's history"],
  ForecastNotFound: ["Forecast not found", "404: no such forecast in this SpotCast for this account"],
  SpotCastList: ["SpotCast list", "One page of the account's SpotCasts, newest first"],
  SpotCastListItem: ["SpotCast summary", "A SpotCast in a list, with its latest forecast's status"],
  Balance: ["Balance", "The account's credits: balance, purchased and used"],
  DeveloperInfo: ["Developer info", "The account, the calling key, credits, rate limit and webhook secret"],
  CreateRouteRequest: ["Create a route forecast", "Waypoints, departure, planned speed, optional departure window, vessel, texts and webhook"],
  RouteAccepted: ["Route accepted", "202: the route and its first forecast are queued"],
  Route: ["Route", "A passage along great-circle legs, its plan's figures and its newest forecast"],
  RouteForecast: ["Route forecast", "A route forecast: the analysis with legs, samples and departures once completed"],
  MarineRouteNotFound: ["Route not found", "404: no such route for this account"],
  RouteForecastNotFound: ["Route forecast not found", "404: no such forecast in this route for this account"],
  RouteRefreshInProgress: ["Route forecast in progress", "409: the route's newest forecast is still being produced"]
}

const camelWords = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2")

const operationText: Record<string, string> = {
  "spotcasts.create":
    "Creates a SpotCast and queues its first forecast. Answers 202 at once; poll the status link or wait for the webhook. Charges max(2, num_days) credits; send an Idempotency-Key to retry safely. " +
    "Rules beyond each field's own: start_date must not be before the start of yesterday (UTC), and the last forecast day must be within the forecast horizon (16 days from today by default) (invalid_start_date); " +
    "a webhook_url naming a literal private, loopback or link-local address is refused (invalid_webhook_url); an Idempotency-Key already used with a different body is refused (idempotency_key_reused); " +
    "too few credits is 402 and nothing is charged.",
  "spotcasts.get": "The SpotCast with its latest forecast, including the analysis once it has completed.",
  "spotcasts.status": "The newest forecast's status, stage and percentage: cheap to poll while a forecast is produced.",
  "spotcasts.refresh":
    "Queues a new forecast for the same place and period. Refused with 409 while the newest forecast is still in progress. Charges max(2, num_days) credits; too few credits is 402 and nothing is charged.",
  "spotcasts.forecasts": "Every forecast of the SpotCast, newest first, paginated with limit and the after cursor (a cursor from another list is invalid_cursor).",
  "spotcasts.forecast": "One forecast of the SpotCast, with its analysis if completed or its error if failed.",
  "spotcasts.list": "The account's SpotCasts, newest first, paginated with limit and the after cursor (a cursor from another list is invalid_cursor).",
  "routes.create":
    "Creates a route forecast and queues it. The route is sampled every 10 nm or less along great-circle legs, each sample rated GO/CAUTION/AVOID for the weather of the hour the vessel is expected there; with departure_window_hours, later departures are rated too and the best recommended. Charges max(2, days the passage and the window span) credits. " +
    "Rules beyond each field's own: every leg at most 1,000 nm (invalid_waypoints, param waypoints.N); departure_time not in the past, and the arrival of the last candidate departure within the forecast horizon (invalid_departure_time); " +
    "the webhook_url and Idempotency-Key rules of SpotCast creation apply.",
  "routes.get": "The route with its distance, duration and arrival, and its newest forecast: passage class, legs, samples and departures once completed.",
  "routes.status": "The newest route forecast's status, stage and percentage, for polling.",
  "routes.refresh": "Queues a new forecast of the route (the departure must still be ahead: invalid_departure_time). Refused with 409 while the newest is in progress. Charged as at creation.",
  "routes.forecasts": "Every forecast of the route, newest first, paginated with limit and the after cursor.",
  "routes.forecast": "One forecast of the route, with its analysis if completed or its error if failed.",
  "routes.list": "The account's routes, newest first, paginated with limit and the after cursor.",
  "widgets.create":
    "Creates an embeddable widget and produces its first forecast (charges num_days credits; too few is 402 and nothing is created). Answers 201 with the widget and its embed snippet.",
  "widgets.list": "The account's widgets, newest first, paginated with limit and the after cursor.",
  "widgets.get":
    "A widget's configuration, latest forecast and embed snippet. The path /v3/spotcast/widgets/{id} is always a widget: a SpotCast id never equals \"widgets\", so GET /v3/spotcast/widgets/status asks for the widget \"status\" (widget_not_found).",
  "widgets.update":
    "Changes a widget's configuration (free; takes effect at the next refresh). Every field is optional; latitude or longitude sent alone keeps the other; auto_refresh_hours: null turns auto-refresh off.",
  "widgets.delete": "Deletes a widget; its embed stops working.",
  "widgets.refresh": "A new forecast for the widget (charges num_days credits). Refused with 409 while its newest forecast is still in progress.",
  "usage.get":
    "Credits, forecasts, requests and webhook deliveries per day or hour (free). to defaults to today (UTC) and from to 30 days ending at to; from after to, or a range over 366 days by day or 31 days by hour, is invalid_date_range.",
  "usage.export": "The same periods as GET /v3/usage, as CSV (free), under the same range rules.",
  "account.balance": "The credit balance, the credits purchased and used, and where to buy more.",
  "account.developerInfo": "Who is calling: the account, the key used, credits, the rate limit and the webhook signing secret."
}

/** Examples of components whose domain schema names no provider: the served weather's own. */
const componentExamples: Record<string, ReadonlyArray<unknown>> = {
  ForecastSource: [{
    provider: "Open-Meteo",
    models: ["best_match", "ecmwf_ifs025", "gfs_seamless", "icon_seamless"],
    attribution: "Weather data by Open-Meteo.com",
    link: "https://open-meteo.com/",
    license: "CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)"
  }]
}

const tagText: Record<string, string> = {
  SpotCasts: "Create SpotCasts, follow their forecasts and read the results",
  Account: "Credits and details of the calling account",
  Routes: "Route forecasts: a passage rated leg by leg, with departure planning",
  Widgets: "Embeddable forecast widgets: configure one, embed it, refresh it",
  Usage: "What the account used, per day or hour, as JSON or CSV",
  Webhooks: "Events SpotCast POSTs to your webhook_url when a forecast finishes"
}

const stringSchema = (description: string, example?: string) => ({
  type: "string",
  description,
  ...(example === undefined ? {} : { examples: [example] })
})

const webhookHeaders = [
  ["X-Service-Event", "The event type", "spotcast.forecast.completed"],
  ["X-Service-Signature", "sha256= and the lowercase hex HMAC-SHA256 of the raw body, keyed with the account's webhook secret", "sha256=5d41402abc4b2a76b9719d911017c592..."],
  ["X-Service-Delivery-ID", "The delivery's id, the same on every retry (deduplicate on it)", "whk_4f7Hq2mXv9LpR4sT1nB8cD"],
  ["X-Service-Timestamp", "Unix seconds of this attempt; refuse old ones to stop replays", "1772352041"],
  ["User-Agent", "Always Service-Webhooks/1.0", "Service-Webhooks/1.0"]
] as const

const commonData = {
  spotcast_id: stringSchema("The SpotCast", "spc_7Hq2mXv9LpR4sT1nB8cD3e"),
  forecast_id: stringSchema("The forecast that finished", "fcst_Q9wE2rT5yU8iO1pA4sD7fG"),
  coordinates: { $ref: "#/components/schemas/Coordinates" },
  forecast_period: {
    type: "object",
    description: "The forecast's days, midnight of the first to the end of the last (UTC)",
    required: ["start_date", "end_date", "num_days"],
    properties: {
      start_date: stringSchema("ISO 8601 UTC timestamp"),
      end_date: stringSchema("ISO 8601 UTC timestamp"),
      num_days: { type: "integer", description: "1 to 5" }
    }
  },
  links: {
    type: "object",
    required: ["spotcast"],
    properties: { spotcast: stringSchema("The SpotCast's URL") }
  },
  metadata: { type: "object", description: "The SpotCast's metadata as it was sent, when it was given" }
}

/** The envelope every webhook body shares: the event's name, when it happened, and its `data`. */
const eventEnvelope = (event: string, data: Record<string, unknown>) => ({
  type: "object",
  title: `${event} event`,
  description: `The body POSTed for ${event}`,
  required: ["event", "created_at", "data"],
  properties: {
    event: { type: "string", enum: [event] },
    created_at: stringSchema("ISO 8601 UTC timestamp of the event"),
    data: { type: "object", ...data }
  }
})

const eventSchema = (event: string, status: string, extra: Record<string, unknown>, required: ReadonlyArray<string>) =>
  eventEnvelope(event, {
    required: ["spotcast_id", "forecast_id", "status", "coordinates", "forecast_period", "links", ...required],
    properties: { ...commonData, status: { type: "string", enum: [status] }, ...extra }
  })

const webhook = (event: string, summary: string, schema: unknown) => ({
  post: {
    operationId: `webhooks.${event}`,
    summary,
    description:
      `${summary}. Answer any 2xx within 10 seconds; anything else is retried with backoff, up to ` +
      `${MAX_DELIVERY_ATTEMPTS} attempts in all. ` +
      "Verify X-Service-Signature over the raw body before trusting it.",
    tags: ["Webhooks"],
    parameters: webhookHeaders.map(([name, description, example]) => ({
      name,
      in: "header",
      required: true,
      description,
      schema: { type: "string" },
      example
    })),
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: { "200": { description: "Received (any 2xx status counts)" } }
  }
})

const webhooks = {
  "spotcast.forecast.completed": webhook(
    "spotcast.forecast.completed",
    "A forecast completed",
    eventSchema("spotcast.forecast.completed", "completed", {
      summary: stringSchema("The analysis summary"),
      recommendation: { type: "string", enum: ["GO", "CAUTION", "AVOID"], description: "The most severe daily class" }
    }, ["summary", "recommendation"])
  ),
  "spotcast.forecast.failed": webhook(
    "spotcast.forecast.failed",
    "A forecast failed (and was refunded)",
    eventSchema("spotcast.forecast.failed", "failed", {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string", enum: ["weather_data_unavailable", "processing_failed"] },
          message: { type: "string" }
        }
      }
    }, ["error"])
  )
}

/** The body of a route event (`route.forecast.completed` / `.failed`). */
const routeEventSchema = (event: string, status: string, extra: Record<string, unknown>, required: ReadonlyArray<string>) =>
  eventEnvelope(event, {
    required: ["route_id", "forecast_id", "status", "departure_time", "arrival_time", "total_distance_nm", "links", ...required],
    properties: {
      route_id: stringSchema("The route", "rte_7Hq2mXv9LpR4sT1nB8cD3e"),
      forecast_id: stringSchema("The forecast that finished", "fcst_Q9wE2rT5yU8iO1pA4sD7fG"),
      status: { type: "string", enum: [status] },
      departure_time: stringSchema("The requested departure (ISO 8601 UTC)"),
      arrival_time: stringSchema("Its arrival at the planned speed (ISO 8601 UTC)"),
      total_distance_nm: { type: "number", description: "Along the great-circle legs" },
      links: { type: "object", required: ["route"], properties: { route: stringSchema("The route's URL") } },
      metadata: { type: "object", description: "The route's metadata as it was sent, when it was given" },
      ...extra
    }
  })

const routeWebhooks = {
  "route.forecast.completed": webhook(
    "route.forecast.completed",
    "A route forecast completed",
    routeEventSchema("route.forecast.completed", "completed", {
      classification: { type: "string", enum: ["GO", "CAUTION", "AVOID"], description: "The passage's class (its worst leg's)" },
      summary: stringSchema("The passage summary"),
      best_departure: {
        type: "object",
        description: "With a departure window: the recommended departure; absent when every candidate departure is AVOID (none is recommended)",
        properties: { departure_time: stringSchema("ISO 8601 UTC"), classification: { type: "string" }, reason: { type: "string" } }
      }
    }, ["classification", "summary"])
  ),
  "route.forecast.failed": webhook(
    "route.forecast.failed",
    "A route forecast failed (and was refunded)",
    routeEventSchema("route.forecast.failed", "failed", {
      error: {
        type: "object",
        required: ["code", "message"],
        properties: {
          code: { type: "string", enum: ["weather_data_unavailable", "processing_failed"] },
          message: { type: "string" }
        }
      }
    }, ["error"])
  )
}

export const polish = (spec: Record<string, any>): Record<string, any> => {
  stripFrameworkNames(spec)
  for (const [name, schema] of Object.entries((spec.components?.schemas ?? {}) as Record<string, any>)) {
    const [title, description] = componentText[name] ?? [camelWords(name), camelWords(name)]
    if (componentExamples[name] !== undefined) schema.examples = componentExamples[name]
    schema.title = title
    if (typeof schema.description !== "string" || schema.description === "") schema.description = description
  }
  for (const operations of Object.values((spec.paths ?? {}) as Record<string, Record<string, any>>)) {
    for (const operation of Object.values(operations)) {
      if (typeof operation !== "object" || operation === null) continue
      operation.description = operationText[operation.operationId] ?? operation.description ?? operation.summary
    }
  }
  spec.webhooks = { ...webhooks, ...routeWebhooks }
  const tags = (spec.tags ?? []) as Array<{ name: string; description?: string }>
  if (!tags.some((t) => t.name === "Webhooks")) tags.push({ name: "Webhooks" })
  for (const tag of tags) tag.description ??= tagText[tag.name] ?? tag.name
  spec.tags = tags
  spec.info = { ...spec.info, license: { name: "MIT", identifier: "MIT" } }
  return spec
}

/** The document with `servers` naming the service's public root (PUBLIC_BASE_URL), and its contact. */
export const withServers = (spec: Record<string, any>, publicBaseUrl: string): Record<string, any> => ({
  ...spec,
  info: { ...spec.info, contact: { name: "The operator of this SpotCast service", url: `${publicBaseUrl}/docs` } },
  servers: [{ url: publicBaseUrl, description: "This SpotCast service" }]
})

const DAY_MS = 86_400_000
const isoDay = (epochMillis: number) => new Date(epochMillis).toISOString().slice(0, 10)

/** A request body's example, sent as is by the docs page's "Test Request". */
const bodyExample = (spec: Record<string, any>, path: string, example: unknown) => {
  const media = spec.paths?.[path]?.post?.requestBody?.content?.["application/json"]
  if (media !== undefined) media.example = example
}

/**
 * The document with examples that succeed when sent on `todayMillis`'s UTC day: the start dates and
 * departures are today's and tomorrow's, not fixed ones that drift into the past.
 */
export const withDatedExamples = (spec: Record<string, any>, todayMillis: number): Record<string, any> => {
  const out = structuredClone(spec)
  const today = isoDay(todayMillis)
  const tomorrow = isoDay(todayMillis + DAY_MS)
  const schemas = out.components?.schemas ?? {}
  const startDate = schemas.CreateSpotCastRequest?.properties?.start_date
  if (startDate !== undefined) startDate.examples = [today, `${today}T06:00:00Z`]
  const departure = schemas.CreateRouteRequest?.properties?.departure_time
  if (departure !== undefined) departure.examples = [`${tomorrow}T06:00:00Z`]
  bodyExample(out, "/v3/spotcast", {
    latitude: 41.13,
    longitude: -71.71,
    start_date: today,
    num_days: 3,
    vessel_info: { type: "sailboat", length_ft: 30 },
    preferences: { language: "en", speed_units: "kts", distance_units: "nm", height_units: "m", temperature_units: "c" },
    metadata: { trip: "docs" }
  })
  bodyExample(out, "/v3/spotcast/widgets", {
    name: "Harbour Marina",
    latitude: 41.13,
    longitude: -71.71,
    num_days: 3,
    display_type: "full"
  })
  bodyExample(out, "/v3/route", {
    waypoints: [{ latitude: 50.8, longitude: -1.3 }, { latitude: 50.7, longitude: -1.1 }, { latitude: 50.6, longitude: -1.9 }],
    departure_time: `${tomorrow}T06:00:00Z`,
    speed_kts: 6,
    departure_window_hours: 6
  })
  return out
}
