import type { IpAddress } from "./IpAddress.js"

/** Where an address points; only `public` may receive a webhook unless private hosts are allowed. */
export type AddressRange =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "unspecified"
  | "broadcast"
  | "unique_local"
  | "reserved"

type Bytes = ReadonlyArray<number>

/** True when the first `bits` bits of `bytes` equal those of `prefix`. */
const within = (bytes: Bytes, prefix: Bytes, bits: number): boolean => {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8)
    const mask = (0xff << (8 - take)) & 0xff
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false
  }
  return true
}

const IPV4_RANGES: ReadonlyArray<readonly [Bytes, number, AddressRange]> = [
  [[255, 255, 255, 255], 32, "broadcast"],
  [[0, 0, 0, 0], 32, "unspecified"],
  [[0], 8, "reserved"],
  [[10], 8, "private"],
  [[100, 64], 10, "cgnat"],
  [[127], 8, "loopback"],
  [[169, 254], 16, "link_local"],
  [[172, 16], 12, "private"],
  [[192, 0, 0], 24, "reserved"],
  [[192, 0, 2], 24, "reserved"],
  [[192, 88, 99], 24, "reserved"],
  [[192, 168], 16, "private"],
  [[198, 18], 15, "reserved"],
  [[198, 51, 100], 24, "reserved"],
  [[203, 0, 113], 24, "reserved"],
  [[224], 4, "multicast"],
  [[240], 4, "reserved"]
]

const ipv4Range = (bytes: Bytes): AddressRange =>
  IPV4_RANGES.find(([prefix, bits]) => within(bytes, prefix, bits))?.[2] ?? "public"

const ZERO_96: Bytes = Array<number>(12).fill(0)
const MAPPED: Bytes = [...Array<number>(10).fill(0), 0xff, 0xff]

const IPV6_RANGES: ReadonlyArray<readonly [Bytes, number, AddressRange]> = [
  [[0x20, 0x01, 0x00, 0x00], 32, "reserved"], // Teredo: the IPv4 inside is obfuscated
  [[0x20, 0x01, 0x0d, 0xb8], 32, "reserved"],
  [[0x3f, 0xff], 20, "reserved"],
  [[0xfc], 7, "unique_local"],
  [[0xfe, 0x80], 10, "link_local"],
  [[0xfe, 0xc0], 10, "private"],
  [[0xff], 8, "multicast"]
]

const ipv6Range = (bytes: Bytes): AddressRange => {
  const embedded = (offset: number) => bytes.slice(offset, offset + 4)
  if (within(bytes, ZERO_96, 96)) {
    const tail = embedded(12)
    if (tail.every((b) => b === 0)) return "unspecified"
    if (tail.slice(0, 3).every((b) => b === 0) && tail[3] === 1) return "loopback"
    // IPv4-compatible (deprecated): never a real public host.
    const inner = ipv4Range(tail)
    return inner === "public" ? "reserved" : inner
  }
  if (within(bytes, MAPPED, 96)) return ipv4Range(embedded(12))
  if (within(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) return ipv4Range(embedded(12))
  if (within(bytes, [0x20, 0x02], 16)) return ipv4Range(embedded(2))
  const listed = IPV6_RANGES.find(([prefix, bits]) => within(bytes, prefix, bits))
  if (listed !== undefined) return listed[2]
  return within(bytes, [0x20], 3) ? "public" : "reserved"
}

/**
 * The range an address falls in. IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`,
 * compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address.
 */
export const addressRange = (ip: IpAddress): AddressRange => (ip.version === 4 ? ipv4Range(ip.bytes) : ipv6Range(ip.bytes))

