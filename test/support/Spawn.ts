import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { resolve } from "node:path"

export const BIN = resolve(import.meta.dirname, "../../dist/main/bin.js")

export interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the built `spotcast` binary to completion. */
export const runBin = (args: ReadonlyArray<string>, env: Record<string, string> = {}, stdin?: string) =>
  new Promise<Ran>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("error", reject)
    child.on("close", (code) => resolvePromise({ code, stdout, stderr }))
    child.stdin.end(stdin ?? "")
  })

/** A free loopback port (closed again before it is returned). */
export const freePort = () =>
  new Promise<number>((resolvePromise, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolvePromise(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

export interface Served {
  readonly child: ChildProcess
  readonly baseUrl: string
  readonly output: () => string
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

/** Starts `spotcast serve` on a free port and waits until it answers HTTP. */
export const startServer = async (env: Record<string, string>, args: ReadonlyArray<string> = []): Promise<Served> => {
  const port = await freePort()
  const child = spawn(process.execPath, [BIN, "serve", ...args], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env }
  })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)))
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    const up = await fetch(`${baseUrl}/v3/openapi.json`).then(() => true, () => false)
    if (up) break
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    child,
    baseUrl,
    output: () => output,
    stop: (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal)
      return exited
    }
  }
}
