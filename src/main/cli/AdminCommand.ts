import { Args, Command, Options } from "@effect/cli"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { Config, Console, Effect, Option, ParseResult, Redacted } from "effect"
import * as AdminClient from "../../adapters/http/AdminClient.js"
import { DEFAULT_DELIVERIES_LIMIT, type DeliveryResource } from "../../adapters/http/contract/WebhookDeliveryResources.js"
import { DEFAULT_WIDGETS_LIMIT } from "../../adapters/http/contract/ListQuery.js"
import type { UsageResource } from "../../adapters/http/contract/UsageResources.js"
import type { WidgetResource } from "../../adapters/http/contract/WidgetResources.js"
import { MAX_PAGE_SIZE } from "../../domain/paging/Page.js"
import { ValidationError } from "../../domain/Validation.js"
import { DeliveryNotFailed } from "../../domain/webhook/WebhookRedelivery.js"
import { AdminUrlConfig } from "../config/Admin.js"
import { oneLine } from "./OneLine.js"
import { table } from "./Table.js"
import { wholeNumberArg, wholeNumberOption } from "./WholeNumber.js"

const url = Options.text("url").pipe(
  Options.withFallbackConfig(AdminUrlConfig),
  Options.withDescription("Root of the SpotCast server (env SPOTCAST_ADMIN_URL; default http://localhost:8080)")
)
// Optional here so that its absence is explained by name (below), not as a missing --token.
const token = Options.redacted("token").pipe(
  Options.withFallbackConfig(Config.redacted("SPOTCAST_ADMIN_TOKEN")),
  Options.optional,
  Options.withDescription("The server's SPOTCAST_ADMIN_TOKEN (env SPOTCAST_ADMIN_TOKEN)")
)

const NO_TOKEN = "no admin token: set SPOTCAST_ADMIN_TOKEN to the server's operator token (or pass --token)"
const json = Options.boolean("json").pipe(Options.withDescription("Print the API's JSON answer"))

export const admin = Command.make("admin", { url, token, json }).pipe(
  Command.withDescription("Operate accounts, keys, credits and webhook deliveries through the operator API (/admin/v1)")
)

/** Why an operator call failed, in one line. */
const explain = (error: { readonly _tag: string; readonly message?: string }, target: string): string => {
  switch (error._tag) {
    case "AdminUnauthorized":
      return "the admin token was refused"
    case "RouteNotFound":
      return `${target} has no operator API (is SPOTCAST_ADMIN_TOKEN set on the server?)`
    case "AccountNotFound":
      return "no such account"
    case "ApiKeyNotFound":
      return "no such key on that account"
    case "DeliveryNotFound":
      return "no such webhook delivery on that account"
    case "DeliveryNotFailed":
      return error instanceof DeliveryNotFailed
        ? `delivery ${error.deliveryId} is ${error.status}: only a failed delivery can be redelivered`
        : "only a failed delivery can be redelivered"
    case "ValidationError":
      return error instanceof ValidationError ? `${error.message} (${error.code})` : "the server refused the request"
    case "RequestError":
      return `cannot reach ${target}`
    case "ParseError": {
      // The request is checked against the API's schema before it is sent: say what the server would.
      const issue = error instanceof ParseResult.ParseError ? ParseResult.ArrayFormatter.formatErrorSync(error)[0] : undefined
      return issue !== undefined && issue.path.length > 0
        ? `${issue.message} (${issue.path.join(".")})`
        : `the server's answer was not understood (${oneLine(error)})`
    }
    default:
      return error.message !== undefined && error.message !== "" ? `${error._tag}: ${oneLine(error)}` : error._tag
  }
}

/** Runs one call of the operator API with the parent command's connection options, printing its answer. */
const call = <A>(
  run: (client: Effect.Effect.Success<ReturnType<typeof AdminClient.make>>) => Effect.Effect<A, { readonly _tag: string; readonly message?: string }>,
  describe: (a: A) => string
) =>
  Effect.gen(function*() {
    const options = yield* admin
    const given = Option.filter(options.token, (t) => Redacted.value(t) !== "")
    if (Option.isNone(given)) {
      yield* Console.error(`spotcast admin: ${NO_TOKEN}`)
      return yield* Effect.sync(() => void (process.exitCode = 1))
    }
    const client = yield* AdminClient.make({ baseUrl: options.url, token: given.value })
    const result = yield* run(client).pipe(Effect.either)
    if (result._tag === "Left") {
      yield* Console.error(`spotcast admin: ${explain(result.left, options.url)}`)
      return yield* Effect.sync(() => void (process.exitCode = 1))
    }
    yield* Console.log(options.json ? JSON.stringify(result.right, null, 2) : describe(result.right))
  }).pipe(Effect.provide(NodeHttpClient.layerUndici))

const accountId = Args.text({ name: "account-id" })

/** Each of a group's commands with its one-line description, in the order both are listed. */
const describedAs = <const C extends ReadonlyArray<Command.Command<any, any, any, any>>>(descriptions: ReadonlyArray<string>, commands: C): C =>
  commands.map((command, i) => Command.withDescription(command, descriptions[i] ?? "")) as unknown as C
const line = (cells: ReadonlyArray<string | number | null>) => cells.map((c) => c ?? "-").join("  ")

const accounts = Command.make("accounts").pipe(
  Command.withDescription("Create, list, show, suspend and reactivate accounts"),
  Command.withSubcommands(describedAs(["Create an account and its first API key", "Accounts with status, mode, balance and credits used", "One account: its credits and keys", "Suspend an account: its keys get 403", "Reactivate a suspended account"], [
    Command.make(
      "create",
      {
        name: Options.text("name"),
        mode: Options.choice("mode", ["live", "sandbox"]).pipe(Options.withDefault("live" as const)),
        credits: wholeNumberOption("credits").pipe(Options.withDefault(0))
      },
      ({ credits, mode, name }) =>
        call(
          (c) => c.accounts.create({ payload: { name, mode, credits } }),
          (r) => `account ${r.account.id} (${r.account.mode}) created with ${credits} credits\napi key (shown once): ${r.api_key.key}`
        )
    ),
    Command.make("list", {}, () =>
      call(
        // Each account's credits come with its details (one call per account).
        (c) => Effect.flatMap(c.accounts.list(), (r) =>
          Effect.forEach(r.data, (a) => c.accounts.get({ path: { id: a.id } }), { concurrency: 4 })),
        (accounts) =>
          accounts.length === 0 ? "no accounts" : table([
            ["ID", "STATUS", "MODE", "BALANCE", "USED", "CREATED", "NAME"],
            ...accounts.map((r) => [
              r.account.id,
              r.account.status,
              r.account.mode,
              r.credits.credit_balance,
              r.credits.total_credits_used,
              r.account.created_at,
              r.account.name
            ])
          ])
      )),
    Command.make("show", { accountId }, ({ accountId }) =>
      call(
        (c) => c.accounts.get({ path: { id: accountId } }),
        (r) =>
          [
            line([r.account.id, r.account.status, r.account.mode, r.account.name]),
            `credits: ${r.credits.credit_balance} (purchased ${r.credits.total_credits_purchased}, used ${r.credits.total_credits_used})`,
            ...(r.api_keys.length === 0 ? [] : [table(r.api_keys.map((k) => [
              "key",
              k.id,
              k.prefix + "…",
              k.revoked_at === null ? "active" : `revoked ${k.revoked_at}`,
              `last used ${k.last_used_at ?? "never"}`
            ]))])
          ].join("\n")
      )),
    Command.make("suspend", { accountId }, ({ accountId }) =>
      call((c) => c.accounts.suspend({ path: { id: accountId } }), (a) => `account ${a.id} is ${a.status}`)),
    Command.make("reactivate", { accountId }, ({ accountId }) =>
      call((c) => c.accounts.reactivate({ path: { id: accountId } }), (a) => `account ${a.id} is ${a.status}`))
  ]))
)

const keys = Command.make("keys").pipe(
  Command.withDescription("Issue and revoke API keys"),
  Command.withSubcommands(describedAs(["Issue a new API key (shown once)", "Revoke an API key"], [
    Command.make("issue", { accountId }, ({ accountId }) =>
      call(
        (c) => c.accounts.issueKey({ path: { id: accountId } }),
        (k) => `key ${k.id} issued (shown once): ${k.key}`
      )),
    Command.make("revoke", { accountId, keyId: Args.text({ name: "key-id" }) }, ({ accountId, keyId }) =>
      call(
        (c) => c.accounts.revokeKey({ path: { id: accountId, key_id: keyId } }),
        (k) => `key ${k.id} (${k.prefix}…) revoked at ${k.revoked_at}`
      ))
  ]))
)

const credits = Command.make("credits").pipe(
  Command.withDescription("Grant credits"),
  Command.withSubcommands(describedAs(["Grant credits to an account"], [
    Command.make(
      "grant",
      { accountId, amount: wholeNumberArg("amount"), note: Options.optional(Options.text("note")) },
      ({ accountId, amount, note }) =>
        call(
          (c) =>
            c.accounts.grantCredits({
              path: { id: accountId },
              payload: Option.match(note, { onNone: () => ({ amount }), onSome: (note) => ({ amount, note }) })
            }),
          (b) => `granted ${amount}; balance ${b.credit_balance} (purchased ${b.total_credits_purchased}, used ${b.total_credits_used})`
        )
    )
  ]))
)

const webhookSecret = Command.make("webhook-secret").pipe(
  Command.withDescription("Rotate an account's webhook signing secret"),
  Command.withSubcommands(describedAs(["Rotate the webhook signing secret (shown once)"], [
    Command.make("rotate", { accountId }, ({ accountId }) =>
      call(
        (c) => c.accounts.rotateWebhookSecret({ path: { id: accountId } }),
        (r) => `new webhook secret for ${r.account_id}: ${r.webhook_secret}`
      ))
  ]))
)

/** A delivery in one line, then one indented line per attempt. */
const deliveryLines = (d: DeliveryResource) => [
  line([
    d.id,
    d.status,
    d.event,
    `attempts ${d.attempts}`,
    `created ${d.created_at}`,
    d.status === "pending" ? `next ${d.next_attempt_at}` : d.status === "delivered" ? `delivered ${d.delivered_at}` : null,
    d.url
  ]),
  ...d.attempt_log.map((a) =>
    `  #${line([a.number, a.at, a.status_code === null ? null : `HTTP ${a.status_code}`, `${a.duration_ms} ms`, a.error])}`
  )
]

const deliveryId = Args.text({ name: "delivery-id" })

const webhooks = Command.make("webhooks").pipe(
  Command.withDescription("List an account's webhook deliveries with their attempts; redeliver a failed one"),
  Command.withSubcommands(describedAs(["An account's webhook deliveries, newest first", "Send a failed delivery again"], [
    Command.make(
      "list",
      {
        accountId,
        status: Options.optional(Options.choice("status", ["pending", "delivered", "failed"])),
        limit: Options.optional(
          Options.integer("limit").pipe(
            Options.filterMap(
              (n) => (n >= 1 && n <= MAX_PAGE_SIZE ? Option.some(n) : Option.none()),
              `--limit must be an integer from 1 to ${MAX_PAGE_SIZE}`
            ),
            Options.withDescription(`Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_DELIVERIES_LIMIT})`)
          )
        ),
        after: Options.optional(Options.text("after").pipe(Options.withDescription("next_cursor of the previous page")))
      },
      ({ accountId, after, limit, status }) =>
        call(
          (c) =>
            c.webhooks.list({
              path: { id: accountId },
              urlParams: {
                ...Option.match(status, { onNone: () => ({}), onSome: (status) => ({ status }) }),
                ...Option.match(limit, { onNone: () => ({}), onSome: (limit) => ({ limit }) }),
                ...Option.match(after, { onNone: () => ({}), onSome: (after) => ({ after }) })
              }
            }),
          (page) =>
            [
              ...(page.data.length === 0 ? ["no webhook deliveries"] : page.data.flatMap(deliveryLines)),
              ...(page.next_cursor === null ? [] : [`more: --after ${page.next_cursor}`])
            ].join("\n")
        )
    ),
    Command.make("redeliver", { accountId, deliveryId }, ({ accountId, deliveryId }) =>
      call(
        (c) => c.webhooks.redeliver({ path: { id: accountId, delivery_id: deliveryId } }),
        (d) => [`delivery ${d.id} is due again with five fresh attempts`, ...deliveryLines(d)].join("\n")
      ))
  ]))
)

/** A widget in one line: id, display, days, latest forecast, auto-refresh, name last (it may hold spaces). */
const widgetLine = (w: WidgetResource) =>
  line([
    w.id,
    w.display_type,
    `${w.num_days}d`,
    `${w.latest_forecast.status} ${w.latest_forecast.forecast_id}`,
    w.auto_refresh_hours === null
      ? "auto off"
      : w.auto_refresh_stopped_at !== null
      ? `auto ${w.auto_refresh_hours}h stopped ${w.auto_refresh_stopped_at}`
      : `auto ${w.auto_refresh_hours}h next ${w.next_refresh_at}`,
    `created ${w.created_at}`,
    JSON.stringify(w.name)
  ])

const widgets = Command.make("widgets").pipe(
  Command.withDescription("List an account's embeddable widgets"),
  Command.withSubcommands(describedAs(["An account's widgets, newest first"], [
    Command.make(
      "list",
      {
        accountId,
        limit: Options.optional(
          Options.integer("limit").pipe(
            Options.filterMap(
              (n) => (n >= 1 && n <= MAX_PAGE_SIZE ? Option.some(n) : Option.none()),
              `--limit must be an integer from 1 to ${MAX_PAGE_SIZE}`
            ),
            Options.withDescription(`Page size, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_WIDGETS_LIMIT})`)
          )
        ),
        after: Options.optional(Options.text("after").pipe(Options.withDescription("next_cursor of the previous page")))
      },
      ({ accountId, after, limit }) =>
        call(
          (c) =>
            c.adminWidgets.list({
              path: { id: accountId },
              urlParams: {
                ...Option.match(limit, { onNone: () => ({}), onSome: (limit) => ({ limit }) }),
                ...Option.match(after, { onNone: () => ({}), onSome: (after) => ({ after }) })
              }
            }),
          (page) =>
            [
              ...(page.data.length === 0 ? ["no widgets"] : page.data.map(widgetLine)),
              ...(page.next_cursor === null ? [] : [`more: --after ${page.next_cursor}`])
            ].join("\n")
        )
    )
  ]))
)

/** An account's usage as a table: one row per period, then the totals (by product below). */
const usageLines = (u: UsageResource) => {
  const row = (name: string, c: UsageResource["totals"]) => [
    name,
    c.credits_used,
    c.credits_charged,
    c.credits_refunded,
    c.forecasts_created,
    c.forecasts_completed,
    c.forecasts_failed,
    c.requests,
    c.rate_limited_requests,
    c.webhook_deliveries_succeeded,
    c.webhook_deliveries_failed
  ]
  const t = u.totals.by_product
  return [
    `usage ${u.from} to ${u.to} by ${u.granularity} (UTC)`,
    table([
      ["period", "used", "charged", "refunded", "created", "completed", "failed", "requests", "429", "webhooks ok", "webhooks failed"],
      ...u.data.map((p) => row(p.period, p)),
      row("total", u.totals)
    ]),
    `credits used by product: spotcast ${t.spotcast.credits_used}, widget ${t.widget.credits_used}, route ${t.route.credits_used}`
  ].join("\n")
}

const usage = Command.make(
  "usage",
  {
    accountId,
    from: Options.optional(Options.text("from").pipe(Options.withDescription("First day, YYYY-MM-DD (default: 30 days ending at --to)"))),
    to: Options.optional(Options.text("to").pipe(Options.withDescription("Last day, YYYY-MM-DD (default: today, UTC)"))),
    granularity: Options.choice("granularity", ["day", "hour"]).pipe(Options.withDefault("day" as const))
  },
  ({ accountId, from, granularity, to }) =>
    call(
      (c) =>
        c.adminUsage.get({
          path: { id: accountId },
          urlParams: {
            granularity,
            ...Option.match(from, { onNone: () => ({}), onSome: (from) => ({ from }) }),
            ...Option.match(to, { onNone: () => ({}), onSome: (to) => ({ to }) })
          }
        }),
      usageLines
    )
).pipe(Command.withDescription("An account's usage: credits, forecasts, requests and webhook deliveries per day or hour"))

export const adminCommand = admin.pipe(Command.withSubcommands([accounts, keys, credits, webhookSecret, webhooks, widgets, usage]))
