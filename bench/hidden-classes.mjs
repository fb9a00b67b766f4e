// What a per-request pattern leaves in V8's old generation by making new hidden classes (maps) on every
// call, against the way SpotCast writes it now; each case called 20,000 times to warm up, then 100,000
// times, with the old space's growth summed (its used size read every 256 calls; only rises count):
//   setHeaders  HttpServerResponse.setHeaders(response, 4 headers)     withHeaders  SpotCast's ResponseHeaders.withHeaders
//   genPerCall  Effect.gen(function*() {...}) made inside the handler   genHoisted / fnUntraced  made once, run per call
// With MAPS=1 it runs itself once per case under --log-maps and prints the maps V8 made per call (the
// difference between 1,000 and 3,000 calls), which is what the old-space bytes are made of.
// usage: node bench/hidden-classes.mjs   (after `npm run build`)
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import v8 from "node:v8"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { withHeaders } from "../dist/adapters/http/ResponseHeaders.js"

const response = HttpServerResponse.unsafeJson({ credit_balance: 1 })
const headersOf = (i) => ({ "x-ratelimit-limit": "100", "x-ratelimit-remaining": String(i % 100), "x-ratelimit-reset": "1790000000", "request-id": `req_${i}` })
const hoisted = Effect.gen(function*() { return yield* Effect.succeed(1) })
const untraced = Effect.fnUntraced(function*(i) { return yield* Effect.succeed(i) })
const cases = {
  setHeaders: (i) => HttpServerResponse.setHeaders(response, headersOf(i)),
  withHeaders: (i) => withHeaders(response, headersOf(i)),
  genPerCall: (i) => Effect.runSync(Effect.gen(function*() { return yield* Effect.succeed(i) })),
  genHoisted: () => Effect.runSync(hoisted),
  fnUntraced: (i) => Effect.runSync(untraced(i))
}

const [, , only, calls] = process.argv
if (only !== undefined) { // a child under --log-maps: run one case `calls` times and exit
  for (let i = 0; i < Number(calls); i++) cases[only](i)
  process.exit(0)
}

const oldSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space").space_used_size
const mapsPerCall = (name) => {
  const dir = mkdtempSync(join(tmpdir(), "hidden-classes-"))
  const count = (n) => {
    const log = join(dir, `${n}.log`)
    execFileSync(process.execPath, ["--log-maps", `--logfile=${log}`, "--no-logfile-per-isolate", process.argv[1], name, String(n)])
    return readFileSync(log, "utf8").split("\n").filter((line) => line.startsWith("map,")).length
  }
  try {
    return ((count(3000) - count(1000)) / 2000 + 0).toFixed(2).replace(/^-0\.00$/, "0.00")
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
console.log("| case | old space grown per call | ns per call |" + (process.env.MAPS ? " maps made per call |" : ""))
console.log("|---|---|---|" + (process.env.MAPS ? "---|" : ""))
for (const [name, f] of Object.entries(cases)) {
  for (let i = 0; i < 20_000; i++) f(i)
  const n = 100_000
  let grown = 0, last = oldSpace()
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    f(i)
    if ((i & 255) === 0) {
      const now = oldSpace()
      if (now > last) grown += now - last
      last = now
    }
  }
  const ns = Number(process.hrtime.bigint() - t0) / n
  console.log(`| ${name} | ${(grown / n).toFixed(0)} B | ${ns.toFixed(0)} |` + (process.env.MAPS ? ` ${mapsPerCall(name)} |` : ""))
}
