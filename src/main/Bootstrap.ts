import { Console, Effect, Option, Redacted } from "effect"
import { DEMO_CREDITS, ensureBootstrapAccount } from "../application/account/ManageAccounts.js"
import type { AppConfig } from "./config/AppConfig.js"

/**
 * Makes sure someone can call the API after the first start: the configured bootstrap key's account,
 * or, on an empty database with nothing configured, a sandbox demo account whose key is printed once.
 * Two processes starting together may race to create the same account; the loser finds it on a retry.
 */
export const bootstrap = (config: AppConfig) => {
  const attempt = ensureBootstrapAccount({
    key: Option.getOrUndefined(Option.map(config.bootstrapKey, Redacted.value)),
    credits: Option.getOrUndefined(config.bootstrapCredits)
  })
  // The loser of a start-up race dies on the store's unique key (a defect); once more, it finds the account.
  return attempt.pipe(
    Effect.catchAllDefect(() => attempt),
    Effect.tap((result) => {
      if (result._tag === "Existing") {
        return Option.isSome(config.bootstrapKey) ? Effect.void : Effect.logInfo(
          "accounts already exist, so no demo key is printed; for a new key find the account with " +
            "`spotcast admin accounts list` and run `spotcast admin keys issue <account-id>` " +
            "(SPOTCAST_ADMIN_TOKEN set for the server and the CLI), or set SPOTCAST_BOOTSTRAP_KEY"
        )
      }
      if (!result.generated) {
        return Effect.logInfo(`bootstrap account ${result.account.id} created with the configured key`)
      }
      return Console.log(
        [
          "",
          `  A sandbox demo account was created with ${Option.getOrElse(config.bootstrapCredits, () => DEMO_CREDITS)} credits`,
          "  (sandbox: its forecasts use simulated weather). Its API key is shown this once:",
          "",
          `    ${result.key.secret}`,
          "",
          "  Keep it: it is stored only as a hash. Set SPOTCAST_BOOTSTRAP_KEY to choose your own.",
          ""
        ].join("\n")
      )
    }),
    Effect.asVoid,
    Effect.withSpan("Bootstrap")
  )
}
