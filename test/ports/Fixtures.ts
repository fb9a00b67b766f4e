import { DateTime, Effect, Option, Redacted } from "effect"
import type { Account } from "../../src/domain/account/Account.js"
import type { ApiKey } from "../../src/domain/account/ApiKey.js"
import type { Forecast } from "../../src/domain/forecast/Forecast.js"
import { initialLifecycle } from "../../src/domain/forecast/ForecastLifecycle.js"
import { SpotCastId, WidgetId } from "../../src/domain/Ids.js"
import type { SpotCast } from "../../src/domain/spotcast/SpotCast.js"
import type { WebhookDelivery } from "../../src/domain/webhook/WebhookDelivery.js"
import { WebhookUrl } from "../../src/domain/webhook/WebhookUrl.js"
import type { Widget } from "../../src/domain/widget/Widget.js"
import { grantEntry, type LedgerEntry } from "../../src/domain/billing/Ledger.js"
import { AccountStore } from "../../src/ports/AccountStore.js"
import { type Attempt, recordAttempt } from "../../src/domain/webhook/WebhookAttempt.js"
import type { AttemptRecord, ClaimedDelivery } from "../../src/ports/WebhookOutbox.js"
import type { chargeNewSpotCast } from "../../src/application/spotcast/CreateSpotCast.js"

type CreateSpotCastCommand = Parameters<typeof chargeNewSpotCast>[0]
import { accountId, apiKeyId, deliveryId, forecastId, id, ledgerEntryId, spotCastId } from "../support/TestIds.js"

export { id }

export const account = (at: DateTime.Utc, overrides: Partial<Account> = {}): Account => ({
  id: accountId(),
  name: "Contract account",
  status: "active",
  mode: "live",
  createdAt: at,
  webhookSecret: Redacted.make(`whsec_${"s".repeat(32)}`),
  ...overrides
})

export const apiKey = (owner: Account, at: DateTime.Utc, hash = `hash-${id("key")}`): ApiKey => ({
  id: apiKeyId(),
  accountId: owner.id,
  prefix: "sk_live_abcd",
  hash,
  mode: owner.mode,
  createdAt: at
})

/** The ledger entry of a grant to `owner`, as the core makes it. */
export const grant = (owner: Pick<Account, "id">, amount: number, at: DateTime.Utc, note?: string): LedgerEntry =>
  grantEntry(owner.id, { entryId: ledgerEntryId(), amount, at, ...(note === undefined ? {} : { note }) })

/** An account with `credits`, stored. */
export const seed = (credits: number, overrides: Partial<Account> = {}) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    const made = account(now, overrides)
    yield* (yield* AccountStore).create({ account: made, ...(credits > 0 ? { grant: grant(made, credits, now) } : {}) })
    return made
  })

export const spotcast = (owner: Pick<Account, "id">, at: DateTime.Utc, overrides: Partial<SpotCast> = {}): SpotCast => ({
  id: spotCastId(),
  accountId: owner.id,
  createdAt: at,
  coordinates: { latitude: 41.13, longitude: -71.71 },
  start: DateTime.unsafeMake(Date.UTC(2026, 2, 2)),
  numDays: 3,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  ...overrides
})

/** A widget of `owner` made at `at` (not stored), two days at a fixed spot unless `overrides` say otherwise. */
export const widget = (owner: Pick<Account, "id">, at: DateTime.Utc, overrides: Partial<Widget> = {}): Widget => ({
  id: WidgetId.make(id("wgt")),
  accountId: owner.id,
  spotcastId: SpotCastId.make(id("spc")),
  name: "Harbour",
  displayType: "mini",
  coordinates: { latitude: 41.13, longitude: -71.71 },
  numDays: 2,
  preferences: { language: "en", distanceUnits: "nm", speedUnits: "kts", heightUnits: "ft", temperatureUnits: "c" },
  createdAt: at,
  updatedAt: at,
  lastRefreshedAt: at,
  ...overrides
})

export const forecast = (of: Pick<SpotCast, "id" | "accountId">, at: DateTime.Utc, overrides: Partial<Forecast> = {}): Forecast => ({
  id: forecastId(),
  spotcastId: of.id,
  accountId: of.accountId,
  createdAt: at,
  ...initialLifecycle,
  ...overrides
})

/** A create command for a new SpotCast of `owner` at the clock's time, priced `price`. */
export const createCommand = (owner: Pick<Account, "id">, price = 2, overrides: Partial<CreateSpotCastCommand> = {}) =>
  Effect.map(DateTime.now, (now): CreateSpotCastCommand => {
    const s = spotcast(owner, now)
    return {
      spotcast: s,
      forecast: forecast(s, now),
      price,
      chargeId: ledgerEntryId(),
      estimatedCompletionSeconds: 10,
      ...overrides
    }
  })

export const delivery = (f: Forecast, at: DateTime.Utc, body = `{"event":"x","n":1}`): WebhookDelivery => ({
  id: deliveryId(),
  accountId: f.accountId,
  spotcastId: f.spotcastId,
  forecastId: f.id,
  event: "spotcast.forecast.completed",
  url: "https://hooks.example.com/spotcast",
  body,
  status: "pending",
  attempts: 0,
  nextAttemptAt: at,
  createdAt: at
})

export const webhookUrl = (s: string) => WebhookUrl.make(s)

export const refundId = () => ledgerEntryId()

/** The attempt the core records for a claim (the domain's `recordAttempt` over the delivery as claimed). */
export const attempted = (claimed: ClaimedDelivery, owner: string, attempt: Attempt): AttemptRecord => ({
  owner,
  from: claimed.delivery,
  attempted: Option.getOrThrow(recordAttempt(claimed.delivery, claimed.recorded, attempt))
})
