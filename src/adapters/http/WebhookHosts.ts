import { Layer } from "effect"
import { WebhookHosts } from "../../ports/WebhookHosts.js"

export { WebhookHosts }

/** Whether this server lets webhook URLs name private hosts (development only). */
export const layer = (allowPrivate: boolean) => Layer.succeed(WebhookHosts, { allowPrivate })
