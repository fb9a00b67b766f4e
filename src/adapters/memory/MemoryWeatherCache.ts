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

/** Entries kept at most: answers are tens of kilobytes each, and memory is the process's own. */
export const DEFAULT_CAPACITY = 1024

/**
 * The weather cache in this process only: what a process with memory storage shares with itself. Past
 * `capacity` entries the oldest go first (insertion order), except those with a live claim.
 */
export const make = (capacity = DEFAULT_CAPACITY): WeatherCacheStoreShape => {
  const entries = new Map<string, Entry>()
  const add = (key: string, entry: Entry, nowMillis: number) => {
    entries.set(key, entry)
    if (entries.size <= capacity) return
    for (const [k, e] of entries) {
      if (entries.size <= capacity) break
      if (k !== key && e.leaseUntil <= nowMillis) entries.delete(k)
    }
  }
  return {
    look: ({ key, leaseUntilMillis, nowMillis, owner, waitingSinceMillis }) =>
      Effect.sync((): CacheLook => {
        const entry = entries.get(key)
        if (entry?.value !== undefined && entry.expiresAt > nowMillis) return { _tag: "Hit", value: entry.value }
        if (entry?.failure !== undefined && entry.failedAt > waitingSinceMillis) return { _tag: "Failed", reason: entry.failure }
        if (entry !== undefined && entry.leaseUntil > nowMillis) return { _tag: "InFlight" }
        if (entry === undefined) {
          add(key, { value: undefined, expiresAt: 0, owner, leaseUntil: leaseUntilMillis, failure: undefined, failedAt: 0 }, nowMillis)
        } else {
          entry.owner = owner
          entry.leaseUntil = leaseUntilMillis
        }
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
          add(key, { value, expiresAt: expiresAtMillis, owner: undefined, leaseUntil: 0, failure: undefined, failedAt: 0 }, 0)
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
