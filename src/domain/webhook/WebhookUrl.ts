import { Schema } from "effect"
import { isStorableText, UNSTORABLE_TEXT } from "../Text.js"
import { addressRange } from "./AddressRange.js"
import { hostKind } from "./IpAddress.js"

export const MAX_WEBHOOK_URL_LENGTH = 2048

/** Why a webhook URL is refused at create or refresh time, or undefined when it is acceptable. */
export const webhookUrlProblem = (input: string): string | undefined => {
  if (input.length > MAX_WEBHOOK_URL_LENGTH) return `webhook_url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`
  if (!isStorableText(input)) return `webhook_url ${UNSTORABLE_TEXT}`
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

/**
 * Why a webhook URL whose host is a literal address outside the public internet (private, loopback,
 * link-local, …) is refused, or undefined. Names are judged when a delivery resolves them; a literal
 * needs no resolving, so it is refused before anything is charged.
 */
export const literalHostProblem = (input: string): string | undefined => {
  let host: string
  try {
    host = new URL(input).hostname
  } catch {
    return undefined
  }
  const kind = hostKind(host)
  if (kind._tag !== "Address") return undefined
  const range = addressRange(kind.address)
  return range === "public" ? undefined : `webhook_url must not point at a ${range.replace("_", "-")} address`
}
