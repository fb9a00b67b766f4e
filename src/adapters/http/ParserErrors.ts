import { createServer, type Server } from "node:http"
import type { Socket } from "node:net"
import type { Duplex } from "node:stream"
import * as RequestId from "./observability/RequestId.js"

/**
 * How long a client may take to send its headers: a request's headers fit in one or two packets, so
 * only a client that holds the connection open on purpose (slowloris) takes longer.
 */
export const HEADERS_TIMEOUT_MS = 10_000

/**
 * How long a client may take to send a whole request: the largest body (64 KiB) at about 20 kbit/s,
 * the pace of a poor mobile link, with the headers' own time on top.
 */
export const REQUEST_TIMEOUT_MS = 30_000

/** How often Node checks those two deadlines: the deadline is then late by at most this. */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000

/**
 * Open connections one client address may hold at once by default: far more than a client needs
 * (browsers open six per host), few enough that one address cannot take every socket. Behind a reverse
 * proxy every client shares the proxy's address, so the cap is off when the proxy is trusted.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 256

/** The status, code and message for a request Node's HTTP parser refused before any handler saw it. */
const refusalOf = (error: NodeJS.ErrnoException) => {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, reason: "Request Header Fields Too Large", code: "header_too_large", message: "The request headers are over 16 KiB" }
    case "HPE_INVALID_METHOD":
      return { status: 405, reason: "Method Not Allowed", code: "method_not_allowed", message: "The request method is not supported" }
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "HPE_HEADERS_TIMEOUT":
      return { status: 408, reason: "Request Timeout", code: "request_timeout", message: "The request took too long to arrive" }
    default:
      return { status: 400, reason: "Bad Request", code: "invalid_request", message: "The request is not valid HTTP" }
  }
}

/**
 * The rate-limit headers for a request from `address` that never reached the API (no key was read:
 * it counts against the address, like any unauthenticated request). Set once the API's services exist.
 */
export type AddressHeaders = (address: string) => Promise<Readonly<Record<string, string>>>

/** What the refusals written outside the API need from it, filled in when the API is built. */
export interface Edge {
  rateHeaders: AddressHeaders | undefined
}

export const makeEdge = (): Edge => ({ rateHeaders: undefined })

const addressOf = (socket: Duplex) => (socket as Partial<Socket>).remoteAddress ?? "unknown"

/** A complete answer in the contract's envelope, written straight to the socket, which is then closed. */
const answer = (
  edge: Edge,
  socket: Duplex,
  refusal: { readonly status: number; readonly reason: string; readonly code: string; readonly message: string },
  extra: Readonly<Record<string, string>> = {},
  counted = true
) => {
  if (!socket.writable) return socket.destroy()
  const requestId = RequestId.generate()
  const write = (rate: Readonly<Record<string, string>>) => {
    if (!socket.writable) return socket.destroy()
    const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message, request_id: requestId } })
    const headers = { ...rate, ...extra, "request-id": requestId }
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("") +
        `Connection: close\r\n\r\n${body}`
    )
  }
  const rateHeaders = edge.rateHeaders
  if (rateHeaders === undefined || !counted) return write({})
  rateHeaders(addressOf(socket)).then(write, () => write({}))
}

/**
 * Requests Node refuses while parsing (an unknown method, a bad Content-Length, headers over 16 KiB,
 * too slow to arrive) and CONNECT (which Node hands to a separate event) get an answer in the envelope,
 * with a Request-Id and the address's rate-limit headers, instead of a dropped connection or Node's
 * bare one. Connections over the per-address cap are answered 429 and closed.
 */
export const answerParserErrors = <S extends Server>(
  server: S,
  edge: Edge,
  options: { readonly maxConnectionsPerAddress?: number | undefined } = {}
): S => {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET") return socket.destroy()
    answer(edge, socket, refusalOf(error))
  })
  server.on("connect", (_request, socket: Duplex) =>
    answer(edge, socket, {
      status: 405,
      reason: "Method Not Allowed",
      code: "method_not_allowed",
      message: "CONNECT is not supported"
    }))
  const cap = options.maxConnectionsPerAddress
  if (cap !== undefined) {
    const open = new Map<string, number>()
    server.on("connection", (socket: Socket) => {
      const address = socket.remoteAddress ?? "unknown"
      const count = (open.get(address) ?? 0) + 1
      open.set(address, count)
      socket.once("close", () => {
        const left = (open.get(address) ?? 1) - 1
        if (left === 0) open.delete(address)
        else open.set(address, left)
      })
      if (count > cap) {
        // Answered at once and read no further, so that no request on it reaches the API.
        socket.pause()
        answer(edge, socket, {
          status: 429,
          reason: "Too Many Requests",
          code: "rate_limit_exceeded",
          message: `Too many open connections from this address (at most ${cap}); close some and retry`
        }, { "retry-after": "1" }, false)
      }
    })
  }
  return server
}

/**
 * The service's Node HTTP server: a request without Host reaches the API (to be refused there in the
 * envelope, not with Node's bare 400), and slow clients are cut off at the deadlines above.
 */
export const makeServer = (edge: Edge, options: { readonly maxConnectionsPerAddress?: number | undefined } = {}) =>
  answerParserErrors(
    createServer({
      requireHostHeader: false,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS
    }),
    edge,
    options
  )
