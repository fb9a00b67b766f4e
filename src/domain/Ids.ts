import { Schema } from "effect"

/** Every public id is a prefix, an underscore and 22 base62 characters from a cryptographic source. */
export const ID_BODY_LENGTH = 22

export const IdPrefix = {
  spotcast: "spc",
  forecast: "fcst",
  delivery: "whk",
  widget: "wgt",
  route: "rte",
  account: "acct",
  apiKey: "key",
  ledgerEntry: "led"
} as const
export type IdPrefix = (typeof IdPrefix)[keyof typeof IdPrefix]

const idSchema = <const B extends string>(prefix: IdPrefix, brand: B) =>
  Schema.String.pipe(
    Schema.pattern(new RegExp(`^${prefix}_[0-9A-Za-z]{${ID_BODY_LENGTH}}$`)),
    Schema.brand(brand)
  )

export const SpotCastId = idSchema(IdPrefix.spotcast, "SpotCastId")
export type SpotCastId = typeof SpotCastId.Type
export const ForecastId = idSchema(IdPrefix.forecast, "ForecastId")
export type ForecastId = typeof ForecastId.Type
export const DeliveryId = idSchema(IdPrefix.delivery, "DeliveryId")
export type DeliveryId = typeof DeliveryId.Type
export const WidgetId = idSchema(IdPrefix.widget, "WidgetId")
export type WidgetId = typeof WidgetId.Type
export const RouteId = idSchema(IdPrefix.route, "RouteId")
export type RouteId = typeof RouteId.Type
export const AccountId = idSchema(IdPrefix.account, "AccountId")
export type AccountId = typeof AccountId.Type
export const ApiKeyId = idSchema(IdPrefix.apiKey, "ApiKeyId")
export type ApiKeyId = typeof ApiKeyId.Type
export const LedgerEntryId = idSchema(IdPrefix.ledgerEntry, "LedgerEntryId")
export type LedgerEntryId = typeof LedgerEntryId.Type

// Whether a string is a well-formed id: one that is not names nothing, so callers answer "not found"
// without asking storage (which may not even hold such text, e.g. a NUL character).
export const isSpotCastId = Schema.is(SpotCastId)
export const isForecastId = Schema.is(ForecastId)
export const isDeliveryId = Schema.is(DeliveryId)
export const isAccountId = Schema.is(AccountId)
export const isApiKeyId = Schema.is(ApiKeyId)
export const isWidgetId = Schema.is(WidgetId)
export const isRouteId = Schema.is(RouteId)
