import { ADDRESS_REFUSED } from "./AddressGuard.js"

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ECONNABORTED"
])

interface Failure {
  readonly message?: unknown
  readonly code?: unknown
  readonly cause?: unknown
}

const causes = (error: unknown): ReadonlyArray<Failure> => {
  const chain: Array<Failure> = []
  let current: unknown = error
  while (typeof current === "object" && current !== null && chain.length < 8) {
    chain.push(current as Failure)
    current = (current as Failure).cause
  }
  return chain
}

const isTls = (code: string) => /CERT|SSL|TLS|SIGNATURE|ISSUER|HANDSHAKE|EPROTO/.test(code)

/** A short line for the attempt log: why the request never got an HTTP answer. */
export const describeFailure = (error: unknown): string => {
  const chain = causes(error)
  const coded = chain.find((e) => typeof e.code === "string")
  const code = coded === undefined ? undefined : String(coded.code)
  const message = String(coded?.message ?? chain[chain.length - 1]?.message ?? error)
  if (code === ADDRESS_REFUSED) return message
  if (code !== undefined && isTls(code)) return `tls: ${message} (${code})`
  if (code !== undefined && CONNECTION_CODES.has(code)) return `connection: ${message}`
  return `request failed: ${message}${code === undefined ? "" : ` (${code})`}`
}
