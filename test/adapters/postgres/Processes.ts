import { Duration, Effect, Schedule } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import * as net from "node:net"
import { fileURLToPath } from "node:url"

/** The compiled binary (vitest's global setup builds `dist` before any test runs). */
export const BIN = fileURLToPath(new URL("../../../dist/main/bin.js", import.meta.url))

export interface Spawned {
  readonly name: string
  readonly child: ChildProcess
  readonly output: () => string
  readonly exited: Promise<number | null>
}

/** The parent's environment without any SpotCast or database settings, so only `env` configures the child. */
const baseEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("SPOTCAST_") && !["DATABASE_URL", "PORT", "HOST"].includes(k))
  )

/** `node dist/main/bin.js ...args` with `env`; killed (SIGKILL) when the scope closes if still running. */
export const spawnSpotcast = (name: string, args: ReadonlyArray<string>, env: Record<string, string>) =>
  Effect.acquireRelease(
    Effect.sync((): Spawned => {
      const child = spawn(process.execPath, [BIN, ...args], { env: { ...baseEnv(), ...env }, stdio: ["ignore", "pipe", "pipe"] })
      const chunks: Array<string> = []
      child.stdout!.on("data", (d) => chunks.push(String(d)))
      child.stderr!.on("data", (d) => chunks.push(String(d)))
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
      return { name, child, output: () => chunks.join(""), exited }
    }),
    (p) => stop(p, "SIGKILL")
  )

/** Sends `signal` unless the process has exited, and waits for its exit code. */
export const stop = (p: Spawned, signal: NodeJS.Signals) =>
  Effect.promise(() => {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal)
    return p.exited
  })

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

/** A port nobody listens on right now. */
export const freePort = Effect.promise(() =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })
)
