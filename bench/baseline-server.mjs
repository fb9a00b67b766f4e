// The anchor of bench/perf.sh: what a user would write by hand on SpotCast's own tables and rows:
// node:http + pg (pool of 10, as SpotCast's default), the same auth (Bearer or X-API-Key -> SHA-256 hex ->
// one JOIN of api_keys and accounts, last_used_at touched at most once a minute), the three
// X-RateLimit-* headers and the same JSON bytes for GET /v3/spotcast/{id}, GET /v3/spotcasts and
// GET /v3/account/balance. Rate windows: BASELINE_RATE=shared (default: the upsert into rate_windows that
// SpotCast makes on a PostgreSQL server, one statement per request as a hand-written server sends it, so
// that the windows hold across processes) or memory (one process's fixed minute, as ../shared/perf/baseline.mjs). Keep it in step with the schema
// (src/adapters/postgres/Schema*.ts): a schema change that this file does not follow shows up as
// "BODY DIFFERS" in bench/perf.sh.
// usage: node bench/baseline-server.mjs <port> <database url> <public base url> <cursor secret>
// `pg` is the node-postgres that @effect/sql-pg already brings into node_modules (no dependency added).
import { createHash, createHmac } from "node:crypto"
import { createServer } from "node:http"
import pg from "pg"

const [port, dbUrl, base, cursorSecret] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: dbUrl, max: 10 })
const DEFAULT_LIMIT = 100000000
const sharedRate = process.env.BASELINE_RATE !== "memory"
const windows = new Map()
const touched = new Map()

const iso = (d) => d.toISOString()
const send = (res, status, obj, extra) => {
  const body = JSON.stringify(obj)
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...extra })
  res.end(body)
}
const RATE = `INSERT INTO rate_windows (bucket, window_start, count) VALUES ($1, $2, 1)
  ON CONFLICT (bucket) DO UPDATE SET
    count = CASE WHEN EXCLUDED.window_start > rate_windows.window_start THEN 1 ELSE rate_windows.count + 1 END,
    window_start = GREATEST(rate_windows.window_start, EXCLUDED.window_start)
  RETURNING window_start, count`
const rate = async (id, limit) => {
  const now = Date.now(), start = now - (now % 60000)
  let count
  if (sharedRate) {
    const { rows: [r] } = await pool.query(RATE, [`key:${id}`, start])
    count = r.count
  } else {
    let w = windows.get(id)
    if (w === undefined || w.start !== start) { w = { start, count: 0 }; windows.set(id, w) }
    count = ++w.count
  }
  return { allowed: count <= limit, headers: { "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(Math.max(0, limit - count)), "x-ratelimit-reset": String((start + 60000) / 1000) } }
}
const AUTH = `SELECT k.key_id, k.revoked_at, k.last_used_at, a.account_id, a.status, a.rate_limit_per_minute
  FROM api_keys k JOIN accounts a ON a.account_id = k.account_id WHERE k.hash = $1`
const GET = `SELECT s.spotcast_id, s.created_at, s.latitude, s.longitude, s.start_at, s.num_days, s.trip_duration_hours,
    s.metadata, s.forecast_count, f.forecast_id, f.status, f.created_at AS f_created_at, f.completed_at, f.failed_at,
    f.analysis, f.error_code, f.error_message, f.stage, f.percentage
  FROM spotcasts s JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
  WHERE s.account_id = $1 AND s.spotcast_id = $2 AND s.widget_id IS NULL AND s.route_id IS NULL`
// Two statements, not one with "$2 IS NULL OR …": the planner must see the keyset condition to start the
// index range scan after the cursor.
// The page is taken first (an index range scan of `limit` rows), then joined to its forecasts: the shape
// SpotCast's list has. A join before the LIMIT lets the planner pick a hash join over every row of the
// account once the tables grow (seen in bench rounds after the creates: 30–70 req/s).
const page = (keyset) => `SELECT s.spotcast_id, s.created_at, s.latitude, s.longitude, f.forecast_id, f.status
  FROM (SELECT account_id, spotcast_id, created_at, latitude, longitude, latest_forecast_id FROM spotcasts
        WHERE account_id = $1 AND widget_id IS NULL AND route_id IS NULL${keyset}
        ORDER BY created_at DESC, spotcast_id DESC LIMIT $2) s
  JOIN forecasts f ON f.account_id = s.account_id AND f.forecast_id = s.latest_forecast_id
  ORDER BY s.created_at DESC, s.spotcast_id DESC`
const LIST_FIRST = page("")
const LIST_AFTER = page(" AND (created_at, spotcast_id) < ($3, $4)")
const BALANCE = `SELECT credit_balance, total_purchased, total_used FROM accounts WHERE account_id = $1`

const latestForecast = (r) => ({
  forecast_id: r.forecast_id, created_at: iso(r.f_created_at), status: r.status,
  ...(r.completed_at ? { completed_at: iso(r.completed_at) } : {}),
  ...(r.status === "processing" ? { progress: { stage: r.stage, percentage: r.percentage } } : {}),
  ...(r.analysis ? { ai_analysis: JSON.parse(r.analysis) } : {}),
  ...(r.error_code ? { failed_at: iso(r.failed_at), error: { code: r.error_code, message: r.error_message } } : {})
})
const spotcast = (r) => {
  const start = r.start_at
  return {
    id: r.spotcast_id, status: r.status, created_at: iso(r.created_at),
    coordinates: { latitude: r.latitude, longitude: r.longitude },
    forecast_period: { start_date: iso(start), end_date: iso(new Date(start.getTime() + r.num_days * 86400000 - 1000)), num_days: r.num_days },
    ...(r.trip_duration_hours === null ? {} : { trip_duration_hours: r.trip_duration_hours }),
    forecast_count: r.forecast_count,
    ...(r.metadata === null ? {} : { metadata: JSON.parse(r.metadata) }),
    latest_forecast: latestForecast(r)
  }
}
// Cursors are sealed with an HMAC, as SpotCast's (their bytes differ: the bench compares bodies without them).
const seal = (p) => { const s = Buffer.from(JSON.stringify(p)).toString("base64url"); return `${s}.${createHmac("sha256", cursorSecret).update(s).digest("base64url")}` }
const unseal = (c) => { const [s, m] = c.split("."); if (createHmac("sha256", cursorSecret).update(s).digest("base64url") !== m) return undefined; return JSON.parse(Buffer.from(s, "base64url")) }

const handle = async (req, res) => {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")
  const key = m?.[1] ?? req.headers["x-api-key"]
  if (!key) return send(res, 401, { error: { code: "missing_api_key", message: "No API key" } })
  const hash = createHash("sha256").update(key).digest("hex")
  const { rows: [caller] } = await pool.query(AUTH, [hash])
  if (!caller) return send(res, 401, { error: { code: "invalid_api_key", message: "Invalid API key" } })
  if (caller.revoked_at) return send(res, 401, { error: { code: "key_revoked", message: "Key revoked" } })
  if (caller.status !== "active") return send(res, 403, { error: { code: "account_suspended", message: "Suspended" } })
  const now = Date.now()
  if ((touched.get(caller.key_id) ?? caller.last_used_at?.getTime() ?? 0) < now - 60000) {
    touched.set(caller.key_id, now)
    await pool.query("UPDATE api_keys SET last_used_at = $1 WHERE key_id = $2", [new Date(now), caller.key_id])
  }
  const rl = await rate(caller.key_id, caller.rate_limit_per_minute ?? DEFAULT_LIMIT)
  if (!rl.allowed) return send(res, 429, { error: { code: "rate_limit_exceeded", message: "Too many requests" } }, rl.headers)
  const url = new URL(req.url, "http://x")
  const p = url.pathname
  if (req.method === "GET" && p.startsWith("/v3/spotcast/")) {
    const id = p.slice("/v3/spotcast/".length)
    const { rows: [r] } = await pool.query(GET, [caller.account_id, id])
    if (!r) return send(res, 404, { error: { code: "spotcast_not_found", message: "SpotCast not found" } }, rl.headers)
    return send(res, 200, spotcast(r), rl.headers)
  }
  if (req.method === "GET" && p === "/v3/spotcasts") {
    const limit = Number(url.searchParams.get("limit") ?? 20)
    const after = url.searchParams.get("after")
    const pos = after ? unseal(after) : null
    if (after && !pos) return send(res, 400, { error: { code: "invalid_cursor", message: "Bad cursor" } }, rl.headers)
    const { rows } = pos
      ? await pool.query(LIST_AFTER, [caller.account_id, limit + 1, new Date(pos.t), pos.id])
      : await pool.query(LIST_FIRST, [caller.account_id, limit + 1])
    const more = rows.length > limit
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return send(res, 200, {
      data: page.map((r) => ({ id: r.spotcast_id, status: r.status, created_at: iso(r.created_at),
        coordinates: { latitude: r.latitude, longitude: r.longitude }, latest_forecast: { forecast_id: r.forecast_id, status: r.status } })),
      has_more: more, next_cursor: more ? seal({ a: caller.account_id, t: last.created_at.getTime(), id: last.spotcast_id }) : null
    }, rl.headers)
  }
  if (req.method === "GET" && p === "/v3/account/balance") {
    const { rows: [b] } = await pool.query(BALANCE, [caller.account_id])
    return send(res, 200, { credit_balance: Number(b.credit_balance), total_credits_purchased: Number(b.total_purchased),
      total_credits_used: Number(b.total_used), purchase_url: `${base}/billing` }, rl.headers)
  }
  send(res, 404, { error: { code: "not_found", message: "Not found" } }, rl.headers)
}
createServer((req, res) => {
  handle(req, res).catch((e) => { console.error(e); if (!res.headersSent) send(res, 500, { error: { code: "internal_error", message: "Internal error" } }) })
}).listen(Number(port), "127.0.0.1", () => console.log(`baseline listening on ${port}`))
