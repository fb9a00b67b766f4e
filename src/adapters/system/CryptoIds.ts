import { randomBytes } from "node:crypto"
import { Effect, Layer } from "effect"
import { base62FromBytes } from "./Base62.js"
import { Ids, type IdsShape } from "../../ports/Ids.js"

const draw = (length: number): string => {
  // 248/256 of bytes are usable; twice the length leaves a failure chance far below 1e-30.
  for (;;) {
    const out = base62FromBytes(randomBytes(length * 2 + 16), length)
    if (out !== undefined) return out
  }
}

export const make: IdsShape = { base62: (length) => Effect.sync(() => draw(length)) }

/** Ids from Node's cryptographic random source. */
export const layer = Layer.succeed(Ids, make)
