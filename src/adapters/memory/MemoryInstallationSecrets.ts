import { Effect, Layer } from "effect"
import { InstallationSecrets } from "../../ports/InstallationSecrets.js"

/** Kept for the life of the process: memory storage forgets everything at a restart, cursors included. */
export const make = () => {
  const kept = new Map<string, string>()
  return InstallationSecrets.of({
    keep: (name, candidate) =>
      Effect.sync(() => {
        const present = kept.get(name)
        if (present !== undefined) return present
        kept.set(name, candidate)
        return candidate
      })
  })
}

export const layer = Layer.sync(InstallationSecrets, make)
