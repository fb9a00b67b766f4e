import { tmpdir } from "node:os"
import { mkdirSync, mkdtempSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { HttpServer } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { type Browser, chromium } from "playwright-core"
import { account, get, postJson } from "../support/Fixtures.js"
import * as TestServer from "../support/TestServer.js"

/**
 * The screenshots of docs/widgets.md are taken by this test; they are written into docs/images only with
 * UPDATE_SCREENSHOTS=1 (they show the time of the forecast, so every run would change them), and
 * into the temporary directory otherwise.
 */
const IMAGES = process.env["UPDATE_SCREENSHOTS"] === "1"
  ? join(dirname(fileURLToPath(import.meta.url)), "../../../../docs/images")
  : mkdtempSync(join(tmpdir(), "spotcast-widget-shots-"))
const PUBLIC_BASE = "https://spotcast.test"

const launch = Effect.acquireRelease(
  Effect.promise(() =>
    chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync"
      ]
    })
  ),
  (browser: Browser) => Effect.promise(() => browser.close())
)

/** A second origin (its own loopback port) that serves one page: the site owner's, with the pasted snippets. */
const hostSite = (html: string) =>
  Effect.acquireRelease(
    Effect.async<Server>((resume) => {
      const server = createServer((_, res) => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
        res.end(html)
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.async<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`))

const createWidget = (key: string, body: Record<string, unknown>) =>
  Effect.flatMap(
    postJson("/v3/spotcast/widgets", { latitude: 41.13, longitude: -71.71, num_days: 3, ...body }, key),
    (r) => (r.status === 201 ? Effect.succeed(r.json) : Effect.dieMessage(`create answered ${r.status}: ${r.text}`))
  )

const awaitCompleted = (id: string, key: string) =>
  get(`/v3/spotcast/widgets/${id}`, key).pipe(
    Effect.filterOrFail((r) => r.json?.latest_forecast?.status === "completed", () => "unfinished"),
    Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }),
    Effect.orDie
  )

layer(TestServer.layer(), { excludeTestServices: true })("widgets in a real browser", (it) => {
  it.scoped("a page on another origin with the pasted snippets shows each widget's iframe and badges; a hostile name stays text", () =>
    Effect.gen(function*() {
      const address = (yield* HttpServer.HttpServer).address
      assert.strictEqual(address._tag, "TcpAddress")
      const service = address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""

      const { key } = yield* account(20)
      const hostile = `<img src=x onerror="window.top.__pwned=1"><script>window.top.__pwned=2</script>Marina`
      const mini = yield* createWidget(key, { name: "Harbour Marina", display_type: "mini" })
      const full = yield* createWidget(key, { name: "Point Judith Launch", display_type: "full" })
      const evil = yield* createWidget(key, { name: hostile, display_type: "mini", num_days: 1 })
      for (const w of [mini, full, evil]) yield* awaitCompleted(w.id, key)

      // Exactly what the API hands out, with this test server in place of the public address.
      const snippet = (w: any) => (w.embed.html as string).split(PUBLIC_BASE).join(service)
      const site = yield* hostSite(`<!doctype html><html><head><meta charset="utf-8"><title>Marina</title></head>
<body style="font-family: sans-serif; width: 420px; margin: 16px">
<h2>Today on the water</h2>
<section id="mini">${snippet(mini)}</section>
<section id="full">${snippet(full)}</section>
<section id="evil">${snippet(evil)}</section>
</body></html>`)
      assert.notStrictEqual(new URL(site).origin, new URL(service).origin)

      const browser = yield* launch
      const page = yield* Effect.promise(() => browser.newPage({ viewport: { width: 460, height: 900 } }))
      const dialogs: Array<string> = []
      page.on("dialog", (d) => {
        dialogs.push(d.message())
        void d.dismiss()
      })
      yield* Effect.promise(() => page.goto(site, { waitUntil: "load" }))

      const frameOf = (section: string) => page.frameLocator(`#${section} iframe`)
      for (const section of ["mini", "full", "evil"]) {
        yield* Effect.promise(() => frameOf(section).locator(".b").first().waitFor({ timeout: 15_000 }))
      }
      assert.strictEqual(yield* Effect.promise(() => page.locator("iframe").count()), 3)

      const miniBadges = yield* Effect.promise(() => frameOf("mini").locator(".b").allTextContents())
      assert.deepStrictEqual(miniBadges, ["GO", "GO", "GO"])
      assert.strictEqual(yield* Effect.promise(() => frameOf("mini").locator("h1").textContent()), "Harbour Marina")
      assert.strictEqual(yield* Effect.promise(() => frameOf("mini").locator(".s").count()), 0)
      assert.strictEqual(yield* Effect.promise(() => frameOf("full").locator(".s").count()), 3)
      assert.include(yield* Effect.promise(() => frameOf("full").locator(".m").textContent()), "Open-Meteo")

      // The hostile name is shown as its text; nothing in it ran (in the frame or the host page).
      assert.strictEqual(yield* Effect.promise(() => frameOf("evil").locator("h1").textContent()), hostile)
      assert.strictEqual(yield* Effect.promise(() => frameOf("evil").locator("h1 img, h1 script").count()), 0)
      assert.isUndefined(yield* Effect.promise(() => page.evaluate(() => (globalThis as any).__pwned)))
      assert.deepStrictEqual(dialogs, [])
      // widget.js leaves no globals behind.
      const globals = yield* Effect.promise(() =>
        page.evaluate(() => Object.keys(globalThis).filter((k) => /spotcast|widget|mount|frames_/i.test(k)))
      )
      assert.deepStrictEqual(globals, [])

      // Each iframe is sized to its content (the page's height message), not left at the default.
      yield* Effect.promise(() =>
        page.waitForFunction(() =>
          [...(globalThis as any).document.querySelectorAll("iframe")].every((f: any) => f.style.height !== "120px" && f.style.height !== "320px")
        , undefined, { timeout: 10_000 })
      )
      const heights = yield* Effect.promise(() =>
        page.evaluate(() =>
          [...(globalThis as any).document.querySelectorAll("iframe")].map((f: any) => f.getBoundingClientRect().height as number)
        )
      )
      assert.isBelow(heights[0]!, heights[1]!, "the full widget is taller than the mini one")

      mkdirSync(IMAGES, { recursive: true })
      yield* Effect.promise(() => page.locator("#mini iframe").screenshot({ path: join(IMAGES, "widget-mini.png") }))
      yield* Effect.promise(() => page.locator("#full iframe").screenshot({ path: join(IMAGES, "widget-full.png") }))
    }), { timeout: 90_000 })
})
