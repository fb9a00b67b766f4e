import { HttpClientRequest } from "@effect/platform"
import { Effect, Schedule } from "effect"
import { seedAccount } from "../../../support/Accounts.js"
import { raw } from "./TestServer.js"

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

/** Today's UTC date; the test servers run on the real clock, so this is a valid start date. */
export const today = () => new Date().toISOString().slice(0, 10)

export const createBody = (overrides: Record<string, unknown> = {}) => ({
  latitude: 41.13,
  longitude: -71.71,
  start_date: today(),
  num_days: 2,
  ...overrides
})

/** A fresh account with `credits` and its key. */
export const account = (credits: number) =>
  Effect.map(seedAccount(credits), ({ account, key }) => ({ account, key: key.secret }))

export const authed = (key: string) => HttpClientRequest.bearerToken(key)

export const get = (path: string, key?: string) =>
  raw(key === undefined ? HttpClientRequest.get(path) : HttpClientRequest.get(path).pipe(authed(key)))

export const postJson = (path: string, body: unknown, key?: string, headers: Record<string, string> = {}) =>
  raw(
    HttpClientRequest.post(path).pipe(
      key === undefined ? (r) => r : authed(key),
      HttpClientRequest.setHeaders(headers),
      HttpClientRequest.bodyUnsafeJson(body)
    )
  )

export const postText = (path: string, text: string, key?: string, headers: Record<string, string> = {}) =>
  raw(
    HttpClientRequest.post(path).pipe(
      key === undefined ? (r) => r : authed(key),
      HttpClientRequest.setHeaders(headers),
      HttpClientRequest.bodyText(text, "application/json")
    )
  )

/** Polls the status endpoint until the newest forecast has finished (completed or failed). */
export const awaitFinished = (spotcastId: string, key: string) =>
  get(`/v3/spotcast/${spotcastId}/status`, key).pipe(
    Effect.filterOrFail((r) => r.json?.status === "completed" || r.json?.status === "failed", () => "unfinished"),
    Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }),
    Effect.orDieWith(() => new Error(`the forecast of ${spotcastId} did not finish`))
  )

/** Creates a SpotCast over HTTP and returns its 202 body. */
export const createSpotCast = (key: string, overrides: Record<string, unknown> = {}) =>
  Effect.flatMap(postJson("/v3/spotcast", createBody(overrides), key), (r) =>
    r.status === 202 ? Effect.succeed(r.json) : Effect.dieMessage(`create answered ${r.status}: ${r.text}`))
