import { Context, type Either, Schema } from "effect"

/**
 * Seals secrets the service must be able to read back (webhook signing secrets) before they are stored,
 * so that a copy of the database does not hand them out. `context` names where the value lives (e.g. the
 * account id): a sealed value copied to another row does not open there.
 */
export interface SecretSealerShape {
  /** The text to store for `plain`. */
  readonly seal: (plain: string, context: string) => string
  /** The plain text of a stored value (sealed under a key this process has, or legacy plain text), or why not. */
  readonly open: (stored: string, context: string) => Either.Either<string, string>
  /** A stored value that should be sealed again: plain text, or sealed under a key that is not the current one. */
  readonly stale: (stored: string) => boolean
}

export class SecretSealer extends Context.Tag("spotcast/SecretSealer")<SecretSealer, SecretSealerShape>() {}

/** Stored secrets that no configured key opens: the process must not start (it could not sign). */
export class SecretsUnreadable extends Schema.TaggedError<SecretsUnreadable>()("SecretsUnreadable", {
  message: Schema.String
}) {}
