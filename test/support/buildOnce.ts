import { execFileSync } from "node:child_process"
import { readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "../..")

/** The newest modification time under `path` (a file or a directory), in milliseconds. */
const newest = (path: string): number => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

/** Whether `dist/` is older than what it is built from (as scripts/build-if-stale.mjs judges it for `npm start`). */
const stale = () => {
  let builtAt: number
  try {
    builtAt = statSync(join(root, "dist/main/bin.js")).mtimeMs
  } catch {
    return true
  }
  const inputs = ["src", "tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json"]
  return Math.max(...inputs.map((input) => newest(join(root, input)))) > builtAt
}

/**
 * Vitest global setup: compiles `src` to `dist` when a source is newer than the build, so tests that
 * start the real `spotcast` binary as a child process run what the source says, not a stale build. A
 * build that is already current (`npm ci` builds through `prepare`) is not done again: every test
 * waits for this step. Type errors are the type-check step's business (`npm test` runs it first); tsc
 * still emits, so they do not stop here.
 */
export default function setup() {
  if (!stale()) return
  try {
    execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: root, stdio: "pipe" })
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? "")
    process.stderr.write(`build for child-process tests reported errors:\n${output.slice(0, 2000)}\n`)
  }
}
