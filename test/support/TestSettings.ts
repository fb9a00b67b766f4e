import { Layer, Redacted } from "effect"
import { Settings, type SettingsShape } from "../../src/ports/Settings.js"

export const testSettings: SettingsShape = {
  publicBaseUrl: "https://spotcast.test",
  forecastHorizonDays: 16,
  cursorSecret: Redacted.make("test-cursor-secret"),
  rateLimitPerMinute: 60
}

export const layer = (overrides: Partial<SettingsShape> = {}) =>
  Layer.succeed(Settings, { ...testSettings, ...overrides })
