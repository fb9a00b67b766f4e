import { Clock, Effect, Option } from "effect"
import type { AccountId } from "../../domain/Ids.js"
import { aggregate } from "../../domain/usage/UsageCounters.js"
import { periodMillis, resolveRange, type UsageQuery } from "../../domain/usage/UsageRange.js"
import { UsageStore } from "../../ports/UsageStore.js"
import { requireAccount } from "../account/ManageAccounts.js"
import { RequestCounter } from "./RequestCounter.js"

/**
 * The account's usage over the range the query asks for, per period. Free. This process's pending
 * request counts are written first, so a report includes every request this process has answered
 * (the report's own included); other API processes' counts arrive within their flush interval.
 */
export const usageReport = Effect.fn("UsageReport")(function*(accountId: AccountId, query: UsageQuery) {
  const range = yield* resolveRange(query, yield* Clock.currentTimeMillis)
  const counter = yield* Effect.serviceOption(RequestCounter)
  if (Option.isSome(counter)) yield* counter.value.flush
  const tallies = yield* (yield* UsageStore).tallies(
    accountId,
    range.startMillis,
    range.endMillis,
    periodMillis(range.granularity)
  )
  return aggregate(range, tallies)
})

/** The operator's view of an account's usage (`spotcast admin usage`). */
export const accountUsageReport = Effect.fn("AccountUsageReport")(function*(accountId: string, query: UsageQuery) {
  const account = yield* requireAccount(accountId)
  return yield* usageReport(account.id, query)
})
