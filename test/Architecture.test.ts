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

/** The source file a relative import names (`./X.js` is `./X.ts`); undefined for a package. */
const targetOf = (file: string, spec: string): string | undefined =>
  spec.startsWith(".") ? resolve(dirname(file), spec).replace(/\.js$/, ".ts") : undefined

/** Strongly connected groups of more than one node (or a node importing itself): the cycles. */
const cyclesOf = (edges: ReadonlyMap<string, ReadonlySet<string>>): Array<Array<string>> => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const groups: Array<Array<string>> = []
  let next = 0
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const group: Array<string> = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || edges.get(node)?.has(node)) groups.push(group.sort())
    }
  }
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node)
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

const fileEdges = () => {
  const edges = new Map<string, Set<string>>()
  for (const file of filesUnder(SRC)) {
    const to = new Set<string>()
    for (const spec of importsOf(file)) {
      const target = targetOf(file, spec)
      if (target !== undefined) to.add(relative(SRC, target).replaceAll("\\", "/"))
    }
    edges.set(relative(SRC, file).replaceAll("\\", "/"), to)
  }
  return edges
}

/**
 * The domain's folders (a file's own directory under src/domain) and which import which; the barrel
 * (`index.ts`, which re-exports every module for embedding hosts) is nobody's dependency.
 */
const domainFolderEdges = () => {
  const edges = new Map<string, Set<string>>()
  const folderOf = (path: string) => dirname(path).replace(/^domain\/?/, "") || "."
  for (const [from, tos] of fileEdges()) {
    if (!from.startsWith("domain/") || from.endsWith("/index.ts")) continue
    const folder = folderOf(from)
    const set = edges.get(folder) ?? new Set<string>()
    edges.set(folder, set)
    for (const to of tos) if (to.startsWith("domain/") && folderOf(to) !== folder) set.add(folderOf(to))
  }
  return edges
}


/** Weather providers and their model names, which belong to src/adapters/weather and its config. */
const PROVIDER_NAMES = /open[-_ ]?meteo|stormglass|met\.no|metno|best_match|ecmwf|gfs_|icon_seamless/i

/** Domain functions that decide: the core calls them, storage adapters store what they decided. */
const DECISIONS = [
  "resolveClaim",
  "recordOf",
  "liveSince",
  "chargeEntry",
  "refundEntry",
  "settleReceipt",
  "draftReceipt",
  "canAfford",
  "transition",
  "advanced",
  "completed",
  "failed",
  "checkRefreshable",
  "checkWidgetRefreshable",
  "claimedFor",
  "grantEntry",
  "recordAttempt",
  "redeliver",
  "nextAfterAttempt"
]

const NAMED_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+["']([^"']+)["']/g

/** The decision functions a source file (its path and text) imports from the domain, as offences. */
const decisionImportsOf = (file: string, text: string) =>
  [...text.matchAll(NAMED_IMPORT)]
    .filter((m) => layerOf(resolve(dirname(file), m[2]!)) === "domain")
    .flatMap((m) => m[1]!.split(",").map((name) => name.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!))
    .filter((name) => DECISIONS.includes(name))
    .map((name) => `${relative(ROOT, file)} imports ${name}`)

describe("the architecture's rules", () => {
  it("no source file imports itself back through others (no file cycles)", () => {
    assert.deepStrictEqual(cyclesOf(fileEdges()), [])
  })

  it("the domain's folders form no cycle", () => {
    assert.deepStrictEqual(cyclesOf(domainFolderEdges()), [])
  })

  it("the domain names no weather provider or provider model: the weather adapter says who the data is from", () => {
    const offenders = filesUnder(join(SRC, "domain")).flatMap((file) =>
      readFileSync(file, "utf8").split("\n").flatMap((line, i) =>
        PROVIDER_NAMES.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : []
      )
    )
    assert.deepStrictEqual(offenders, [])
  })

  it("every Context.Tag lives in src/ports", () => {
    const tag = /\b(?:Context\.Tag|Context\.GenericTag|Effect\.Tag)\s*\(/
    const outside = filesUnder(SRC)
      .filter((file) => !relative(SRC, file).startsWith("ports"))
      .filter((file) => tag.test(readFileSync(file, "utf8")))
    assert.deepStrictEqual(outside.map((f) => relative(ROOT, f)), [])
  })

  it("storage adapters import no domain decision function: they store what the core decided", () => {
    const storage = [...filesUnder(join(SRC, "adapters", "postgres")), ...filesUnder(join(SRC, "adapters", "memory"))]
    const offenders = storage.flatMap((file) => decisionImportsOf(file, readFileSync(file, "utf8")))
    assert.deepStrictEqual(offenders, [])
  })

  it("the checks see real structure (a cycle, a folder, a decision import are found when present)", () => {
    assert.isTrue(PROVIDER_NAMES.test('source: Schema.Literal("simulated", "open-meteo")'))
    assert.isTrue(PROVIDER_NAMES.test('provider: "Open-Meteo"'))
    assert.isFalse(PROVIDER_NAMES.test('source: Schema.String'))
    assert.deepStrictEqual(cyclesOf(new Map([["a", new Set(["b"])], ["b", new Set(["a"])], ["c", new Set(["a"])]])), [["a", "b"]])
    assert.isAbove(fileEdges().size, 100)
    assert.include([...domainFolderEdges().keys()], "billing")
    assert.include(DECISIONS, "resolveClaim")
    // A storage file importing a decision is found, however the import is written; a value it stores is not.
    const store = join(SRC, "adapters", "postgres", "SomeStore.ts")
    assert.deepStrictEqual(
      decisionImportsOf(store, [
        `import { type LedgerEntry, grantEntry } from "../../domain/billing/Ledger.js"`,
        `import {\n  recordAttempt as record\n} from "../../domain/webhook/WebhookAttempt.js"`,
        `import { DeliveryNotFound, redeliver } from "../../domain/webhook/WebhookRedelivery.js"`,
        `import { redeliver } from "./NotTheDomain.js"`
      ].join("\n")),
      ["grantEntry", "recordAttempt", "redeliver"].map((name) => `src/adapters/postgres/SomeStore.ts imports ${name}`)
    )
  })
})
