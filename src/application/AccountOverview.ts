import { Effect } from "effect"
import type { Account } from "../domain/account/Account.js"
import { AccountStore } from "../ports/AccountStore.js"
import { Settings } from "../ports/Settings.js"
import type { Caller } from "./Authenticate.js"

export const accountBalance = Effect.fn("AccountBalance")(function*(account: Account) {
  return yield* (yield* AccountStore).balance(account.id)
})

/** What GET /v3/developer/info reports: the account, the calling key, credits, limits and webhook secret. */
export const developerInfo = Effect.fn("DeveloperInfo")(function*(caller: Caller) {
  const settings = yield* Settings
  return {
    account: caller.account,
    key: caller.key,
    balance: yield* accountBalance(caller.account),
    rateLimitPerMinute: caller.account.rateLimitPerMinute ?? settings.rateLimitPerMinute
  }
})
