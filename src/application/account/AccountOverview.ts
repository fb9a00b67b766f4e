import { Effect } from "effect"
import type { Account } from "../../domain/account/Account.js"
import { AccountStore } from "../../ports/AccountStore.js"
import { Settings } from "../../ports/Settings.js"
import type { Caller } from "./Authenticate.js"
import { spanned } from "../../ports/Spans.js"

// Untraced and spanned only when tracing: on every balance request, Effect.fn's stack capture per call
// and a span nobody exports cost more than the read from memory.
const balanceSpan = spanned("AccountBalance")
export const accountBalance = (account: Account) =>
  Effect.flatMap(AccountStore, (accounts) => accounts.balance(account.id)).pipe(balanceSpan)

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
