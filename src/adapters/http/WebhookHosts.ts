import { Context, Effect, Layer } from "effect"
import { invalid } from "../../domain/Validation.js"
import { literalHostProblem } from "../../domain/webhook/WebhookUrl.js"

/** Whether webhook URLs may name private and loopback addresses (SPOTCAST_WEBHOOK_ALLOW_PRIVATE, development only). */
export class WebhookHosts extends Context.Tag("spotcast/http/WebhookHosts")<WebhookHosts, {
  readonly allowPrivate: boolean
}>() {}

export const layer = (allowPrivate: boolean) => Layer.succeed(WebhookHosts, { allowPrivate })

/**
 * A webhook URL whose host is a literal private, loopback or link-local address is refused with 400
 * before anything is charged; the delivery-time guard still covers names that resolve there.
 */
export const checkWebhookHost = (url: string | undefined) =>
  Effect.flatMap(WebhookHosts, ({ allowPrivate }) => {
    const problem = url === undefined || allowPrivate ? undefined : literalHostProblem(url)
    return problem === undefined ? Effect.void : Effect.fail(invalid("invalid_webhook_url", problem, "webhook_url"))
  })
