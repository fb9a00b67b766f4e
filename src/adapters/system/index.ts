/** Live and deterministic ids. */
export * as CryptoIds from "./CryptoIds.js"
export * as SequentialIds from "./SequentialIds.js"
export * as Base62 from "./Base62.js"
