import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { assert, describe, it } from "@effect/vitest"

const ROOT = resolve(import.meta.dirname, "..")
const SRC = join(ROOT, "src")

const filesUnder = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith(".ts") ? [path] : []
  })

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!)

/** Which layer of docs/architecture.md a source path belongs to. */
const layerOf = (path: string) => {
  const rel = relative(SRC, path).replaceAll("\\", "/")
  if (rel.startsWith("domain/")) return "domain"
  if (rel.startsWith("application/")) return "application"
  if (rel.startsWith("ports/")) return "ports"
  if (rel.startsWith("adapters/")) return `adapters/${rel.split("/")[1]}`
  if (rel.startsWith("main/")) return "main"
  return "other"
}

/**
 * The dependency rule (docs/architecture.md): domain -> effect; ports -> domain; application -> ports +
 * domain; adapters -> ports + domain (and their own folder; only the HTTP adapter drives use cases);
 * main -> everything.
 */
const allowed = (from: string, to: string): boolean => {
  if (from === "main") return true
  if (from === "domain") return to === "domain"
  if (from === "ports") return to === "domain" || to === "ports"
  if (from === "application") return to === "domain" || to === "ports" || to === "application"
  if (from === "adapters/http") return to === "domain" || to === "ports" || to === "application" || to === from
  if (from.startsWith("adapters/")) return to === "domain" || to === "ports" || to === from
  return false
}
const packageAllowed = (from: string, pkg: string) =>
  from === "domain" || from === "application" || from === "ports" ? pkg === "effect" : true

const violations = () =>
  filesUnder(SRC).flatMap((file) => {
    const from = layerOf(file)
    return importsOf(file).flatMap((spec) => {
      if (spec.startsWith(".")) {
        const to = layerOf(resolve(dirname(file), spec))
        return allowed(from, to) ? [] : [`${relative(ROOT, file)} (${from}) imports ${spec} (${to})`]
      }
      const pkg = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!
      return packageAllowed(from, pkg) ? [] : [`${relative(ROOT, file)} (${from}) imports package ${spec}`]
    })
  })

describe("the dependency rule (docs/architecture.md)", () => {
  it("holds for every source file", () => {
    assert.deepStrictEqual(violations(), [])
  })

  it("keeps the domain pure: no clock, randomness, process or console outside Effect", () => {
    const impure = /Date\.now\(|Math\.random\(|new Date\(\)|performance\.now\(|\bprocess\.|\bconsole\.|setTimeout\(|setInterval\(/
    const offenders = filesUnder(join(SRC, "domain")).filter((file) => impure.test(readFileSync(file, "utf8")))
    assert.deepStrictEqual(offenders.map((f) => relative(ROOT, f)), [])
  })

  it("is checked on real imports (the scan finds the core's imports of effect)", () => {
    const domainImports = filesUnder(join(SRC, "domain")).flatMap(importsOf)
    assert.include(domainImports, "effect")
    assert.isFalse(allowed("domain", "ports"))
    assert.isFalse(allowed("domain", "application"))
    assert.isFalse(allowed("application", "adapters/memory"))
    assert.isFalse(allowed("adapters/postgres", "application"))
    assert.isFalse(allowed("ports", "adapters/memory"))
    assert.isFalse(packageAllowed("domain", "node:crypto"))
  })
})
