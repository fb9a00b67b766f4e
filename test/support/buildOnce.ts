import { execFileSync } from "node:child_process"

/**
 * Vitest global setup: compiles `src` to `dist` once per run, so tests that start the real
 * `spotcast` binary as a child process run what the source says, not a stale build. Type errors are
 * the type-check step's business (`npm test` runs it first); tsc still emits, so they do not stop here.
 */
export default function setup() {
  try {
    execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { stdio: "pipe" })
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? "")
    process.stderr.write(`build for child-process tests reported errors:\n${output.slice(0, 2000)}\n`)
  }
}
