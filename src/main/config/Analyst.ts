import { Config, ConfigError, Duration, Either, Option } from "effect"
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, defaultBaseUrl, type LlmOptions } from "../../adapters/analyst/LlmOptions.js"
import { httpRoot, intBetween } from "./Env.js"

/** `SPOTCAST_LLM_*`: `None` when the built-in analyst is chosen (the default). */
export const AnalystConfig: Config.Config<Option.Option<LlmOptions>> = Config.all({
  provider: Config.literal("builtin", "openai", "anthropic", "openai-compatible")("SPOTCAST_LLM_PROVIDER").pipe(
    Config.withDefault("builtin" as const)
  ),
  baseUrl: Config.option(httpRoot("SPOTCAST_LLM_BASE_URL")),
  apiKey: Config.option(Config.redacted(Config.nonEmptyString("SPOTCAST_LLM_API_KEY"))),
  model: Config.option(Config.nonEmptyString("SPOTCAST_LLM_MODEL")),
  timeoutMs: intBetween("SPOTCAST_LLM_TIMEOUT_MS", 100, 600_000).pipe(Config.withDefault(DEFAULT_TIMEOUT_MS)),
  retries: intBetween("SPOTCAST_LLM_RETRIES", 0, 5).pipe(Config.withDefault(DEFAULT_RETRIES))
}).pipe(
  Config.mapOrFail(({ apiKey, baseUrl, model, provider, retries, timeoutMs }) => {
    if (provider === "builtin") return Either.right(Option.none())
    if (Option.isNone(model)) {
      return Either.left(ConfigError.MissingData(["SPOTCAST_LLM_MODEL"], `SPOTCAST_LLM_MODEL is required when SPOTCAST_LLM_PROVIDER=${provider}`))
    }
    if ((provider === "openai" || provider === "anthropic") && Option.isNone(apiKey)) {
      return Either.left(ConfigError.MissingData(["SPOTCAST_LLM_API_KEY"], `SPOTCAST_LLM_API_KEY is required when SPOTCAST_LLM_PROVIDER=${provider}`))
    }
    return Either.right(Option.some({
      provider,
      baseUrl: Option.getOrElse(baseUrl, () => defaultBaseUrl[provider]),
      apiKey,
      model: model.value,
      timeout: Duration.millis(timeoutMs),
      retries
    }))
  })
)
