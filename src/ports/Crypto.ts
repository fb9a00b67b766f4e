import { Context } from "effect"
import type { Digests } from "../domain/Digests.js"

/**
 * Hashing, HMAC and constant-time comparison from the platform. Synchronous: they are pure, and on the
 * path of every request (the API key's hash).
 */
export type CryptoShape = Digests

export class Crypto extends Context.Tag("spotcast/Crypto")<Crypto, CryptoShape>() {}
