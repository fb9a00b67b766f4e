import { vi } from "vitest"
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { runBin, type Served, startServer } from "../support/Spawn.js"

// Each case starts the built binary a dozen times; on a loaded 2-core machine one start takes seconds.
vi.setConfig({ testTimeout: 120_000 })

const ADMIN_TOKEN = "cli-test-admin-token-0123456789"

describe("spotcast serve (the built binary, memory storage)", () => {
  let server: Served
  beforeAll(async () => {
    server = await startServer({ SPOTCAST_STORAGE: "memory", SPOTCAST_ADMIN_TOKEN: ADMIN_TOKEN })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("prints a demo sandbox key once, and that key works", async () => {
    const key = /sk_test_[0-9A-Za-z]{32}/.exec(server.output())?.[0]
    assert.isString(key)
    const res = await fetch(`${server.baseUrl}/v3/account/balance`, { headers: { authorization: `Bearer ${key}` } })
    assert.strictEqual(res.status, 200)
    assert.deepStrictEqual(await res.json(), {
      credit_balance: 100,
      total_credits_purchased: 100,
      total_credits_used: 0,
      purchase_url: `${server.baseUrl}/billing`
    })
  })

  it("serves the default purchase_url: a page saying how to get credits", async () => {
    const res = await fetch(`${server.baseUrl}/billing`)
    assert.strictEqual(res.status, 200)
    assert.match(res.headers.get("content-type") ?? "", /text\/html/)
    assert.isString(res.headers.get("x-ratelimit-limit"))
    assert.include(await res.text(), "spotcast admin credits grant")
  })

  it("says at start-up when simulated weather is forced for every account", async () => {
    const forced = await startServer({ SPOTCAST_STORAGE: "memory", SPOTCAST_WEATHER_PROVIDER: "simulated" })
    try {
      assert.include(forced.output(), "SPOTCAST_WEATHER_PROVIDER=simulated: every account gets simulated weather")
    } finally {
      await forced.stop()
    }
  })

  it("spotcast admin drives the operator API, in text and --json", async () => {
    const env = { SPOTCAST_ADMIN_URL: server.baseUrl, SPOTCAST_ADMIN_TOKEN: ADMIN_TOKEN }
    const created = await runBin(["admin", "--json", "accounts", "create", "--name", "Harbour", "--credits", "7"], env)
    assert.strictEqual(created.code, 0, created.stderr)
    const body = JSON.parse(created.stdout)
    assert.strictEqual(body.account.name, "Harbour")
    assert.match(body.api_key.key, /^sk_live_[0-9A-Za-z]{32}$/)

    const granted = await runBin(["admin", "credits", "grant", body.account.id, "5", "--note", "top-up"], env)
    assert.strictEqual(granted.code, 0, granted.stderr)
    assert.include(granted.stdout, "balance 12")

    const res = await fetch(`${server.baseUrl}/v3/account/balance`, { headers: { "x-api-key": body.api_key.key } })
    assert.strictEqual(((await res.json()) as { credit_balance: number }).credit_balance, 12)

    const missing = await runBin(["admin", "accounts", "show", "acct_missing"], env)
    assert.strictEqual(missing.code, 1)
    assert.include(missing.stderr, "no such account")

    const refused = await runBin(["admin", "--token", "wrong-token-wrong-token", "accounts", "list"], env)
    assert.strictEqual(refused.code, 1)
    assert.include(refused.stderr, "admin token was refused")
  })
})

describe("start-up configuration", () => {
  it("stops with a message naming a bad variable", async () => {
    const ran = await runBin(["serve"], { SPOTCAST_STORAGE: "memory", PORT: "eighty" })
    assert.strictEqual(ran.code, 1)
    assert.include(ran.stderr, "PORT")
  })

  it("refuses a split role on storage one process owns", async () => {
    const ran = await runBin(["serve", "--role", "worker"], { SPOTCAST_STORAGE: "memory" })
    assert.strictEqual(ran.code, 1)
    assert.include(ran.stderr, "DATABASE_URL")
  })
})
