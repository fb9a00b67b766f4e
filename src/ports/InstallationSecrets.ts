import { Context, type Effect } from "effect"

/**
 * Secrets an installation makes for itself on first start and keeps in its storage, so that every
 * process and every restart uses the same one (e.g. the key that seals pagination cursors).
 */
export interface InstallationSecretsShape {
  /**
   * The secret kept under `name`. When there is none yet, `candidate` is kept and returned; when several
   * processes start at once, all of them get the one that was kept first.
   */
  readonly keep: (name: string, candidate: string) => Effect.Effect<string>
}

export class InstallationSecrets extends Context.Tag("spotcast/InstallationSecrets")<
  InstallationSecrets,
  InstallationSecretsShape
>() {}
