import type { AccountMode } from "../../src/domain/account/Account.js"
import { createAccount } from "../../src/application/ManageAccounts.js"

/** A fresh active account with `credits` and its first key. */
export const seedAccount = (credits: number, mode: AccountMode = "live", name = "test") =>
  createAccount({ name, mode, credits })

export const firstDate = (epochMillis: number) => new Date(epochMillis).toISOString().slice(0, 10)

export const createBody = (startDate: string, numDays = 1) => ({
  latitude: 41.13,
  longitude: -71.71,
  start_date: startDate,
  num_days: numDays
})

