// Runs `npm run build` only when a source is newer than the build: `npm start` and `npm run spotcast`
// then restart in the time the server takes to start, not the compiler's.
import { execFileSync } from "node:child_process"
import { readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")
const built = join(root, "dist/main/bin.js")

/** The newest modification time under `path` (a file or a directory), in milliseconds. */
const newest = (path) => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs)
}

const builtAt = (() => {
  try {
    return statSync(built).mtimeMs
  } catch {
    return -Infinity
  }
})()
const inputs = ["src", "tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json"]
const changedAt = Math.max(...inputs.map((input) => newest(join(root, input))))
if (changedAt > builtAt) {
  if (!process.argv.includes("--silent")) process.stderr.write("Building dist/ (the sources changed since the last build)...\n")
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" })
}
