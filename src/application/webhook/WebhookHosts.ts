import { Effect, Option } from "effect"
import { invalid } from "../../domain/Validation.js"
import { literalHostProblem } from "../../domain/webhook/WebhookUrl.js"
import { WebhookHosts } from "../../ports/WebhookHosts.js"

/**
 * A webhook URL whose host is a literal private, loopback or link-local address is refused with 400
 * before anything is charged, whoever drives the core (private hosts are refused unless the host
 * says otherwise); the delivery-time guard still covers names that resolve there.
 */
export const checkWebhookHost = (url: string | undefined) =>
  Effect.flatMap(Effect.serviceOption(WebhookHosts), (hosts) => {
    const allowPrivate = Option.match(hosts, { onNone: () => false, onSome: (h) => h.allowPrivate })
    const problem = url === undefined || allowPrivate ? undefined : literalHostProblem(url)
    return problem === undefined ? Effect.void : Effect.fail(invalid("invalid_webhook_url", problem, "webhook_url"))
  })
