import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Layer } from "effect"
import { Settings } from "../../ports/Settings.js"
import { PurchaseUrl } from "../../ports/PurchaseUrl.js"

export const BILLING_PATH = "/billing"

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>SpotCast credits</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>Buying credits</h1>
<p>This SpotCast service sells no credits online. Credits are granted by its operator: ask them for
more, quoting your account id (shown by <code>GET /v3/developer/info</code>).</p>
<p>Operators: set <code>SPOTCAST_PURCHASE_URL</code> to your own billing page, and grant credits with
<code>spotcast admin credits grant &lt;account-id&gt; &lt;amount&gt;</code>.</p>
</body>
</html>
`

/**
 * The billing page that `purchase_url` names when no SPOTCAST_PURCHASE_URL is configured, so the link a
 * client is given always leads somewhere that says how to get credits.
 */
export const layer = HttpApiBuilder.Router.use((router) => router.get(BILLING_PATH, Effect.succeed(HttpServerResponse.html(page))))

/** Where balance answers and 402 errors send a client to buy credits. */
export { PurchaseUrl }

/** The configured billing page, else the page above on the service's public root. */
export const purchaseUrlLayer = (configured: string | undefined) =>
  configured === undefined
    ? Layer.effect(PurchaseUrl, Effect.map(Settings, (settings) => `${settings.publicBaseUrl}${BILLING_PATH}`))
    : Layer.succeed(PurchaseUrl, configured)
