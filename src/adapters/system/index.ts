/** Live and deterministic ids. */
export * as CryptoIds from "./CryptoIds.js"
export * as SequentialIds from "./SequentialIds.js"
