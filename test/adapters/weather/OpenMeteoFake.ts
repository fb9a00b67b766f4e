import { readFileSync } from "node:fs"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

const FIXTURES = new URL("../../fixtures/open-meteo/", import.meta.url)

export const fixtureText = (name: string): string => readFileSync(new URL(name, FIXTURES), "utf8")
export const fixture = (name: string): any => JSON.parse(fixtureText(name))

export type Reply =
  | { readonly status: number; readonly body: string }
  /** Answers 200, writes `head`, then stops with Open-Meteo's mid-stream error text. */
  | { readonly midStream: string }
  /** Never answers (a timeout). */
  | { readonly hang: true }

export type Responder = (params: URLSearchParams, call: number) => Reply

/**
 * A recorded answer moved to the requested dates, as the live API would give it: the fixture's first
 * date becomes `start_date`, and only hours from `start_date` to `end_date` are kept (unless `all`).
 */
export const redated = (name: string, params: URLSearchParams, all = false): string => {
  const body = fixture(name)
  const times: Array<string> = body.hourly.time
  const start = params.get("start_date")!
  const end = params.get("end_date")!
  const shift = Date.parse(`${start}T00:00Z`) - Date.parse(`${times[0]!.slice(0, 10)}T00:00Z`)
  const moved = times.map((t) => new Date(Date.parse(`${t}:00Z`) + shift).toISOString().slice(0, 16))
  const keep = moved.map((t) => all || (t.slice(0, 10) >= start && t.slice(0, 10) <= end))
  const hourly: Record<string, Array<unknown>> = {}
  for (const [k, values] of Object.entries(body.hourly as Record<string, Array<unknown>>)) {
    hourly[k] = (k === "time" ? moved : values).filter((_, i) => keep[i])
  }
  return JSON.stringify({ ...body, hourly })
}

export const ok = (body: string): Reply => ({ status: 200, body })

export interface Recorded {
  readonly path: string
  readonly params: URLSearchParams
}

export interface Fake {
  readonly forecastUrl: string
  readonly marineUrl: string
  readonly calls: Array<Recorded>
  readonly count: (path: "/v1/forecast" | "/v1/marine") => number
}

/** A loopback Open-Meteo on port 0 serving `/v1/forecast` and `/v1/marine` with the given responders. */
export const fakeOpenMeteo = (routes: { forecast: Responder; marine: Responder; delayMs?: number }) =>
  Effect.acquireRelease(
    Effect.async<{ fake: Fake; close: () => Promise<void> }>((resume) => {
      const calls: Array<Recorded> = []
      const handle = (req: IncomingMessage, res: ServerResponse) => {
        const url = new URL(req.url ?? "/", "http://localhost")
        calls.push({ path: url.pathname, params: url.searchParams })
        const responder = url.pathname === "/v1/forecast" ? routes.forecast : url.pathname === "/v1/marine" ? routes.marine : undefined
        if (responder === undefined) {
          res.writeHead(404).end()
          return
        }
        const reply = responder(url.searchParams, calls.filter((c) => c.path === url.pathname).length)
        if ("hang" in reply) return
        if ("midStream" in reply) {
          res.writeHead(200, { "content-type": "application/json; charset=utf-8" })
          res.write(reply.midStream)
          res.end("Unexpected error while streaming data: Connection reset by peer (errno: 104)")
          return
        }
        res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" }).end(reply.body)
      }
      // `delayMs`: each answer after that long, as a distant server's would be (the burst bench).
      const server = createServer((req, res) => (routes.delayMs ? setTimeout(() => handle(req, res), routes.delayMs) : handle(req, res)))
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        const base = `http://127.0.0.1:${port}`
        resume(Effect.succeed({
          fake: {
            forecastUrl: `${base}/v1/forecast`,
            marineUrl: `${base}/v1/marine`,
            calls,
            count: (path) => calls.filter((c) => c.path === path).length
          },
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections()
              server.close(() => done())
            })
        }))
      })
    }),
    ({ close }) => Effect.promise(close)
  ).pipe(Effect.map(({ fake }) => fake))
