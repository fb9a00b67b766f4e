import { DateTime, Effect, Layer } from "effect"
import { productOf } from "../../domain/billing/Ledger.js"
import type { AccountId } from "../../domain/Ids.js"
import type { Tally } from "../../domain/usage/UsageCounters.js"
import { UsageStore, type UsageStoreShape } from "../../ports/UsageStore.js"
import { MemoryDatabase } from "./MemoryDatabase.js"

interface HourCounts {
  requests: number
  rateLimited: number
}

/**
 * Usage read from the memory tables, with the request counts in a map of this store's own (per
 * account, per hour). Like the rest of memory storage, nothing survives the process.
 */
export const layer = Layer.effect(
  UsageStore,
  Effect.gen(function*() {
    const db = yield* MemoryDatabase
    const requests = new Map<AccountId, Map<number, HourCounts>>()

    const tallies = (accountId: AccountId, startMillis: number, endMillis: number, bucket: number): ReadonlyArray<Tally> => {
      const out: Array<Tally> = []
      const bucketOf = (millis: number) => Math.floor(millis / bucket) * bucket
      const at = (time: DateTime.Utc | undefined, make: (bucketMillis: number) => Tally) => {
        if (time === undefined) return
        const millis = DateTime.toEpochMillis(time)
        if (millis >= startMillis && millis < endMillis) out.push(make(bucketOf(millis)))
      }
      for (const entry of db.ledger.get(accountId) ?? []) {
        if (entry.kind === "grant") continue
        const measure = entry.kind === "charge" ? "credits_charged" : "credits_refunded"
        at(entry.createdAt, (bucketMillis) => ({ bucketMillis, measure, amount: entry.amount, product: productOf(entry) }))
      }
      for (const forecast of db.forecasts.values()) {
        if (forecast.accountId !== accountId) continue
        at(forecast.createdAt, (bucketMillis) => ({ bucketMillis, measure: "forecasts_created", amount: 1 }))
        at(forecast.completedAt, (bucketMillis) => ({ bucketMillis, measure: "forecasts_completed", amount: 1 }))
        at(forecast.failedAt, (bucketMillis) => ({ bucketMillis, measure: "forecasts_failed", amount: 1 }))
      }
      for (const delivery of db.deliveries.values()) {
        if (delivery.accountId !== accountId) continue
        if (delivery.status === "delivered") {
          at(delivery.deliveredAt, (bucketMillis) => ({ bucketMillis, measure: "webhook_deliveries_succeeded", amount: 1 }))
        } else if (delivery.status === "failed") {
          const last = db.attempts.get(delivery.id)?.at(-1)?.at ?? delivery.createdAt
          at(last, (bucketMillis) => ({ bucketMillis, measure: "webhook_deliveries_failed", amount: 1 }))
        }
      }
      for (const [hourMillis, counts] of requests.get(accountId) ?? []) {
        if (hourMillis < startMillis || hourMillis >= endMillis) continue
        out.push({ bucketMillis: bucketOf(hourMillis), measure: "requests", amount: counts.requests })
        out.push({ bucketMillis: bucketOf(hourMillis), measure: "rate_limited_requests", amount: counts.rateLimited })
      }
      return out
    }

    return UsageStore.of({
      addRequests: (batch) =>
        Effect.sync(() => {
          for (const tally of batch) {
            const hours = requests.get(tally.accountId) ?? new Map<number, HourCounts>()
            requests.set(tally.accountId, hours)
            const counts = hours.get(tally.hourMillis) ?? { requests: 0, rateLimited: 0 }
            hours.set(tally.hourMillis, counts)
            counts.requests += tally.requests
            counts.rateLimited += tally.rateLimited
          }
        }),
      tallies: (accountId, startMillis, endMillis, bucketMillis) =>
        Effect.sync(() => tallies(accountId, startMillis, endMillis, bucketMillis))
    } satisfies UsageStoreShape)
  })
)
