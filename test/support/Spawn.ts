import { Duration, Effect, Schedule } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { createServer as createHttpServer, type Server } from "node:http"
import { type AddressInfo, createServer } from "node:net"
import { resolve } from "node:path"

/** The compiled binary (vitest's global setup builds `dist` before any test runs). */
export const BIN = resolve(import.meta.dirname, "../../dist/main/bin.js")

/** A running `spotcast` child: its output so far, and its exit code once it exits. */
export interface Spawned {
  readonly name: string
  readonly child: ChildProcess
  readonly output: () => string
  readonly exited: Promise<number | null>
}

/** The parent's environment without any SpotCast or database settings, so only `env` configures the child. */
const cleanEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("SPOTCAST_") && !["DATABASE_URL", "PORT", "HOST"].includes(k))
  )

/**
 * The one way tests start the binary: `node dist/main/bin.js ...args`, stdout and stderr collected.
 * `inherit` keeps the parent's whole environment (the CLI tests' default); otherwise only `env` configures it.
 * `nodeArgs` go to node before the script (V8 flags that NODE_OPTIONS does not take).
 */
export const launch = (
  name: string,
  args: ReadonlyArray<string>,
  env: Record<string, string>,
  inherit = false,
  nodeArgs: ReadonlyArray<string> = []
): Spawned => {
  const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], { env: { ...(inherit ? process.env : cleanEnv()), ...env } })
  const chunks: Array<string> = []
  child.stdout!.on("data", (d) => chunks.push(String(d)))
  child.stderr!.on("data", (d) => chunks.push(String(d)))
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)))
  return { name, child, output: () => chunks.join(""), exited }
}

/** Sends `signal` unless the process has exited, and waits for its exit code. */
const signal = (p: Spawned, sig: NodeJS.Signals) => {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(sig)
  return p.exited
}

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

/** What `serve` says when its port was taken (`src/main`'s listen error). */
const PORT_TAKEN = "the port is already in use"

/**
 * Starts `spotcast serve` on a free port and waits until it answers HTTP. The port is free when chosen,
 * but a server that takes seconds to start (embedded PGlite on a loaded machine) may find it taken by
 * then, by another test's server or any outgoing connection's ephemeral port: it is started again on a
 * new port, up to 3 times.
 */
export const startServer = async (
  env: Record<string, string>,
  args: ReadonlyArray<string> = [],
  nodeArgs: ReadonlyArray<string> = []
): Promise<Served> => {
  for (let attempt = 1; ; attempt++) {
    const served = await startOnFreePort(env, args, nodeArgs, attempt < 3)
    if (served !== undefined) return served
  }
}

/** One start of `serve` on a free port; undefined when the port was taken meanwhile and `retry` allows another. */
const startOnFreePort = async (
  env: Record<string, string>,
  args: ReadonlyArray<string>,
  nodeArgs: ReadonlyArray<string>,
  retry: boolean
): Promise<Served | undefined> => {
  const port = await freePort()
  const p = launch("serve", ["serve", ...args], { HOST: "127.0.0.1", PORT: String(port), ...env }, true, nodeArgs)
  const baseUrl = `http://127.0.0.1:${port}`
  // Generous: embedded PGlite alone can take 20 s to start on a loaded machine; the wait ends as soon as it answers.
  const deadline = Date.now() + 120_000
  for (;;) {
    if (p.child.exitCode !== null) {
      if (retry && p.output().includes(PORT_TAKEN)) return undefined
      throw new Error(`server exited early:\n${p.output()}`)
    }
    const up = await fetch(`${baseUrl}/v3/openapi.json`).then(() => true, () => false)
    if (up) return { child: p.child, baseUrl, output: p.output, stop: (sig = "SIGTERM") => signal(p, sig) }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${p.output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Starts a loopback HTTP server (a fake upstream, a receiver) on a free port and gives the port. */
export const listenLoopback = (server: Server) =>
  new Promise<number>((done) => server.listen(0, "127.0.0.1", () => done((server.address() as AddressInfo).port)))

/**
 * `spotcast serve` on memory storage whose Open-Meteo is a loopback fake: `answer` gives the JSON body for
 * each request's path and query. `stop` ends both.
 */
export const serveWithOpenMeteo = async (
  answer: (path: string, params: URLSearchParams) => string,
  env: Record<string, string>
): Promise<Served> => {
  const upstream = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost")
    res.writeHead(200, { "content-type": "application/json" }).end(answer(url.pathname, url.searchParams))
  })
  const port = await listenLoopback(upstream)
  try {
    const served = await startServer({
      SPOTCAST_STORAGE: "memory",
      SPOTCAST_OPEN_METEO_FORECAST_URL: `http://127.0.0.1:${port}/v1/forecast`,
      SPOTCAST_OPEN_METEO_MARINE_URL: `http://127.0.0.1:${port}/v1/marine`,
      SPOTCAST_OPEN_METEO_RETRIES: "1",
      SPOTCAST_WORKER_POLL_MS: "50",
      ...env
    })
    return { ...served, stop: (sig) => served.stop(sig).finally(() => upstream.close()) }
  } catch (e) {
    upstream.close()
    throw e
  }
}

/** One JSON request to a served binary with `key` as the bearer: its status and parsed body. */
export const callServed = async (served: Served, key: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${served.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: res.status, json: (await res.json()) as any }
}

/** For Effect tests: the binary with only `env`, killed (SIGKILL) when the scope closes if still running. */
export const spawnSpotcast = (name: string, args: ReadonlyArray<string>, env: Record<string, string>) =>
  Effect.acquireRelease(Effect.sync(() => launch(name, args, env)), (p) => stop(p, "SIGKILL"))

/** Sends `signal` unless the process has exited, and waits for its exit code. */
export const stop = (p: Spawned, sig: NodeJS.Signals) => Effect.promise(() => signal(p, sig))

/** Polls `check` until it holds; past `timeout` the test dies with `what` and the processes' output. */
export const waitUntil = <E, R>(
  what: string,
  check: Effect.Effect<boolean, E, R>,
  processes: ReadonlyArray<Spawned>,
  timeout: Duration.DurationInput = "60 seconds"
) =>
  check.pipe(
    Effect.filterOrFail((ok) => ok, () => "not yet"),
    Effect.retry(Schedule.spaced("100 millis")),
    Effect.timeoutFail({ duration: timeout, onTimeout: () => "timeout" }),
    Effect.catchAll(() =>
      Effect.dieMessage(
        `timed out waiting until ${what}\n` + processes.map((p) => `--- ${p.name}\n${p.output().slice(-3000)}`).join("\n")
      )
    ),
    Effect.asVoid
  )
