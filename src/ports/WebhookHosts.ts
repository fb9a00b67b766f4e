import { Context } from "effect"

/**
 * Whether webhook URLs may name private and loopback addresses (SPOTCAST_WEBHOOK_ALLOW_PRIVATE,
 * development only). Absent, they may not.
 */
export class WebhookHosts extends Context.Tag("spotcast/http/WebhookHosts")<WebhookHosts, {
  readonly allowPrivate: boolean
}>() {}
