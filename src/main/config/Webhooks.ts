import { Config, Duration } from "effect"
import { ATTEMPT_TIMEOUT } from "../../application/webhook/DeliverWebhooks.js"
import { intAtLeast, positiveInt } from "./Env.js"

/** A claim must outlast an attempt with room to record it, or a slow attempt could be taken over and sent twice. */
const MIN_LEASE_MS = 2 * Duration.toMillis(ATTEMPT_TIMEOUT)

/** `SPOTCAST_WEBHOOK_*` (docs/webhooks.md, Settings). */
export const WebhooksConfig = Config.all({
  /** Lifts the transport's SSRF address check: local development and tests only. */
  allowPrivate: Config.boolean("SPOTCAST_WEBHOOK_ALLOW_PRIVATE").pipe(Config.withDefault(false)),
  concurrency: positiveInt("SPOTCAST_WEBHOOK_CONCURRENCY").pipe(Config.withDefault(8)),
  pollMs: positiveInt("SPOTCAST_WEBHOOK_POLL_MS").pipe(Config.withDefault(1_000)),
  leaseMs: intAtLeast("SPOTCAST_WEBHOOK_LEASE_MS", MIN_LEASE_MS, `twice the ${Duration.format(ATTEMPT_TIMEOUT)} attempt timeout`)
    .pipe(Config.withDefault(60_000))
})
export type WebhooksConfig = Config.Config.Success<typeof WebhooksConfig>
