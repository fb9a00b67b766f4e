import { DateTime, Effect, Either, Option, Redacted } from "effect"
import { AccountNotFound } from "../Account.js"
import { type CursorPosition, decodeCursor, encodeCursor } from "../Cursor.js"
import type { AccountId } from "../Ids.js"
import { MAX_PAGE_SIZE, pageOf } from "../Page.js"
import { invalid } from "../Validation.js"
import type { DeliveryStatus } from "../WebhookDelivery.js"
import { DeliveryNotFound } from "../WebhookRedelivery.js"
import { AccountStore } from "../../ports/AccountStore.js"
import { Settings } from "../../ports/Settings.js"
import { type DeliveryHistory, WebhookOutbox } from "../../ports/WebhookOutbox.js"

export const DELIVERIES_LIST = "webhook_deliveries"
export const DEFAULT_DELIVERIES_LIMIT = 20

export interface DeliveryQuery {
  readonly limit?: number | undefined
  readonly after?: string | undefined
  readonly status?: DeliveryStatus | undefined
}

export interface DeliveryPage {
  readonly data: ReadonlyArray<DeliveryHistory>
  readonly hasMore: boolean
  readonly nextCursor: string | null
}

const requireAccount = Effect.fn("WebhookDeliveries.account")(function*(accountId: string) {
  const account = yield* (yield* AccountStore).get(accountId as AccountId)
  if (Option.isNone(account)) return yield* new AccountNotFound({ accountId })
  return account.value
})

const positionOf = (h: DeliveryHistory): CursorPosition => ({
  createdAtMillis: DateTime.toEpochMillis(h.delivery.createdAt),
  id: h.delivery.id
})

/** Operator view: an account's deliveries with their attempts, newest first, a keyset page at a time. */
export const listWebhookDeliveries = Effect.fn("ListWebhookDeliveries")(function*(accountId: string, query: DeliveryQuery) {
  const account = yield* requireAccount(accountId)
  const limit = query.limit ?? DEFAULT_DELIVERIES_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    return yield* invalid("invalid_limit", `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`, "limit")
  }
  const secret = Redacted.value((yield* Settings).cursorSecret)
  const scope = { accountId: account.id, list: query.status === undefined ? DELIVERIES_LIST : `${DELIVERIES_LIST}:${query.status}` }
  let after: CursorPosition | undefined
  if (query.after !== undefined) {
    const decoded = decodeCursor(secret, scope, query.after)
    if (Either.isLeft(decoded)) return yield* decoded.left
    after = decoded.right
  }
  const rows = yield* (yield* WebhookOutbox).list(account.id, {
    limit: limit + 1,
    ...(after === undefined ? {} : { after }),
    ...(query.status === undefined ? {} : { status: query.status })
  })
  const page = pageOf(rows, limit)
  return {
    data: page.data,
    hasMore: page.hasMore,
    nextCursor: page.next === undefined ? null : encodeCursor(secret, scope, positionOf(page.next))
  } satisfies DeliveryPage
})

export const getWebhookDelivery = Effect.fn("GetWebhookDelivery")(function*(accountId: string, deliveryId: string) {
  const account = yield* requireAccount(accountId)
  const found = yield* (yield* WebhookOutbox).get(account.id, deliveryId)
  if (Option.isNone(found)) return yield* new DeliveryNotFound({ deliveryId })
  return found.value
})

/** Sends a failed delivery again from now: same `whk_` id and body, a fresh count of five attempts. */
export const redeliverWebhook = Effect.fn("RedeliverWebhook")(function*(accountId: string, deliveryId: string) {
  const account = yield* requireAccount(accountId)
  return yield* (yield* WebhookOutbox).redeliver(account.id, deliveryId, yield* DateTime.now)
})
