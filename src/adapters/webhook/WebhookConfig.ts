import { Config } from "effect"

const positiveInt = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.validate({ message: "Expected a positive integer", validation: (n) => n > 0 }),
    Config.withDefault(fallback)
  )

/**
 * Webhook settings from the environment (docs/webhooks.md, Settings). The lease must outlast an attempt
 * (10 s) with room to record it, or a slow attempt could be taken over and sent twice.
 */
export const WebhookConfig = Config.all({
  allowPrivate: Config.boolean("SPOTCAST_WEBHOOK_ALLOW_PRIVATE").pipe(Config.withDefault(false)),
  concurrency: positiveInt("SPOTCAST_WEBHOOK_CONCURRENCY", 8),
  pollMs: positiveInt("SPOTCAST_WEBHOOK_POLL_MS", 1_000),
  leaseMs: positiveInt("SPOTCAST_WEBHOOK_LEASE_MS", 60_000).pipe(
    Config.validate({ message: "Expected at least 20000 (twice the 10 s attempt timeout)", validation: (n) => n >= 20_000 })
  )
})
export type WebhookConfig = Config.Config.Success<typeof WebhookConfig>
