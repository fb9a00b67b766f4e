import { Context, type Effect } from "effect"

/** A caller's request count in the fixed window it is in. */
export interface CountedWindow {
  readonly windowStartMillis: number
  readonly count: number
}

/**
 * Rate-limit windows shared by every API process (one per caller), where storage is shared. Each
 * call counts one request atomically: a later window than the stored one starts again at 1.
 * Where this port is absent, each process keeps its own windows.
 */
export interface RateWindowStoreShape {
  readonly increment: (bucket: string, windowStartMillis: number) => Effect.Effect<CountedWindow>
}

export class RateWindowStore extends Context.Tag("spotcast/RateWindowStore")<RateWindowStore, RateWindowStoreShape>() {}
