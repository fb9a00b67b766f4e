/** Why a request never got an answer, from the error codes Node and undici put on the cause chain. */
const REASONS: Record<string, string> = {
  ENOTFOUND: "DNS lookup failed",
  EAI_AGAIN: "DNS lookup failed (temporary)",
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  EPIPE: "connection closed",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable"
}

const isTls = (code: string) =>
  code.startsWith("CERT_") || code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL") ||
  code.includes("SELF_SIGNED") || code.startsWith("UNABLE_TO_")

/** The first error code on `cause` and the causes under it. */
const codeOf = (cause: unknown): string | undefined => {
  for (let at = cause, depth = 0; depth < 6 && typeof at === "object" && at !== null; depth++) {
    const code = (at as { code?: unknown }).code
    if (typeof code === "string" && code !== "") return code
    at = (at as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * "cannot reach <host>: <why> (<code>)": the host only (never the query string, which may carry a key)
 * and why in words (DNS, refused, timeout, TLS), for the operator's log.
 */
export const transportFailure = (url: string, cause: unknown): string => {
  let host: string
  try {
    host = new URL(url).host
  } catch {
    host = "the weather service"
  }
  const code = codeOf(cause)
  const why = code === undefined ? "no connection" : REASONS[code] ?? (isTls(code) ? "TLS failure" : "connection failed")
  return `cannot reach ${host}: ${why}${code === undefined ? "" : ` (${code})`}`
}
