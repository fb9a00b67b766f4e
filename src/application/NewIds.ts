import { Effect, Redacted } from "effect"
import type { AccountMode } from "../domain/account/Account.js"
import { API_KEY_SECRET_LENGTH, formatApiKey } from "../domain/account/ApiKey.js"
import { ID_BODY_LENGTH, type IdPrefix } from "../domain/Ids.js"
import { Ids } from "../ports/Ids.js"

/** A fresh id such as `spc_` + 22 base62 characters; brand it with the id's schema `make`. */
export const newId = (prefix: IdPrefix) =>
  Effect.flatMap(Ids, (ids) => Effect.map(ids.base62(ID_BODY_LENGTH), (body) => `${prefix}_${body}`))

export const WEBHOOK_SECRET_LENGTH = 32

/** `whsec_` + 32 base62 characters. */
export const newWebhookSecret = Effect.flatMap(Ids, (ids) =>
  Effect.map(ids.base62(WEBHOOK_SECRET_LENGTH), (body) => Redacted.make(`whsec_${body}`)))

/** `sk_live_` or `sk_test_` + 32 base62 characters. */
export const newApiKey = (mode: AccountMode) =>
  Effect.flatMap(Ids, (ids) => Effect.map(ids.base62(API_KEY_SECRET_LENGTH), (secret) => formatApiKey(mode, secret)))
