import { Effect, Layer, Option, Redacted } from "effect"
import { Ids } from "../ports/Ids.js"
import { InstallationSecrets } from "../ports/InstallationSecrets.js"
import { Settings } from "../ports/Settings.js"
import type { AppConfig } from "./config/AppConfig.js"

/** The public root when PUBLIC_BASE_URL is not set: the address the server listens on, as seen locally. */
export const localBaseUrl = (config: Pick<AppConfig, "host" | "port">) =>
  `http://${config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host}:${config.port}`

/** Where the generated cursor key is kept in storage. */
export const CURSOR_SECRET_NAME = "cursor_seal"

/** 43 base62 characters: about 256 bits. */
const GENERATED_SECRET_LENGTH = 43

/**
 * The key that seals pagination cursors: SPOTCAST_CURSOR_SECRET when set, otherwise one this
 * installation generated on its first start and keeps in its storage (shared by every process).
 */
const cursorSecret = (config: Pick<AppConfig, "cursorSecret">) =>
  Option.match(config.cursorSecret, {
    onSome: Effect.succeed,
    onNone: () =>
      Effect.gen(function*() {
        const candidate = yield* (yield* Ids).base62(GENERATED_SECRET_LENGTH)
        return Redacted.make(yield* (yield* InstallationSecrets).keep(CURSOR_SECRET_NAME, candidate))
      })
  })

/** The core's settings from the configuration and, for the cursor key, from storage. */
export const layer = (
  config: Pick<
    AppConfig,
    "publicBaseUrl" | "host" | "port" | "forecastHorizonDays" | "cursorSecret" | "previousCursorSecret" | "rateLimitPerMinute"
  >
) =>
  Layer.effect(
    Settings,
    Effect.map(cursorSecret(config), (secret) => ({
      publicBaseUrl: Option.getOrElse(config.publicBaseUrl, () => localBaseUrl(config)),
      forecastHorizonDays: config.forecastHorizonDays,
      cursorSecret: secret,
      previousCursorSecret: Option.getOrUndefined(config.previousCursorSecret),
      rateLimitPerMinute: config.rateLimitPerMinute
    }))
  )
