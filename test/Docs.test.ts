import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { assert, describe, it } from "@effect/vitest"

const ROOT = resolve(import.meta.dirname, "..")

/** README.md and every page of docs/. */
const pages = () => [
  join(ROOT, "README.md"),
  ...readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => join(ROOT, "docs", name))
]

/**
 * The text outside fenced code blocks (a link-like string inside a code sample is not a link), with
 * inline code dropped, or unwrapped (headings keep its text in their anchors).
 */
const prose = (markdown: string, inlineCode: "drop" | "unwrap" = "drop") =>
  markdown.split("\n").reduce(
    (state, line) => {
      if (/^\s*(```|~~~)/.test(line)) return { inCode: !state.inCode, lines: [...state.lines, ""] }
      const text = line.replace(/`([^`]*)`/g, inlineCode === "drop" ? "" : "$1")
      return { inCode: state.inCode, lines: [...state.lines, state.inCode ? "" : text] }
    },
    { inCode: false, lines: [] as Array<string> }
  ).lines

/** Inline links and images: `[text](target)` and `![alt](target "title")`. */
const linksOf = (markdown: string) =>
  prose(markdown).flatMap((line) =>
    [...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!)
  )

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
const anchorsOf = (markdown: string) => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const line of prose(markdown, "unwrap")) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1]
    if (heading === undefined) continue
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-")
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** Repository paths written as code in the docs (`src/…`, `test/…`, `bench/…`, `scripts/…`, `docs/…`). */
const pathsOf = (markdown: string) =>
  [...markdown.matchAll(/`((?:src|test|bench|scripts|docs)\/[\w./-]+)`/g)].map((m) => m[1]!)

const SOURCE = /\.(ts|mts|mjs|js|sh|py|sql)$/

const sourcesUnder = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === "node_modules" || name === "dist") return []
    return statSync(path).isDirectory() ? sourcesUnder(path) : SOURCE.test(name) ? [path] : []
  })

/** Every Markdown file a source, test, benchmark or script names (web addresses aside). */
const citationsOf = (source: string) =>
  [...source.replace(/\bhttps?:\/\/\S+/g, "").matchAll(/[\w./-]*[\w-]\.md\b/g)].map((m) => m[0])

const shown = (file: string) => relative(ROOT, file)

describe("the documentation", () => {
  it("README.md and docs/ exist, and the README stays a short entry point", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8")
    assert.isAtMost(readme.split("\n").length, 320)
    assert.isAbove(pages().length, 10)
  })

  it("every relative link in README.md and docs/*.md reaches an existing file, and its anchor a heading", () => {
    const broken: Array<string> = []
    for (const page of pages()) {
      for (const target of linksOf(readFileSync(page, "utf8"))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // http:, https:, mailto:
        const [path, anchor] = target.split("#") as [string, string | undefined]
        const file = path === "" ? page : resolve(dirname(page), decodeURIComponent(path))
        if (!existsSync(file)) {
          broken.push(`${shown(page)}: ${target} (no such file)`)
          continue
        }
        if (anchor !== undefined && file.endsWith(".md") && !anchorsOf(readFileSync(file, "utf8")).has(anchor)) {
          broken.push(`${shown(page)}: ${target} (no such heading in ${shown(file)})`)
        }
      }
    }
    assert.deepStrictEqual(broken, [])
  })

  it("every repository path the docs name as code exists", () => {
    const missing = pages().flatMap((page) =>
      pathsOf(readFileSync(page, "utf8"))
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${shown(page)}: ${path}`)
    )
    assert.deepStrictEqual(missing, [])
  })

  it("every .md file a source, test, benchmark or script cites is in the repository", () => {
    const files = ["src", "test", "bench", "scripts", ".ci"]
      .map((dir) => join(ROOT, dir))
      .filter(existsSync)
      .flatMap(sourcesUnder)
    assert.isAbove(files.length, 100)
    const missing = files.flatMap((file) =>
      citationsOf(readFileSync(file, "utf8"))
        .filter((cited) => !existsSync(join(ROOT, cited)) && !existsSync(resolve(dirname(file), cited)))
        .map((cited) => `${shown(file)}: ${cited}`)
    )
    assert.deepStrictEqual(missing, [])
  })

  it("the anchor rule follows GitHub's (a check of the checker)", () => {
    const anchors = anchorsOf("# Failures and retries\n## `spotcast classify`\n## Q & A\n## Q & A\n```\n# not a heading\n```\n")
    assert.deepStrictEqual([...anchors], ["failures-and-retries", "spotcast-classify", "q--a", "q--a-1"])
    const sample = "see [a](docs/llm.md#x) and `[b](docs/safety.md)`\n```\n[c](README.md)\n```\n![i](images/i.png)"
    assert.deepStrictEqual(linksOf(sample), ["docs/llm.md#x", "images/i.png"])
    assert.deepStrictEqual(citationsOf("// see docs/safety.md and https://example.com/SKILL.md, README.md"), [
      "docs/safety.md",
      "README.md"
    ])
  })
})

/** Web addresses and UUIDs, whose hex runs are not commit hashes. */
const withoutAddresses = (markdown: string) =>
  markdown
    .replace(/<?\bhttps?:\/\/[^\s)>]+>?/g, "")
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "")

/** What reads like a build diary rather than documentation: commit hashes, sessions, machine loads. */
const diaryOf = (markdown: string) =>
  withoutAddresses(markdown).split("\n").flatMap((line) => {
    const found: Array<string> = []
    // A commit hash: 7 to 40 hex digits with at least one letter and one digit, as a word of its own.
    for (const m of line.matchAll(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b/g)) found.push(m[0])
    // "Session" is the database's or TLS's word only.
    if (/\bsessions?\b/i.test(line) && !/\b(postgres\w*|database|sql|tls|connection|statement_timeout|time zone)\b/i.test(line)) {
      found.push(/[^.]*\bsessions?\b[^.]*/i.exec(line)![0].trim())
    }
    for (const m of line.matchAll(/\bload average\b|\bat load \d|\bload \d+(?:\.\d+)?\s*[–-]\s*\d/gi)) found.push(m[0])
    return found
  })

describe("the documentation reads as documentation, not as a diary", () => {
  it("README.md and docs/*.md name no commit hashes, work sessions or machine loads", () => {
    const found = pages().flatMap((page) => diaryOf(readFileSync(page, "utf8")).map((text) => `${shown(page)}: ${text}`))
    assert.deepStrictEqual(found, [])
  })

  it("the diary check finds what it should and nothing else (a check of the checker)", () => {
    const diary = [
      "measured against e106c7e in the same run",
      "the session before made 273/s",
      "this session's machine (AMD EPYC)",
      "at load 19–24",
      "load 2.4–3.2 from the runs",
      "the load average was high"
    ]
    for (const line of diary) assert.isNotEmpty(diaryOf(line), line)
    const documentation = [
      "the session's statement timeout on the PostgreSQL server",
      "a TLS session is resumed",
      "under load, a load balancer checks /readyz",
      "a decade of facade; 2130706433 and 0x7f.1",
      "see <https://github.com/o/r/blob/aa60713ffa827eb161614447928456bc35503603/SKILL.md>",
      "request id 3f2c1e8a-9b7d-4c6e-8f1a-2b3c4d5e6f70",
      "sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"
    ]
    for (const line of documentation) assert.deepStrictEqual(diaryOf(line), [], line)
  })
})
