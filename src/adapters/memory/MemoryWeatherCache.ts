import { Effect, Layer } from "effect"
import { type CacheLook, WeatherCacheStore, type WeatherCacheStoreShape } from "../../ports/WeatherCacheStore.js"

interface Entry {
  value: string | undefined
  expiresAt: number
  owner: string | undefined
  leaseUntil: number
  failure: string | undefined
  failedAt: number
}

/** A failure stays this long after its claim ended, for the waiters polling it to read. */
export const FAILURE_KEEP_MILLIS = 60_000

/** The weather cache in this process only: what a process with memory storage shares with itself. */
export const make = (): WeatherCacheStoreShape => {
  const entries = new Map<string, Entry>()
  return {
    look: ({ key, leaseUntilMillis, nowMillis, owner, waitingSinceMillis }) =>
      Effect.sync((): CacheLook => {
        const entry = entries.get(key)
        if (entry?.value !== undefined && entry.expiresAt > nowMillis) return { _tag: "Hit", value: entry.value }
        if (entry?.failure !== undefined && entry.failedAt > waitingSinceMillis) return { _tag: "Failed", reason: entry.failure }
        if (entry !== undefined && entry.leaseUntil > nowMillis) return { _tag: "InFlight" }
        const claimed: Entry = entry ?? { value: undefined, expiresAt: 0, owner, leaseUntil: 0, failure: undefined, failedAt: 0 }
        claimed.owner = owner
        claimed.leaseUntil = leaseUntilMillis
        entries.set(key, claimed)
        return { _tag: "Claimed" }
      }),
    renew: (key, owner, leaseUntilMillis) =>
      Effect.sync(() => {
        const entry = entries.get(key)
        if (entry === undefined || entry.owner !== owner) return false
        entry.leaseUntil = leaseUntilMillis
        return true
      }),
    fill: (key, owner, value, expiresAtMillis) =>
      Effect.sync(() => {
        const entry = entries.get(key)
        if (entry === undefined) {
          entries.set(key, { value, expiresAt: expiresAtMillis, owner: undefined, leaseUntil: 0, failure: undefined, failedAt: 0 })
          return
        }
        entry.value = value
        entry.expiresAt = expiresAtMillis
        if (entry.owner === owner) {
          entry.owner = undefined
          entry.leaseUntil = 0
        }
      }),
    fail: (key, owner, reason, nowMillis) =>
      Effect.sync(() => {
        const entry = entries.get(key)
        if (entry === undefined || entry.owner !== owner) return
        entry.failure = reason
        entry.failedAt = nowMillis
        entry.owner = undefined
        entry.leaseUntil = 0
      }),
    sweep: (nowMillis) =>
      Effect.sync(() => {
        let swept = 0
        for (const [key, entry] of entries) {
          if (entry.expiresAt <= nowMillis && entry.leaseUntil <= nowMillis && entry.failedAt <= nowMillis - FAILURE_KEEP_MILLIS) {
            entries.delete(key)
            swept++
          }
        }
        return swept
      })
  }
}

export const layer = Layer.sync(WeatherCacheStore, make)
