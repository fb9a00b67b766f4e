import { Schema } from "effect"

/** Every public id is a prefix, an underscore and 22 base62 characters from a cryptographic source. */
export const ID_BODY_LENGTH = 22

export const IdPrefix = {
  spotcast: "spc",
  forecast: "fcst",
  delivery: "whk",
  widget: "wgt",
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
export const AccountId = idSchema(IdPrefix.account, "AccountId")
export type AccountId = typeof AccountId.Type
export const ApiKeyId = idSchema(IdPrefix.apiKey, "ApiKeyId")
export type ApiKeyId = typeof ApiKeyId.Type
export const LedgerEntryId = idSchema(IdPrefix.ledgerEntry, "LedgerEntryId")
export type LedgerEntryId = typeof LedgerEntryId.Type
