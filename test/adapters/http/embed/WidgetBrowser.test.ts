import { tmpdir } from "node:os"
import { mkdirSync, mkdtempSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { readFileSync } from "node:fs"
import { HttpServer } from "@effect/platform"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Schedule } from "effect"
import { type Browser, chromium, type FrameLocator } from "playwright-core"
import * as BuiltinAnalyst from "../../../../src/adapters/analyst/BuiltinAnalyst.js"
import * as SimulatedWeather from "../../../../src/adapters/weather/SimulatedWeather.js"
import { account, get, postJson } from "../support/Fixtures.js"
import * as TestServer from "../support/TestServer.js"

/**
 * The screenshots of docs/widgets.md are taken by this test, of the real page over the simulator and
 * the built-in analyst; they are written into docs/images only with UPDATE_SCREENSHOTS=1 (they show
 * the time of the forecast, so every run would change them), and into the temporary directory otherwise.
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

/** A PNG's width and height (its IHDR chunk). */
const pngSize = (path: string) => {
  const png = readFileSync(path)
  assert.strictEqual(png.subarray(1, 4).toString("ascii"), "PNG")
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

const texts = (frame: FrameLocator, selector: string) => Effect.promise(() => frame.locator(selector).allTextContents())
const text = (frame: FrameLocator, selector: string) => Effect.promise(() => frame.locator(selector).first().textContent())

const intelligence = Layer.merge(SimulatedWeather.layer(), BuiltinAnalyst.layer)

layer(TestServer.layer({ intelligence }), { excludeTestServices: true })("widgets in a real browser", (it) => {
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
      const fr = { language: "fr", distance_units: "km", speed_units: "kts" }
      const miniFr = yield* createWidget(key, { name: "Port de Galilee", display_type: "mini", preferences: fr })
      const fullFr = yield* createWidget(key, { name: "Point Judith", display_type: "full", preferences: fr })
      for (const w of [mini, full, evil, miniFr, fullFr]) yield* awaitCompleted(w.id, key)

      // Exactly what the API hands out, with this test server in place of the public address.
      const snippet = (w: any) => (w.embed.html as string).split(PUBLIC_BASE).join(service)
      const site = yield* hostSite(`<!doctype html><html><head><meta charset="utf-8"><title>Marina</title></head>
<body style="font-family: sans-serif; width: 420px; margin: 16px">
<h2>Today on the water</h2>
<section id="mini">${snippet(mini)}</section>
<section id="full">${snippet(full)}</section>
<section id="evil">${snippet(evil)}</section>
<section id="miniFr">${snippet(miniFr)}</section>
<section id="fullFr">${snippet(fullFr)}</section>
</body></html>`)
      assert.notStrictEqual(new URL(site).origin, new URL(service).origin)

      const browser = yield* launch
      const page = yield* Effect.promise(() => browser.newPage({ viewport: { width: 460, height: 1800 } }))
      const dialogs: Array<string> = []
      page.on("dialog", (d) => {
        dialogs.push(d.message())
        void d.dismiss()
      })
      yield* Effect.promise(() => page.goto(site, { waitUntil: "load" }))

      const frameOf = (section: string) => page.frameLocator(`#${section} iframe`)
      const sections = ["mini", "full", "evil", "miniFr", "fullFr"]
      for (const section of sections) {
        yield* Effect.promise(() => frameOf(section).locator(".b").first().waitFor({ timeout: 15_000 }))
      }
      assert.strictEqual(yield* Effect.promise(() => page.locator("iframe").count()), sections.length)

      for (const section of ["mini", "miniFr"]) {
        const badges = yield* texts(frameOf(section), ".b")
        assert.strictEqual(badges.length, 3)
        for (const b of badges) assert.oneOf(b, ["GO", "CAUTION", "AVOID"])
        assert.strictEqual(yield* Effect.promise(() => frameOf(section).locator(".s").count()), 0)
      }
      assert.strictEqual(yield* text(frameOf("mini"), "h1"), "Harbour Marina")
      for (const section of ["full", "fullFr"]) {
        assert.strictEqual(yield* Effect.promise(() => frameOf(section).locator(".s").count()), 3)
        // Every day's chart has its scales: speeds with their unit, local hours in the language's format.
        assert.strictEqual(yield* Effect.promise(() => frameOf(section).locator("svg.c").count()), 3)
        const labels = yield* texts(frameOf(section), "svg.c text")
        assert.isTrue(labels.some((l) => /^\d+ kt$/.test(l)), labels.join(" | "))
        assert.include(labels, section === "fullFr" ? "12 h" : "12:00")
      }
      // The sandbox's simulated weather is credited to no one; the zone of the local times is named.
      const footerEn = (yield* text(frameOf("full"), ".m")) ?? ""
      assert.include(footerEn, "Simulated weather (sandbox): not a real forecast.")
      assert.match(footerEn, /Forecast made \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. Times are local at the spot \(UTC[+−]\d{2}:\d{2}\)\./)
      const footerFr = (yield* text(frameOf("fullFr"), ".m")) ?? ""
      assert.include(footerFr, "Météo simulée (sandbox) : ce n’est pas une vraie prévision.")
      assert.match(footerFr, /Prévision établie le .* UTC\. Heures locales du lieu \(UTC[+−]\d{2}:\d{2}\)\./)
      for (const section of sections) {
        assert.notInclude(yield* Effect.promise(() => frameOf(section).locator("body").innerText()), "Open-Meteo")
      }
      assert.strictEqual(yield* Effect.promise(() => frameOf("miniFr").locator("html").getAttribute("lang")), "fr")

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
      assert.isBelow(heights[3]!, heights[4]!, "in French too")

      // The screenshots, in both languages: each the iframe's size, a full one taller than a mini one.
      mkdirSync(IMAGES, { recursive: true })
      const shots: Record<string, { width: number; height: number }> = {}
      for (const [section, file] of [["mini", "widget-mini"], ["full", "widget-full"], ["miniFr", "widget-mini-fr"], ["fullFr", "widget-full-fr"]] as const) {
        const path = join(IMAGES, `${file}.png`)
        yield* Effect.promise(() => page.locator(`#${section} iframe`).screenshot({ path }))
        shots[section] = pngSize(path)
      }
      for (const [mini, full] of [["mini", "full"], ["miniFr", "fullFr"]] as const) {
        assert.isAbove(shots[mini]!.height, 40)
        assert.isAbove(shots[full]!.height, shots[mini]!.height * 2)
        assert.strictEqual(shots[full]!.width, shots[mini]!.width)
      }
    }), { timeout: 90_000 })
})
