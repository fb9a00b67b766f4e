// The smallest case of bench/bare-route-gc.sh: node:http, each request one Effect fiber (Runtime.runFork)
// that answers after none | yield (Effect.yieldNow) | syncresume (Effect.async resumed at once) |
// immediate (Effect.async resumed from setImmediate) | promise (Effect.promise of a setImmediate).
// SLAB=1 first keeps Effect's root fibers as SpotCast's `serve` does (src/main/RootFibers.ts; needs `npm run build`).
// usage: node bench/suspend.mjs <mode> <port>
import { createServer } from "node:http"
import { Effect, Runtime } from "effect"

if (process.env.SLAB === "1") (await import("../dist/main/RootFibers.js")).keepRootFibersInSlab()

const [mode, port] = process.argv.slice(2)
const waits = {
  none: Effect.void,
  yield: Effect.yieldNow(),
  syncresume: Effect.async((resume) => resume(Effect.void)),
  immediate: Effect.async((resume) => void setImmediate(() => resume(Effect.void))),
  promise: Effect.promise(() => new Promise((resolve) => setImmediate(resolve)))
}
const wait = waits[mode]
if (wait === undefined) throw new Error(`mode: one of ${Object.keys(waits).join(", ")}`)
const body = Buffer.from("ok")
const runFork = Runtime.runFork(Runtime.defaultRuntime)
createServer((_request, response) => {
  runFork(Effect.zipRight(wait, Effect.sync(() => {
    response.writeHead(200, { "content-length": body.length })
    response.end(body)
  })))
}).listen(Number(port), "127.0.0.1")
