import * as Dns from "node:dns"
import type { LookupFunction } from "node:net"
import { addressRange } from "../../domain/webhook/AddressRange.js"
import { formatIp, hostKind, type IpAddress } from "../../domain/webhook/IpAddress.js"

export interface ResolvedAddress {
  readonly address: string
  readonly family: 4 | 6
}

/** Every address a name resolves to (fakes stand in for DNS in tests). */
export type Resolver = (hostname: string) => Promise<ReadonlyArray<ResolvedAddress>>

export const systemResolver: Resolver = (hostname) =>
  Dns.promises.lookup(hostname, { all: true, verbatim: true }).then((found) =>
    found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
  )

export interface GuardOptions {
  readonly resolver: Resolver
  /** Lifts the address check (local development and tests); names are still resolved. */
  readonly allowPrivate: boolean
}

/** The host of a URL as sockets see it: IPv6 without brackets; IPv4 spellings already normalized by the URL parser. */
export const hostOfUrl = (url: URL): string => (url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname)

export const ADDRESS_REFUSED = "ESPOTCAST_ADDRESS_REFUSED"

/** A webhook host that resolves, or is spelled as, an address a webhook must never reach. */
export class AddressRefused extends Error {
  readonly code = ADDRESS_REFUSED
  constructor(readonly reason: string) {
    super(`address refused: ${reason}`)
    this.name = "AddressRefused"
  }
}

/** `shown` is how the address reads in a refusal: the host itself for a literal, `name -> address` for a name. */
const checked = (shown: string, ip: IpAddress, allowPrivate: boolean, address = formatIp(ip)): ResolvedAddress => {
  const range = addressRange(ip)
  if (!allowPrivate && range !== "public") throw new AddressRefused(`${shown} is ${range.replace("_", "-")}`)
  return { address, family: ip.version }
}

/**
 * The addresses a webhook to `host` may connect to: a literal in any spelling (decimal, octal, hex,
 * short, IPv4 inside IPv6) is judged as the address it means; a name is resolved once and refused if
 * any of its addresses is not public, so a name cannot mix a public and a private address.
 */
export const allowedAddresses = async (host: string, options: GuardOptions): Promise<ReadonlyArray<ResolvedAddress>> => {
  const kind = hostKind(host)
  if (kind._tag === "Invalid") throw new AddressRefused(`${host} is not a valid host`)
  if (kind._tag === "Address") return [checked(host, kind.address, options.allowPrivate)]
  const found = await options.resolver(host)
  if (found.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: "ENOTFOUND" })
  return found.map(({ address }) => {
    const literal = hostKind(address)
    if (literal._tag !== "Address") throw new AddressRefused(`${host} resolved to ${address}, not an address`)
    return checked(`${host} -> ${address}`, literal.address, options.allowPrivate, address)
  })
}

/**
 * A `lookup` for sockets: the connection goes to an address this guard checked, never through a second
 * DNS query that could answer differently (DNS rebinding).
 */
export const guardedLookup = (options: GuardOptions): LookupFunction => (hostname, lookupOptions, callback) => {
  allowedAddresses(hostname, options).then(
    (addresses) => {
      const asked = lookupOptions.family
      const family = asked === 4 || asked === "IPv4" ? 4 : asked === 6 || asked === "IPv6" ? 6 : undefined
      const usable = family === undefined ? addresses : addresses.filter((a) => a.family === family)
      if (usable.length === 0) {
        callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }), "", 0)
      } else if (lookupOptions.all) callback(null, usable.map((a) => ({ address: a.address, family: a.family })))
      else callback(null, usable[0]!.address, usable[0]!.family)
    },
    (error: NodeJS.ErrnoException) => callback(error, "", 0)
  )
}
