import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

export type Style = "openai" | "anthropic" | "openai-compatible"

export type ModelReply =
  /** The model's text (the JSON it was asked for, or not), wrapped in the style's envelope. */
  | { readonly text: string }
  | { readonly status: number; readonly body: string }
  | { readonly hang: true }

export interface ModelCall {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: any
}

const objectIn = (text: string): object | undefined => {
  try {
    const json = JSON.parse(text)
    return typeof json === "object" && json !== null && !Array.isArray(json) ? json : undefined
  } catch {
    return undefined
  }
}

/**
 * The envelope each API style puts the model's text in. Anthropic answers a structured request by
 * calling the one tool it was given, with the object as its input; a model that wrote no object
 * answers in a text block.
 */
const envelope = (style: Style, text: string, body: any): string =>
  JSON.stringify(
    style === "anthropic"
      ? {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: "claude-fake",
        content: objectIn(text) === undefined
          ? [{ type: "text", text }]
          : [{ type: "tool_use", id: "toolu_fake", name: body?.tools?.[0]?.name ?? "answer", input: objectIn(text) }],
        stop_reason: objectIn(text) === undefined ? "end_turn" : "tool_use",
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 50 }
      }
      : style === "openai"
      ? {
        id: "resp_fake",
        object: "response",
        created_at: 1_790_000_000,
        status: "completed",
        error: null,
        incomplete_details: null,
        instructions: null,
        model: "gpt-fake",
        output: [{
          type: "message",
          id: "msg_fake",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text, annotations: [] }]
        }],
        parallel_tool_calls: true,
        tools: [],
        tool_choice: "none",
        metadata: null,
        temperature: 0.2,
        top_p: 1
      }
      : {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 1_790_000_000,
        model: "llama-fake",
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }]
      }
  )

/** The path each style posts to, under the base URL `/v1`. */
export const pathOf = (style: Style) =>
  style === "openai" ? "/v1/responses" : style === "anthropic" ? "/v1/messages?beta=true" : "/v1/chat/completions"

/** A loopback model server for one API style; `reply(call number)` decides each answer. */
export const fakeModel = (style: Style, reply: (call: number, body: any) => ModelReply, delayMs = 0) =>
  Effect.acquireRelease(
    Effect.async<{ baseUrl: string; calls: Array<ModelCall>; close: () => Promise<void> }>((resume) => {
      const calls: Array<ModelCall> = []
      const server = createServer((req, res) => {
        let raw = ""
        req.on("data", (chunk) => (raw += chunk))
        // `delayMs`: each answer after that long, as a model's would be (the burst bench).
        req.on("end", () => setTimeout(() => {
          const body = raw === "" ? undefined : JSON.parse(raw)
          calls.push({ path: req.url ?? "", headers: req.headers, body })
          if (req.url !== pathOf(style)) {
            res.writeHead(404, { "content-type": "application/json" }).end(`{"error":{"message":"not found"}}`)
            return
          }
          const r = reply(calls.length, body)
          if ("hang" in r) return
          if ("text" in r) res.writeHead(200, { "content-type": "application/json" }).end(envelope(style, r.text, body))
          else res.writeHead(r.status, { "content-type": "application/json" }).end(r.body)
        }, delayMs))
      })
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        resume(Effect.succeed({
          baseUrl: `http://127.0.0.1:${port}/v1`,
          calls,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections()
              server.close(() => done())
            })
        }))
      })
    }),
    ({ close }) => Effect.promise(close)
  )
