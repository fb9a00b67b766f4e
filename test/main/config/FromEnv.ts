import { type Config, ConfigProvider, Effect } from "effect"

/** Reads `config` from `env` alone, as the process would from its environment. */
export const fromEnv = <A>(config: Config.Config<A>, env: Record<string, string>) =>
  Effect.either(Effect.withConfigProvider(config, ConfigProvider.fromMap(new Map(Object.entries(env)))))
