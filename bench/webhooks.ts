/**
 * Webhook delivery throughput: `count` due deliveries on memory storage, sent by the dispatcher through
 * the real HTTPS transport (TLS verified, guarded lookup) to a loopback receiver that answers 204, at
 * several concurrencies; then the same with a receiver that takes 200 ms, to show that senders overlap.
 * Run: `npx vite-node bench/webhooks.ts` (optionally `-- <count>`).
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import * as Https from "node:https"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DateTime, Effect, Layer, Logger, LogLevel } from "effect"
import { MemoryDatabase } from "../src/adapters/memory/MemoryDatabase.js"
import * as MemoryStorage from "../src/adapters/memory/MemoryStorage.js"
import * as CryptoIds from "../src/adapters/system/CryptoIds.js"
import * as NodeCrypto from "../src/adapters/system/NodeCrypto.js"
import * as HttpWebhookTransport from "../src/adapters/webhook/HttpWebhookTransport.js"
import type { DeliveryId, ForecastId, SpotCastId } from "../src/domain/Ids.js"
import { startWebhookDispatcher } from "../src/application/webhook/DeliverWebhooks.js"
import { createAccount } from "../src/application/account/ManageAccounts.js"

const count = Number(process.argv[2] ?? 500)

const dir = mkdtempSync(join(tmpdir(), "spotcast-bench-cert-"))
execFileSync("openssl", [
  "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", join(dir, "k.pem"),
  "-out", join(dir, "c.pem"), "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"
], { stdio: "ignore" })
const key = readFileSync(join(dir, "k.pem"), "utf8")
const cert = readFileSync(join(dir, "c.pem"), "utf8")
rmSync(dir, { recursive: true, force: true })

const receiver = (delayMs: number) =>
  new Promise<{ server: Https.Server; port: number }>((resolve) => {
    const server = Https.createServer({ key, cert }, (req, res) => {
      req.resume()
      req.on("end", () => setTimeout(() => res.writeHead(204).end(), delayMs))
    })
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port }))
  })

const body = JSON.stringify({ event: "spotcast.forecast.completed", created_at: "2026-03-01T08:00:00.000Z", data: { pad: "x".repeat(600) } })

const run = (port: number, concurrency: number, n: number) =>
  Effect.gen(function*() {
    const { account } = yield* createAccount({ name: "bench", mode: "sandbox", credits: 0 })
    const db = yield* MemoryDatabase
    const now = yield* DateTime.now
    for (let i = 0; i < n; i++) {
      const id = `whk_${String(i).padStart(22, "0")}` as DeliveryId
      db.deliveries.set(id, {
        id,
        accountId: account.id,
        spotcastId: "spc_0000000000000000000000" as SpotCastId,
        forecastId: "fcst_0000000000000000000000" as ForecastId,
        event: "spotcast.forecast.completed",
        url: `https://localhost:${port}/hook`,
        body,
        status: "pending",
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now
      })
    }
    const started = performance.now()
    yield* startWebhookDispatcher({ concurrency, pollInterval: "20 millis", lease: "1 minute", shutdownGrace: "1 second" })
    while ([...db.deliveries.values()].some((d) => d.status !== "delivered")) yield* Effect.sleep("10 millis")
    return performance.now() - started
  }).pipe(
    Effect.scoped,
    Effect.provide(Layer.mergeAll(
      MemoryStorage.layer,
      HttpWebhookTransport.layer({ allowPrivate: true, ca: cert }),
      CryptoIds.layer,
      NodeCrypto.layer
    ))
  )

const main = Effect.gen(function*() {
  for (const delayMs of [0, 200]) {
    const { port, server } = yield* Effect.promise(() => receiver(delayMs))
    for (const concurrency of delayMs === 0 ? [1, 8, 32] : [8, 32]) {
      const n = delayMs === 0 ? count : Math.min(count, 200)
      const ms = yield* run(port, concurrency, n)
      console.log(`receiver ${delayMs} ms, concurrency ${concurrency}: ${n} deliveries in ${ms.toFixed(0)} ms = ${(n / ms * 1000).toFixed(0)}/s`)
    }
    server.close()
  }
}).pipe(Logger.withMinimumLogLevel(LogLevel.Warning))

Effect.runPromise(main)
