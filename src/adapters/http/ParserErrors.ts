import type { Server } from "node:http"
import type { Duplex } from "node:stream"

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

/** A complete answer in the contract's envelope, written straight to the socket, which is then closed. */
const answer = (socket: Duplex, status: number, reason: string, code: string, message: string) => {
  if (!socket.writable) return socket.destroy()
  const body = JSON.stringify({ error: { code, message } })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`
  )
}

/**
 * Requests Node refuses while parsing (an unknown method, a bad Content-Length, headers over 16 KiB)
 * and CONNECT (which Node hands to a separate event) get an answer in the envelope instead of a
 * dropped connection. No key has been read, so no rate-limit headers go with it.
 */
export const answerParserErrors = <S extends Server>(server: S): S => {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "ECONNRESET") return socket.destroy()
    const refusal = refusalOf(error)
    answer(socket, refusal.status, refusal.reason, refusal.code, refusal.message)
  })
  server.on("connect", (_request, socket: Duplex) =>
    answer(socket, 405, "Method Not Allowed", "method_not_allowed", "CONNECT is not supported"))
  return server
}
