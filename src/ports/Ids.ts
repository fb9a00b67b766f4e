import { Context, type Effect } from "effect"

/** The one source of randomness the core uses: ids, API keys and secrets are made from it. */
export interface IdsShape {
  /** `length` base62 characters from a cryptographic random source. */
  readonly base62: (length: number) => Effect.Effect<string>
}

export class Ids extends Context.Tag("spotcast/Ids")<Ids, IdsShape>() {}
