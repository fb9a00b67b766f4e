import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { allowedAddresses, hostOfUrl, type ResolvedAddress, type Resolver } from "../../../src/adapters/webhook/AddressGuard.js"

const DNS: Record<string, ReadonlyArray<ResolvedAddress>> = {
  "public.example": [{ address: "93.184.216.34", family: 4 }],
  "v6.example": [{ address: "2606:4700:4700::1111", family: 6 }],
  "internal.example": [{ address: "10.0.0.5", family: 4 }],
  "rebind.example": [{ address: "8.8.8.8", family: 4 }, { address: "127.0.0.1", family: 4 }],
  "metadata.example": [{ address: "169.254.169.254", family: 4 }],
  "cgnat.example": [{ address: "100.64.0.1", family: 4 }],
  "ula.example": [{ address: "fd00::1", family: 6 }],
  "mapped.example": [{ address: "::ffff:192.168.1.1", family: 6 }]
}

const fakeResolver: Resolver = (host) => {
  const found = DNS[host]
  return found === undefined ? Promise.reject(new Error(`unexpected lookup of ${host}`)) : Promise.resolve(found)
}

/** What the guard says about a URL (as the transport reads it) or a raw host: "allowed" or the refused range. */
const verdict = (input: string, allowPrivate = false) =>
  Effect.promise(() =>
    allowedAddresses(input.startsWith("https://") ? hostOfUrl(new URL(input)) : input, { resolver: fakeResolver, allowPrivate })
      .then(() => "allowed", (e: Error) => e.message.replace(/^address refused: .* is /, ""))
  )

const CASES: ReadonlyArray<readonly [string, string]> = [
  ["https://127.0.0.1/hook", "loopback"],
  ["https://127.255.255.254/", "loopback"],
  ["https://10.0.0.1/", "private"],
  ["https://172.16.0.1/", "private"],
  ["https://172.31.255.255/", "private"],
  ["https://192.168.0.1/", "private"],
  ["https://169.254.169.254/latest/meta-data", "link-local"],
  ["https://100.64.0.1/", "cgnat"],
  ["https://100.127.255.255/", "cgnat"],
  ["https://224.0.0.1/", "multicast"],
  ["https://239.255.255.250/", "multicast"],
  ["https://0.0.0.0/", "unspecified"],
  ["https://255.255.255.255/", "broadcast"],
  ["https://240.0.0.1/", "reserved"],
  ["https://[::1]/", "loopback"],
  ["https://[::]/", "unspecified"],
  ["https://[fe80::1]/", "link-local"],
  ["https://[febf:ffff::1]/", "link-local"],
  ["https://[fc00::1]/", "unique-local"],
  ["https://[fd12:3456::1]/", "unique-local"],
  ["https://[ff02::1]/", "multicast"],
  ["https://[::ffff:127.0.0.1]/", "loopback"],
  ["https://[::ffff:a9fe:a9fe]/", "link-local"],
  ["https://[::127.0.0.1]/", "loopback"],
  ["https://[::10.0.0.1]/", "private"],
  ["https://[::8.8.8.8]/", "reserved"],
  ["https://[64:ff9b::a00:1]/", "private"],
  ["https://[2002:c0a8:101::1]/", "private"],
  ["https://2130706433/", "loopback"],
  ["https://0177.0.0.1/", "loopback"],
  ["https://0x7f.1/", "loopback"],
  ["https://127.1/", "loopback"],
  ["https://0x7f000001/", "loopback"],
  ["https://017700000001/", "loopback"],
  ["https://0/", "unspecified"],
  ["https://3232235777/", "private"],
  ["https://localhost.:443/", "localhost."],
  ["2130706433", "loopback"],
  ["0177.0.0.1", "loopback"],
  ["0x7f.1", "loopback"],
  ["127.1", "loopback"],
  ["0x7F.0.0.1.", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["fe80::1%eth0", "link-local"],
  ["1.2.3.4.5", "invalid"],
  ["0x7g.1", "invalid"],
  ["256.1.1.1", "invalid"],
  ["1::2::3", "invalid"],
  ["https://internal.example/", "private"],
  ["https://rebind.example/", "loopback"],
  ["https://metadata.example/", "link-local"],
  ["https://cgnat.example/", "cgnat"],
  ["https://ula.example/", "unique-local"],
  ["https://mapped.example/", "private"],
  ["https://8.8.8.8/", "allowed"],
  ["https://1.1.1.1/", "allowed"],
  ["https://172.32.0.1/", "allowed"],
  ["https://100.128.0.1/", "allowed"],
  ["https://134744072/", "allowed"],
  ["https://[2606:4700:4700::1111]/", "allowed"],
  ["https://[::ffff:8.8.8.8]/", "allowed"],
  ["https://[64:ff9b::808:808]/", "allowed"],
  ["https://public.example/", "allowed"],
  ["https://v6.example/", "allowed"]
]

describe("AddressGuard (SSRF)", () => {
  it.effect.each(CASES)("%s -> %s", ([input, expected]) =>
    Effect.gen(function*() {
      const got = yield* verdict(input)
      if (expected === "invalid") assert.strictEqual(got, "not a valid host")
      else if (expected === "localhost.") assert.match(got, /unexpected lookup of localhost\./, "names go to the resolver")
      else assert.strictEqual(got, expected)
    }))

  it.effect("with SPOTCAST_WEBHOOK_ALLOW_PRIVATE on, loopback and private hosts pass, still resolved once", () =>
    Effect.gen(function*() {
      for (const input of ["https://127.0.0.1/", "https://[::1]/", "https://internal.example/", "https://rebind.example/", "https://2130706433/"]) {
        assert.strictEqual(yield* verdict(input, true), "allowed", input)
      }
      assert.strictEqual(yield* verdict("1.2.3.4.5", true), "not a valid host", "the switch does not make a bad host good")
    }))

  it.effect("the connection goes to the checked addresses: numeric spellings become the address they mean", () =>
    Effect.gen(function*() {
      const guard = { resolver: fakeResolver, allowPrivate: true }
      assert.deepStrictEqual(yield* Effect.promise(() => allowedAddresses("0x7f.1", guard)), [{ address: "127.0.0.1", family: 4 }])
      assert.deepStrictEqual(yield* Effect.promise(() => allowedAddresses("rebind.example", guard)), DNS["rebind.example"]!)
    }))

  it.effect("refusals name the host, the address and why", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Effect.tryPromise(() => allowedAddresses("rebind.example", { resolver: fakeResolver, allowPrivate: false })))
      assert.strictEqual((error.cause as Error).message, "address refused: rebind.example -> 127.0.0.1 is loopback")
    }))
})
