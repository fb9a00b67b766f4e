import { Context, type Redacted } from "effect"

/** Service-wide settings the core's rules depend on; `main` reads them from the environment. */
export interface SettingsShape {
  /** Public root of the service, e.g. https://api.example.com; links are built from it. */
  readonly publicBaseUrl: string
  /** Days the weather provider forecasts ahead; the last forecast date must lie within them. */
  readonly forecastHorizonDays: number
  /** Seals pagination cursors. */
  readonly cursorSecret: Redacted.Redacted<string>
  /** A secret being rotated out: cursors it sealed are still opened (never used to seal). */
  readonly previousCursorSecret?: Redacted.Redacted<string> | undefined
  /** Requests per minute per API key unless the account has its own limit. */
  readonly rateLimitPerMinute: number
}

export class Settings extends Context.Tag("spotcast/Settings")<Settings, SettingsShape>() {}
