import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort, runBin, startServer } from "../support/Spawn.js"

/** The one line a failed start writes to stderr. */
const failureLine = (stderr: string) => {
  const lines = stderr.split("\n").filter((line) => line.startsWith("spotcast: "))
  assert.strictEqual(lines.length, 1, stderr)
  return lines[0]!
}

describe("start-up failures say the cause and the setting, in one line", () => {
  it("a port already taken", async () => {
    const holder = createServer()
    await new Promise<void>((r) => holder.listen(0, "127.0.0.1", r))
    const port = (holder.address() as { port: number }).port
    try {
      const ran = await runBin(["serve"], { SPOTCAST_STORAGE: "memory", HOST: "127.0.0.1", PORT: String(port) })
      assert.strictEqual(ran.code, 1)
      const line = failureLine(ran.stderr)
      assert.include(line, `127.0.0.1:${port}`)
      assert.include(line, "already in use")
      assert.include(line, "PORT")
    } finally {
      holder.close()
    }
  }, 30_000)

  it("a database that does not answer, without its password", async () => {
    const port = await freePort()
    const ran = await runBin(["serve"], {
      DATABASE_URL: `postgres://spot:hunter2secret@127.0.0.1:${port}/spotcast`,
      HOST: "127.0.0.1",
      PORT: String(await freePort())
    })
    assert.strictEqual(ran.code, 1)
    const line = failureLine(ran.stderr)
    assert.include(line, `127.0.0.1:${port}/spotcast`)
    assert.include(line, "ECONNREFUSED")
    assert.include(line, "DATABASE_URL")
    assert.notInclude(ran.stderr + ran.stdout, "hunter2secret")
  }, 30_000)

  it("a data directory locked by a live process", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotcast-locked-"))
    try {
      writeFileSync(join(dir, "spotcast.lock"), String(process.pid))
      const ran = await runBin(["serve"], { SPOTCAST_DATA_DIR: dir, HOST: "127.0.0.1", PORT: String(await freePort()) })
      assert.strictEqual(ran.code, 1)
      const line = failureLine(ran.stderr)
      assert.include(line, `process ${process.pid}`)
      assert.include(line, "SPOTCAST_DATA_DIR")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)

  it("a restart with accounts already there says how to get a new key instead of printing one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotcast-demo-"))
    try {
      const first = await startServer({ SPOTCAST_DATA_DIR: dir })
      await first.stop()
      assert.match(first.output(), /sk_test_[0-9A-Za-z]{32}/)
      const second = await startServer({ SPOTCAST_DATA_DIR: dir })
      await second.stop()
      assert.notMatch(second.output(), /sk_test_[0-9A-Za-z]{32}/)
      assert.include(second.output(), "accounts already exist")
      assert.include(second.output(), "spotcast admin keys issue <account-id>")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)
})
