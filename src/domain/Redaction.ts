/**
 * Text from another service (an upstream error body, a model's message) is cut short and stripped of
 * anything that looks like a credential before it is logged: a provider that echoes the request would
 * otherwise write our key to the log.
 */
const SECRET_PATTERNS: ReadonlyArray<RegExp> = [
  /\b(bearer|basic)\s+[^\s"',;]+/gi,
  /\b(api[_-]?key|apikey|key|token|secret|password|access[_-]?token|authorization)(["']?\s*[=:]\s*["']?)[^\s"'&,;}]+/gi,
  /\b(sk|pk|rk|whsec)[-_][A-Za-z0-9_-]{8,}/g,
  /\b[A-Za-z0-9+/_-]{32,}={0,2}/g
]

export const MAX_LOGGED_UPSTREAM_CHARS = 200

export const redactUpstream = (text: string, max = MAX_LOGGED_UPSTREAM_CHARS): string => {
  let redacted = text
  redacted = redacted.replace(SECRET_PATTERNS[0]!, (_, scheme: string) => `${scheme} [redacted]`)
  redacted = redacted.replace(SECRET_PATTERNS[1]!, (_, name: string, sep: string) => `${name}${sep}[redacted]`)
  redacted = redacted.replace(SECRET_PATTERNS[2]!, "[redacted]")
  redacted = redacted.replace(SECRET_PATTERNS[3]!, "[redacted]")
  return redacted.length > max ? `${redacted.slice(0, max)}...` : redacted
}
