import type { Duration, Option, Redacted } from "effect"

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
