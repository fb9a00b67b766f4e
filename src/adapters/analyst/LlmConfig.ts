import { Config, ConfigError, Duration, Either, Option, type Redacted } from "effect"

/** Which analyst writes the texts: the built-in one, OpenAI (Responses API) or a chat-completions server. */
export type LlmProvider = "builtin" | "openai" | "openai-compatible"

export interface LlmOptions {
  readonly provider: Exclude<LlmProvider, "builtin">
  /** The API root, e.g. `https://api.openai.com/v1` or Ollama's `http://localhost:11434/v1`. */
  readonly baseUrl: string
  /** Sent as a bearer token; never logged. */
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
  readonly model: string
  /** Per attempt; there is one retry. */
  readonly timeout: Duration.DurationInput
}

export const defaultBaseUrl: Record<LlmOptions["provider"], string> = {
  openai: "https://api.openai.com/v1",
  "openai-compatible": "http://localhost:11434/v1"
}

export const DEFAULT_TIMEOUT_MS = 30_000

const baseUrl = Config.url("SPOTCAST_LLM_BASE_URL").pipe(
  Config.validate({
    message: "Expected an absolute http(s) URL",
    validation: (u) => u.protocol === "http:" || u.protocol === "https:"
  }),
  Config.map((u) => u.toString().replace(/\/+$/, "")),
  Config.option
)

/** `SPOTCAST_LLM_*`: `None` when the built-in analyst is chosen (the default). */
export const config: Config.Config<Option.Option<LlmOptions>> = Config.all({
  provider: Config.literal("builtin", "openai", "openai-compatible")("SPOTCAST_LLM_PROVIDER").pipe(
    Config.withDefault("builtin" as const)
  ),
  baseUrl,
  apiKey: Config.option(Config.redacted(Config.nonEmptyString("SPOTCAST_LLM_API_KEY"))),
  model: Config.option(Config.nonEmptyString("SPOTCAST_LLM_MODEL")),
  timeoutMs: Config.integer("SPOTCAST_LLM_TIMEOUT_MS").pipe(
    Config.validate({ message: "Expected an integer from 100 to 600000", validation: (n) => n >= 100 && n <= 600_000 }),
    Config.withDefault(DEFAULT_TIMEOUT_MS)
  )
}).pipe(
  Config.mapOrFail(({ apiKey, baseUrl, model, provider, timeoutMs }) => {
    if (provider === "builtin") return Either.right(Option.none())
    if (Option.isNone(model)) {
      return Either.left(ConfigError.MissingData(["SPOTCAST_LLM_MODEL"], `SPOTCAST_LLM_MODEL is required when SPOTCAST_LLM_PROVIDER=${provider}`))
    }
    if (provider === "openai" && Option.isNone(apiKey)) {
      return Either.left(ConfigError.MissingData(["SPOTCAST_LLM_API_KEY"], "SPOTCAST_LLM_API_KEY is required when SPOTCAST_LLM_PROVIDER=openai"))
    }
    return Either.right(Option.some({
      provider,
      baseUrl: Option.getOrElse(baseUrl, () => defaultBaseUrl[provider]),
      apiKey,
      model: model.value,
      timeout: Duration.millis(timeoutMs)
    }))
  })
)
