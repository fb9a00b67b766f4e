import { isDeliveryId } from "../../domain/Ids.js"
import { DateTime, Effect, Either, Option } from "effect"
import type { CursorPosition } from "../../domain/paging/Cursor.js"
import type { DeliveryStatus } from "../../domain/webhook/WebhookDelivery.js"
import { DeliveryNotFound, redeliver } from "../../domain/webhook/WebhookRedelivery.js"
import { type DeliveryHistory, WebhookOutbox } from "../../ports/WebhookOutbox.js"
import { type ListPage, readPage } from "../KeysetPage.js"
import { requireAccount } from "../account/ManageAccounts.js"

export const DELIVERIES_LIST = "webhook_deliveries"
export const DEFAULT_DELIVERIES_LIMIT = 20

export interface DeliveryQuery {
  readonly limit?: number | undefined
  readonly after?: string | undefined
  readonly status?: DeliveryStatus | undefined
}

export type DeliveryPage = ListPage<DeliveryHistory>

const positionOf = (h: DeliveryHistory): CursorPosition => ({
  createdAtMillis: DateTime.toEpochMillis(h.delivery.createdAt),
  id: h.delivery.id
})

/** Operator view: an account's deliveries with their attempts, newest first, a keyset page at a time. */
export const listWebhookDeliveries = Effect.fn("ListWebhookDeliveries")(function*(accountId: string, query: DeliveryQuery) {
  const account = yield* requireAccount(accountId)
  const limit = query.limit ?? DEFAULT_DELIVERIES_LIMIT
  const scope = { accountId: account.id, list: query.status === undefined ? DELIVERIES_LIST : `${DELIVERIES_LIST}:${query.status}` }
  const store = yield* WebhookOutbox
  return yield* readPage<DeliveryHistory>(scope, { limit, after: query.after }, positionOf, (page) =>
    store.list(account.id, query.status === undefined ? page : { ...page, status: query.status }))
})

export const getWebhookDelivery = Effect.fn("GetWebhookDelivery")(function*(accountId: string, deliveryId: string) {
  const account = yield* requireAccount(accountId)
  if (!isDeliveryId(deliveryId)) return yield* new DeliveryNotFound({ deliveryId })
  const found = yield* (yield* WebhookOutbox).get(account.id, deliveryId)
  if (Option.isNone(found)) return yield* new DeliveryNotFound({ deliveryId })
  return found.value
})

/**
 * Sends a failed delivery again from now: same `whk_` id and body, a fresh count of five attempts. The
 * domain's `redeliver` decides on the delivery as read; the outbox writes the result only while the
 * delivery is still so, and a delivery that moved on meanwhile (another operator's redelivery) is read
 * and decided again, so it answers as that state says (`DeliveryNotFailed`).
 */
export const redeliverWebhook = Effect.fn("RedeliverWebhook")(function*(accountId: string, deliveryId: string) {
  const account = yield* requireAccount(accountId)
  if (!isDeliveryId(deliveryId)) return yield* new DeliveryNotFound({ deliveryId })
  const outbox = yield* WebhookOutbox
  for (;;) {
    const found = yield* outbox.get(account.id, deliveryId)
    if (Option.isNone(found)) return yield* new DeliveryNotFound({ deliveryId })
    const from = found.value.delivery
    const again = redeliver(from, yield* DateTime.now)
    if (Either.isLeft(again)) return yield* again.left
    if (yield* outbox.reopen(from, again.right)) return again.right
  }
})
