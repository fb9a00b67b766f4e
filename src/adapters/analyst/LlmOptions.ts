import type { Duration, Option, Redacted } from "effect"

/**
 * Which analyst writes the texts: the built-in one, OpenAI (Responses API), Anthropic (Messages API)
 * or a chat-completions server (Ollama, vLLM, llama.cpp…).
 */
export type LlmProvider = "builtin" | "openai" | "anthropic" | "openai-compatible"

export interface LlmOptions {
  readonly provider: Exclude<LlmProvider, "builtin">
  /** The API root, e.g. `https://api.openai.com/v1`, `https://api.anthropic.com/v1` or Ollama's `http://localhost:11434/v1`. */
  readonly baseUrl: string
  /** Sent as a bearer token (Anthropic: `x-api-key`); never logged. */
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
  readonly model: string
  /** Per attempt. */
  readonly timeout: Duration.DurationInput
  /** Further attempts after a failed one (timeout, HTTP error, an answer that is not the schema). */
  readonly retries: number
}

export const defaultBaseUrl: Record<LlmOptions["provider"], string> = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com/v1",
  "openai-compatible": "http://localhost:11434/v1"
}

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_RETRIES = 1
