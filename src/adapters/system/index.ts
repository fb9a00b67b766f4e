/** Live and deterministic ids, and native hashing. */
export * as CryptoIds from "./CryptoIds.js"
export * as NodeCrypto from "./NodeCrypto.js"
export * as SequentialIds from "./SequentialIds.js"
export * as AesGcmSealer from "./AesGcmSealer.js"
export * as TokenBucket from "./TokenBucket.js"
export * as RateLimited from "./RateLimited.js"
