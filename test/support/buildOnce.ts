import { execFileSync } from "node:child_process"

/**
 * Vitest global setup: compiles `src` to `dist` once per run, so tests that start the real
 * `spotcast` binary as a child process run what the source says, not a stale build.
 */
export default function setup() {
  execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" })
}
