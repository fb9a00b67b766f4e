import { Schema } from "effect"

export const MAX_WEBHOOK_URL_LENGTH = 2048

/** Why a webhook URL is refused at create or refresh time, or undefined when it is acceptable. */
export const webhookUrlProblem = (input: string): string | undefined => {
  if (input.length > MAX_WEBHOOK_URL_LENGTH) return `webhook_url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return "webhook_url must be an absolute https URL"
  }
  if (url.protocol !== "https:") return "webhook_url must use https"
  if (url.username !== "" || url.password !== "") return "webhook_url must not contain a user name or password"
  if (url.hostname === "") return "webhook_url must name a host"
  return undefined
}

export const WebhookUrl = Schema.String.pipe(
  Schema.filter((s) => webhookUrlProblem(s) ?? true),
  Schema.brand("WebhookUrl")
)
export type WebhookUrl = typeof WebhookUrl.Type
