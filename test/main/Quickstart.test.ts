import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { readdirSync } from "node:fs"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Served, startServer } from "../support/Spawn.js"

/** The README's quickstart block, minus its first line (which sets SPOTCAST and KEY by hand). */
const quickstart = () => {
  const readme = readFileSync(resolve(import.meta.dirname, "../../README.md"), "utf8")
  const block = /<!-- quickstart -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1]
  if (block === undefined) throw new Error("README has no quickstart block")
  const [first, ...rest] = block.split("\n")
  assert.match(first!, /^export SPOTCAST=http:\/\/localhost:8080 KEY=/)
  return rest.join("\n")
}

/**
 * Every block marked `<!-- runnable -->` in the README and in docs/, with the file it came from: they
 * use the quickstart's SPOTCAST, KEY, auth and field, and run as written after it.
 */
const runnableBlocks = () => {
  const root = resolve(import.meta.dirname, "../..")
  const files = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)]
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(/<!-- runnable -->\n```sh\n([\s\S]*?)```/g)].map((m) => ({ file, block: m[1]! }))
  )
}

/** The quickstart's own definitions (`field`, `auth`) that the runnable blocks rely on. */
const prelude = () => quickstart().split("\n").filter((l) => /^(field\(\)|auth=)/.test(l)).join("\n")

const bash = (script: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], { env: { ...process.env, ...env } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("close", (code) => done({ code, stdout, stderr }))
  })

describe("the README quickstart, as written, against `npm start`'s defaults", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "spotcast-quickstart-"))
  let server: Served
  beforeAll(async () => {
    // The defaults of `npm start`: embedded PGlite storage, a sandbox demo account printed once.
    server = await startServer({ SPOTCAST_DATA_DIR: dataDir })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("creates, polls, reads, refreshes, lists and shows the balance", async () => {
    const key = /sk_test_[0-9A-Za-z]{32}/.exec(server.output())?.[0]
    assert.isString(key, server.output())
    const ran = await bash(quickstart(), { SPOTCAST: server.baseUrl, KEY: key! })
    assert.strictEqual(ran.code, 0, ran.stderr)
    const lines = ran.stdout.split("\n").filter((l) => l.startsWith("{"))
    const created = JSON.parse(lines[0]!)
    assert.strictEqual(created.status, "processing")
    assert.strictEqual(created.credits_charged, 3)
    const spotcast = lines.map((l) => JSON.parse(l)).find((b) => b.forecast_count !== undefined)
    assert.strictEqual(spotcast.latest_forecast.status, "completed")
    assert.strictEqual(spotcast.latest_forecast.ai_analysis.daily_classifications.length, 3)
    assert.deepStrictEqual(spotcast.metadata, { trip: "quickstart" })
    assert.include(spotcast.latest_forecast.ai_analysis.summary, "nœuds")
    const balance = JSON.parse(lines[lines.length - 1]!)
    assert.deepStrictEqual(
      { credit_balance: balance.credit_balance, total_credits_used: balance.total_credits_used },
      { credit_balance: 94, total_credits_used: 6 }
    )
  }, 60_000)

  it("runs every runnable example of the README and docs/ (widgets, routes, usage) as written", async () => {
    const key = /sk_test_[0-9A-Za-z]{32}/.exec(server.output())?.[0]
    assert.isString(key, server.output())
    const blocks = runnableBlocks()
    assert.isAbove(blocks.length, 2)
    for (const { block, file } of blocks) {
      const ran = await bash(`${prelude()}\n${block}`, { SPOTCAST: server.baseUrl, KEY: key! })
      assert.strictEqual(ran.code, 0, `${file}: ${ran.stderr}`)
      for (const line of ran.stdout.split("\n").filter((l) => l.startsWith("{"))) {
        assert.notProperty(JSON.parse(line), "error", `${file}: ${line}`)
      }
    }
  }, 120_000)
})
