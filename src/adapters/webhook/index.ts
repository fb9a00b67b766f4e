/** Webhook delivery over HTTPS with the SSRF guard. */
export * as AddressGuard from "./AddressGuard.js"
export * as HttpWebhookTransport from "./HttpWebhookTransport.js"
export * as TransportFailure from "./TransportFailure.js"
