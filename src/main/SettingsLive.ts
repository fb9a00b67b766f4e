import { Layer, Option, Redacted } from "effect"
import { Settings } from "../ports/Settings.js"
import type { AppConfig } from "./config/AppConfig.js"

/** The public root when PUBLIC_BASE_URL is not set: the address the server listens on, as seen locally. */
export const localBaseUrl = (config: Pick<AppConfig, "host" | "port">) =>
  `http://${config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host}:${config.port}`

/**
 * The core's settings from the configuration. Without SPOTCAST_CURSOR_SECRET, cursors are sealed with a
 * fixed key: they still bind account and list, but are forgeable by someone who reads this source.
 */
export const layer = (config: AppConfig) =>
  Layer.succeed(Settings, {
    publicBaseUrl: Option.getOrElse(config.publicBaseUrl, () => localBaseUrl(config)),
    forecastHorizonDays: config.forecastHorizonDays,
    cursorSecret: Option.getOrElse(config.cursorSecret, () => Redacted.make("spotcast-default-cursor-key")),
    rateLimitPerMinute: config.rateLimitPerMinute
  })
