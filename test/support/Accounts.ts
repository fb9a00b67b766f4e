import { DateTime } from "effect"
import type { AccountMode } from "../../src/domain/account/Account.js"
import { defaultPreferences } from "../../src/domain/spotcast/Preferences.js"
import type { CreateSpotCastCommand } from "../../src/domain/spotcast/SpotCastCommands.js"
import { createAccount } from "../../src/application/account/ManageAccounts.js"

/** A fresh active account with `credits` and its first key. */
export const seedAccount = (credits: number, mode: AccountMode = "live", name = "test") =>
  createAccount({ name, mode, credits })

export const firstDate = (epochMillis: number) => new Date(epochMillis).toISOString().slice(0, 10)

/** A create command for `numDays` from midnight UTC of `startDate` (YYYY-MM-DD), default preferences. */
export const createCommand = (startDate: string, numDays = 1): CreateSpotCastCommand => ({
  coordinates: { latitude: 41.13, longitude: -71.71 },
  start: DateTime.unsafeMake(`${startDate}T00:00:00Z`),
  numDays,
  preferences: defaultPreferences
})

