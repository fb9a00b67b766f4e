import { Effect, Layer } from "effect"
import { BASE62 } from "./Base62.js"
import { Ids, type IdsShape } from "../../ports/Ids.js"

/**
 * Deterministic ids for tests and simulations: a counter written in base62 and left-padded with zeros.
 * Two runs make the same ids in the same order.
 */
export const make = (): IdsShape => {
  let counter = 0
  return {
    base62: (length) =>
      Effect.sync(() => {
        let n = ++counter
        let digits = ""
        while (n > 0) {
          digits = BASE62[n % 62] + digits
          n = Math.floor(n / 62)
        }
        return digits.padStart(length, "0").slice(-length)
      })
  }
}

export const layer = Layer.sync(Ids, make)
