/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  readonly version: 4 | 6
  readonly bytes: ReadonlyArray<number>
}

/** How a host's text reads: an address literal (in any spelling), a name to resolve, or neither. */
export type HostKind =
  | { readonly _tag: "Address"; readonly address: IpAddress }
  | { readonly _tag: "Name" }
  | { readonly _tag: "Invalid" }

/** One part of an inet_aton-style IPv4 host: decimal, octal with a leading 0, or hex with 0x. */
const ipv4Part = (part: string): number | undefined => {
  if (part === "") return undefined
  if (/^0[xX]/.test(part)) return /^[0-9a-fA-F]*$/.test(part.slice(2)) ? parseInt(part.slice(2) || "0", 16) : undefined
  if (part.length > 1 && part.startsWith("0")) return /^[0-7]+$/.test(part) ? parseInt(part, 8) : undefined
  return /^[0-9]+$/.test(part) ? parseInt(part, 10) : undefined
}

/**
 * Reads IPv4 the way resolvers and URL parsers do: `127.0.0.1`, `2130706433`, `0177.0.0.1`, `0x7f.1`,
 * `127.1`, with or without a trailing dot. A lone number names the whole address; with fewer than four
 * parts the last one fills the remaining bytes.
 */
export const parseIpv4 = (text: string): IpAddress | undefined => {
  const parts = text.split(".")
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop()
  if (parts.length === 0 || parts.length > 4) return undefined
  const numbers = parts.map(ipv4Part)
  if (numbers.some((n) => n === undefined)) return undefined
  const values = numbers as Array<number>
  const last = values.pop()!
  if (values.some((n) => n > 255) || last >= 256 ** (5 - parts.length)) return undefined
  const value = values.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last)
  return { version: 4, bytes: [value >>> 24 & 255, value >>> 16 & 255, value >>> 8 & 255, value & 255] }
}

const strictIpv4 = (text: string): ReadonlyArray<number> | undefined => {
  const parts = text.split(".")
  if (parts.length !== 4 || parts.some((p) => !/^(0|[1-9][0-9]{0,2})$/.test(p) || Number(p) > 255)) return undefined
  return parts.map(Number)
}

const groups = (text: string): Array<number> | undefined => {
  if (text === "") return []
  const out: Array<number> = []
  const parts = text.split(":")
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (i === parts.length - 1 && part.includes(".")) {
      const v4 = strictIpv4(part)
      if (v4 === undefined) return undefined
      out.push(v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!)
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) out.push(parseInt(part, 16))
    else return undefined
  }
  return out
}

/** Reads IPv6 text, with or without brackets and a zone (`fe80::1%eth0`); an embedded dotted IPv4 tail is allowed. */
export const parseIpv6 = (text: string): IpAddress | undefined => {
  const bare = (text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text).replace(/%.*$/, "")
  if (!bare.includes(":")) return undefined
  const halves = bare.split("::")
  if (halves.length > 2) return undefined
  const head = groups(halves[0]!)
  const tail = halves.length === 2 ? groups(halves[1]!) : []
  if (head === undefined || tail === undefined) return undefined
  const missing = 8 - head.length - tail.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined
  const words = [...head, ...Array<number>(missing).fill(0), ...tail]
  return { version: 6, bytes: words.flatMap((w) => [w >> 8, w & 255]) }
}

/** WHATWG URL rule: a host whose last label is a number is meant as IPv4, and is invalid if it is not one. */
const endsInNumber = (host: string): boolean => {
  const labels = host.split(".")
  if (labels.length > 1 && labels[labels.length - 1] === "") labels.pop()
  const last = labels[labels.length - 1] ?? ""
  return /^[0-9]+$/.test(last) || /^0[xX][0-9a-fA-F]*$/.test(last)
}

export const hostKind = (host: string): HostKind => {
  if (host === "") return { _tag: "Invalid" }
  if (host.includes(":") || host.startsWith("[")) {
    const v6 = parseIpv6(host)
    return v6 === undefined ? { _tag: "Invalid" } : { _tag: "Address", address: v6 }
  }
  if (endsInNumber(host)) {
    const v4 = parseIpv4(host)
    return v4 === undefined ? { _tag: "Invalid" } : { _tag: "Address", address: v4 }
  }
  return { _tag: "Name" }
}

export const formatIp = (ip: IpAddress): string => {
  if (ip.version === 4) return ip.bytes.join(".")
  const words = Array.from({ length: 8 }, (_, i) => ip.bytes[2 * i]! * 256 + ip.bytes[2 * i + 1]!)
  return words.map((w) => w.toString(16)).join(":")
}
