import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { execFile } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { vi } from "vitest"
import { plainServeRole } from "../../src/main/Roles.js"
import { describeServer, freshDatabase } from "../adapters/postgres/TestDatabase.js"
import { BIN, freePort, spawnSpotcast, startServer, waitUntil } from "../support/Spawn.js"

vi.setConfig({ testTimeout: 120_000 })

const dir = mkdtempSync(join(tmpdir(), "spotcast-footprint-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const hooks = pathToFileURL(join(import.meta.dirname, "fixtures", "module-log.mjs")).href
let logs = 0

/** The environment that makes a spawned `spotcast` list every module it imports; `read` gives the list so far. */
const moduleLog = () => {
  const file = join(dir, `modules-${++logs}.txt`)
  const read = () => {
    try {
      return readFileSync(file, "utf8").split("\n").filter((line) => line !== "")
    } catch {
      return []
    }
  }
  const env = {
    SPOTCAST_TEST_MODULE_LOG: file,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${hooks}`.trim()
  }
  return { env, read }
}

/** The modules of `list` whose URL matches `pattern`, by their path after node_modules or dist. */
const loaded = (list: ReadonlyArray<string>, pattern: RegExp) =>
  [...new Set(list.filter((url) => pattern.test(url)).map((url) => url.replace(/^.*?\/(node_modules|dist)\//, "")))]

// What a serving process has no use for unless configured or asked: the OpenTelemetry exporter (tracing
// not configured), the command-line parser (a plain `serve`), the docs page's Scalar bundle (until
// /docs is asked for), the packages' index modules (they load every module of the package), the
// other storage backends.
const UNNEEDED = /@effect\/opentelemetry\/|@effect\/cli\/|HttpApiScalar|HttpApiSwagger|@effect\/platform\/dist\/esm\/index\.js|@effect\/platform-node\/dist\/esm\/index\.js|adapters\/postgres\/(PostgresStorage|EmbeddedPostgres)\.js|@electric-sql\/pglite/

describe("plainServeRole: which command lines start without the parser", () => {
  it("a plain serve, with or without a valid role", () => {
    assert.strictEqual(plainServeRole(["serve"]), "all")
    assert.strictEqual(plainServeRole(["serve", "--role", "api"]), "api")
    assert.strictEqual(plainServeRole(["serve", "--role=worker"]), "worker")
    assert.strictEqual(plainServeRole(["serve", "--role", "all"]), "all")
  })

  it("anything else goes through the parser (help, other options, a wrong role, other commands)", () => {
    for (
      const args of [
        [],
        ["admin", "accounts", "list"],
        ["serve", "--help"],
        ["serve", "--role", "API"],
        ["serve", "--role"],
        ["serve", "--role", "api", "--log-level", "debug"],
        ["serve", "--role=", "api"],
        ["--log-level", "debug", "serve"],
        ["serve", "extra"]
      ]
    ) assert.isUndefined(plainServeRole(args), args.join(" "))
  })
})

describe("what spotcast serve loads (memory storage, tracing not configured)", () => {
  const log = moduleLog()
  let served: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    served = await startServer({ SPOTCAST_STORAGE: "memory", ...log.env })
  })
  afterAll(async () => {
    await served?.stop()
  })

  it("runs without the modules it has no use for; /docs loads Scalar when first asked for", async () => {
    const modules = log.read()
    assert.isNotEmpty(loaded(modules, /@effect\/platform\/dist\/esm\/HttpApiBuilder\.js/), "the log sees the process's modules")
    assert.isNotEmpty(loaded(modules, /main\/Background\.js/), "serve runs the background work")
    assert.deepStrictEqual(loaded(modules, UNNEEDED), [])

    const docs = await fetch(`${served.baseUrl}/docs`)
    assert.strictEqual(docs.status, 200)
    assert.include(await docs.text(), "Minified by jsDelivr")
    assert.deepStrictEqual(loaded(log.read(), /HttpApiScalar/), ["@effect/platform/dist/esm/HttpApiScalar.js"])
  })

  it("loads the OTLP exporter when tracing is configured", async () => {
    const traced = moduleLog()
    const server = await startServer({
      SPOTCAST_STORAGE: "memory",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9",
      ...traced.env
    })
    try {
      assert.isNotEmpty(loaded(traced.read(), /@effect\/opentelemetry\/dist\/esm\/OtlpTracer\.js/))
    } finally {
      await server.stop()
    }
  })
})

await describeServer("what spotcast serve --role api loads (PostgreSQL server)", () => {
  it.live("the API process holds no background work, compute pool, memory storage or parser", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const port = yield* Effect.promise(freePort)
      const log = moduleLog()
      const api = yield* spawnSpotcast("api", ["serve", "--role", "api"], {
        DATABASE_URL: Redacted.value(url),
        SPOTCAST_DATABASE_POOL_SIZE: "2",
        HOST: "127.0.0.1",
        PORT: String(port),
        ...log.env
      })
      yield* waitUntil(
        "the API is ready",
        Effect.promise(() => fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false)),
        [api]
      )
      const modules = log.read()
      assert.isNotEmpty(loaded(modules, /adapters\/postgres\/PostgresStorage\.js/), "the log sees the process's modules")
      assert.deepStrictEqual(
        loaded(modules, /main\/Background\.js|main\/compute\/|application\/worker\/WorkerPool\.js|adapters\/memory\/|@effect\/cli\/|@effect\/opentelemetry\/|HttpApiScalar/),
        []
      )
    })))
})

describe("a module that fails to load", () => {
  it("stops start-up at once, in one line naming it, before anything listens", async () => {
    // A copy of the build without the background roles' module, beside the project's packages.
    const root = mkdtempSync(join(dir, "broken-"))
    const project = resolve(BIN, "../../..")
    cpSync(join(project, "dist"), join(root, "dist"), { recursive: true })
    cpSync(join(project, "package.json"), join(root, "package.json"))
    symlinkSync(join(project, "node_modules"), join(root, "node_modules"))
    unlinkSync(join(root, "dist", "main", "Background.js"))
    const port = await freePort()
    const ran = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = execFile(process.execPath, [join(root, "dist", "main", "bin.js"), "serve"], {
        env: { ...process.env, SPOTCAST_STORAGE: "memory", HOST: "127.0.0.1", PORT: String(port) },
        timeout: 60_000
      }, (_error, _stdout, stderr) => done({ code: child.exitCode, stderr }))
    })
    assert.strictEqual(ran.code, 1)
    assert.match(ran.stderr, /^spotcast: cannot load the background work \(Cannot find module .*Background\.js.*\); reinstall SpotCast/m)
  })
})
