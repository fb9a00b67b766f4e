import { Context, Layer } from "effect"
import { hit, type RateDecision, type RateWindow, WINDOW_MILLIS } from "./RateWindow.js"

/**
 * Fixed one-minute windows per caller, kept in this process's memory: with several API processes
 * each counts its own window, so the effective limit is the configured one times the processes.
 */
export interface RateLimiterShape {
  readonly hit: (bucket: string, limit: number, nowMillis: number) => RateDecision
}

export class RateLimiter extends Context.Tag("spotcast/http/RateLimiter")<RateLimiter, RateLimiterShape>() {}

export const make = (): RateLimiterShape => {
  const windows = new Map<string, RateWindow>()
  let currentWindow = 0
  return {
    hit: (bucket, limit, nowMillis) => {
      const windowStart = Math.floor(nowMillis / WINDOW_MILLIS) * WINDOW_MILLIS
      if (windowStart > currentWindow) {
        // Once per minute: forget callers whose window has passed, so memory follows live callers only.
        for (const [key, window] of windows) if (window.windowStartMillis < windowStart) windows.delete(key)
        currentWindow = windowStart
      }
      const next = hit(windows.get(bucket), nowMillis, limit)
      windows.set(bucket, next.window)
      return next.decision
    }
  }
}

export const layer = Layer.sync(RateLimiter, make)
