/** An HTTP answer read off a raw socket: its status, headers (lower-cased names), body as JSON when it is, and the whole text. */
export interface RawAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly json: any
  readonly text: string
}

/** Parses what a raw socket received; a chunked body is read between its size lines. */
export const parseRawAnswer = (text: string): RawAnswer => {
  const split = text.indexOf("\r\n\r\n")
  const [statusLine = "", ...lines] = text.slice(0, split === -1 ? text.length : split).split("\r\n")
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(":")
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = split === -1 ? "" : text.slice(split + 4)
  const body = headers["transfer-encoding"] === "chunked" ? rest.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "") : rest
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, json, text }
}
