#!/usr/bin/env node
// Adds to package-lock.json the platform-specific optional packages (rollup, msgpackr-extract, …) of
// other operating systems and CPUs that `npm install` could not record because the registry it used
// does not serve them. Each gets its os/cpu (and libc) so `npm ci` accepts the lock and skips them on
// every platform they are not for. Run after any `npm install` that changes the lock.
import { readFileSync, writeFileSync } from "node:fs"

const OSES = new Set(["aix", "android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32"])
const path = new URL("../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(path, "utf8"))
const packages = lock.packages

/** os, cpu and libc from a platform package's name, e.g. rollup-linux-x64-musl. */
const platformOf = (name) => {
  const parts = name.split("/").pop().split("-")
  const at = parts.findIndex((p) => OSES.has(p))
  if (at === -1 || at + 1 >= parts.length) return undefined
  const os = parts[at]
  const [cpu, ...abi] = parts.slice(at + 1)
  const libc = os === "linux" ? (abi.some((a) => a.includes("musl")) ? "musl" : "glibc") : undefined
  return { os, cpu, libc }
}

let added = 0
for (const pkg of Object.values(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`
    const platform = platformOf(name)
    if (packages[key] !== undefined || platform === undefined) continue
    packages[key] = {
      version,
      cpu: [platform.cpu],
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      ...(platform.libc === undefined ? {} : { libc: [platform.libc] })
    }
    added++
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : 1)))
writeFileSync(path, JSON.stringify(lock, null, 2) + "\n")
console.log(`package-lock.json: ${added} platform packages of other systems listed`)
