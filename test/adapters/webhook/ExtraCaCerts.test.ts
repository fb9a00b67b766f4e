import { assert, describe, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { Effect } from "effect"
import { makeCertificate, startReceiver } from "./fixtures/HttpsReceiver.js"

const certificate = makeCertificate()
const transportModule = resolve(import.meta.dirname, "../../../dist/adapters/webhook/HttpWebhookTransport.js")

// A fresh Node process (NODE_EXTRA_CA_CERTS is read at start-up) running the built transport without a CA option.
const script = `
import { Duration, Effect } from "effect"
import * as HttpWebhookTransport from ${JSON.stringify(transportModule)}
const post = Effect.flatMap(HttpWebhookTransport.make({ allowPrivate: true }), (t) =>
  t.post({ url: process.env.TARGET, headers: { "Content-Type": "application/json" }, body: "{}", timeout: Duration.seconds(5) }))
console.log(JSON.stringify(await Effect.runPromise(Effect.scoped(post))))
`

const postFromChild = (target: string, extraCaFile: string | undefined) =>
  Effect.promise(() => {
    const env: NodeJS.ProcessEnv = { ...process.env, TARGET: target }
    delete env.NODE_EXTRA_CA_CERTS
    if (extraCaFile !== undefined) env.NODE_EXTRA_CA_CERTS = extraCaFile
    return promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { env, cwd: resolve(import.meta.dirname, "../../..") })
  }).pipe(Effect.map(({ stdout }) => JSON.parse(stdout) as { ok: boolean; statusCode?: number; error?: string }))

describe("HttpWebhookTransport trusts NODE_EXTRA_CA_CERTS", () => {
  it.scopedLive("a receiver whose CA is only in NODE_EXTRA_CA_CERTS is reached; without it, TLS refuses", () =>
    Effect.gen(function*() {
      const { port, received } = yield* startReceiver(certificate, () => ({ status: 202 }))
      const dir = yield* Effect.acquireRelease(
        Effect.sync(() => mkdtempSync(join(tmpdir(), "spotcast-extra-ca-"))),
        (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
      )
      const caFile = join(dir, "ca.pem")
      writeFileSync(caFile, certificate.cert)
      const target = `https://localhost:${port}/hook`

      const trusted = yield* postFromChild(target, caFile)
      assert.deepInclude(trusted, { ok: true, statusCode: 202 })
      const untrusted = yield* postFromChild(target, undefined)
      assert.isFalse(untrusted.ok)
      assert.match(untrusted.error!, /^tls: /)
      assert.strictEqual(received.length, 1)
    }), 30_000)
})
