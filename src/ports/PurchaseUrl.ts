import { Context } from "effect"

/** Where a caller short of credits can buy more (a 402's `purchase_url`). */
export class PurchaseUrl extends Context.Tag("spotcast/http/PurchaseUrl")<PurchaseUrl, string>() {}
