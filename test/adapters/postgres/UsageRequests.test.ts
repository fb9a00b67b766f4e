import { assert, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { freePort, spawnSpotcast, type Spawned, stop, waitUntil } from "../../support/Spawn.js"
import { describeServer, freshDatabase } from "./TestDatabase.js"

const KEY = `sk_test_${"UsageCounts0123456789abcdefghijkl".slice(0, 32)}`

const request = (port: number, path: string) =>
  Effect.promise(() =>
    fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${KEY}` } }).then(async (r) => ({
      status: r.status,
      json: r.headers.get("content-type")?.includes("json") ? ((await r.json()) as any) : undefined
    }))
  )

const requests = (port: number, n: number) =>
  Effect.forEach(Array.from({ length: n }), () => request(port, "/v3/account/balance"), { discard: true })

/** The account's request count as one API process reports it (the report's own request included). */
const reported = (port: number) => Effect.map(request(port, "/v3/usage"), (r) => r.json.totals.requests as number)

await describeServer("request counts across API processes and restarts", () => {
  it.live("two API processes add up the account's requests; a stop, a restart and a crash lose nothing older than the flush interval", () =>
    Effect.scoped(Effect.gen(function*() {
      const { url } = yield* freshDatabase
      const ports = [yield* Effect.promise(freePort), yield* Effect.promise(freePort)] as const
      const start = (i: 0 | 1) =>
        Effect.gen(function*() {
          const p = yield* spawnSpotcast(`api ${i + 1}`, ["serve", "--role", "api"], {
            DATABASE_URL: Redacted.value(url),
            SPOTCAST_DATABASE_POOL_SIZE: "2",
            SPOTCAST_SHUTDOWN_GRACE_MS: "0",
            SPOTCAST_BOOTSTRAP_KEY: KEY,
            SPOTCAST_RATE_LIMIT_PER_MINUTE: "100000",
            PORT: String(ports[i]),
            HOST: "127.0.0.1"
          })
          const ready = Effect.promise(() => fetch(`http://127.0.0.1:${ports[i]}/readyz`).then((r) => r.status === 200, () => false))
          yield* waitUntil(`the API on ${ports[i]} is ready`, ready, [p])
          return p
        })
      const one = yield* start(0)
      let two: Spawned = yield* start(1)
      // Every request with the key so far; each report counts itself.
      let sent = 0
      const expectTotal = (what: string, port: number) =>
        waitUntil(what, Effect.map(reported(port), (n) => n === ++sent), [one, two], "10 seconds")

      yield* requests(ports[0], 10)
      yield* requests(ports[1], 15)
      sent += 25
      // Process 1 reports its own at once; process 2's arrive within its flush interval (2 s).
      yield* expectTotal("process 1 reports the requests made through both processes", ports[0])
      const seenAt = Date.now()
      yield* expectTotal("process 2 reports the same total", ports[1])
      assert.isBelow(Date.now() - seenAt, 5_000)

      // A stop (SIGTERM) writes the counts of the last interval before the process exits.
      yield* requests(ports[1], 7)
      sent += 7
      assert.strictEqual(yield* stop(two, "SIGTERM"), 0)
      yield* expectTotal("the stopped process's last requests are counted", ports[0])

      // A restarted process reads the same counts from storage.
      two = yield* start(1)
      yield* expectTotal("the restarted process reports every request", ports[1])

      // A crash (SIGKILL) loses at most the requests of its last flush interval: these are older.
      yield* requests(ports[1], 4)
      sent += 4
      yield* Effect.sleep("3 seconds")
      yield* stop(two, "SIGKILL")
      yield* expectTotal("requests older than the flush interval survive a crash", ports[0])
    })), 180_000)
})
