#!/usr/bin/env bash
# Polling a SpotCast as the reference's clients do, without and with If-None-Match, in one run of
# interleaved rounds; prints medians and ratios against the anchor (a full GET of the SpotCast).
#   full:  GET /v3/spotcast/{id} and GET /v3/spotcast/{id}/status answered 200 with the whole body
#          (what every poll cost before conditional reads)
#   304:   the same requests with If-None-Match: the ETag of the previous answer (nothing changed)
# For each: requests/s, bytes on the wire per poll (headers included, as wrk reads them) and the
# server's CPU per poll (user + system time from /proc over the run, divided by the requests).
# One `serve` process on memory storage and simulated weather, a completed 5-day SpotCast (the largest
# body: timeline included). Server on CPU 0, wrk on CPU 1 (taskset). Everything started here is stopped
# by pid on exit.
# usage: bench/polling.sh   (after `npm run build`; needs wrk: apt-get install -y wrk)
# env:   ROUNDS=3 DUR=5 (s per run) CONNS=16
set -u
BENCH="$(cd "$(dirname "$0")" && pwd)"
PROJ="$(cd "$BENCH/.." && pwd)"
. "$BENCH/lib.sh"
ROUNDS="${ROUNDS:-3}" DUR="${DUR:-5}" CONNS="${CONNS:-16}"
need_wrk
cd "$PROJ" && need_build
KEY="$(new_key)"
PORT="$(free_port)"
BASE="http://127.0.0.1:$PORT"
LOG="$(mktemp -t spotcast-polling.XXXXXX.log)"
RES="$(mktemp -t spotcast-polling.XXXXXX.tsv)"
env PORT="$PORT" HOST=127.0.0.1 PUBLIC_BASE_URL="$BASE" SPOTCAST_STORAGE=memory SPOTCAST_WEATHER_PROVIDER=simulated \
  SPOTCAST_BOOTSTRAP_KEY="$KEY" SPOTCAST_BOOTSTRAP_CREDITS=1000000 SPOTCAST_RATE_LIMIT_PER_MINUTE=100000000 \
  $ON_SERVER node dist/main/bin.js serve >"$LOG" 2>&1 &
SP=$!; PIDS+=("$SP")
wait_http "$BASE/healthz" 60 || { cat "$LOG"; exit 1; }

ID="$(curl -s -X POST "$BASE/v3/spotcast" -H "Authorization: Bearer $KEY" -H 'content-type: application/json' \
  -d "{\"latitude\":41.13,\"longitude\":-71.71,\"start_date\":\"$(date -u +%F)\",\"num_days\":5}" |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).id))')"
for i in $(seq 300); do
  curl -s "$BASE/v3/spotcast/$ID/status" -H "Authorization: Bearer $KEY" | grep -q '"status":"completed"' && break
  sleep 0.1
done
etag_of() { curl -s -D - -o /dev/null "$1" -H "Authorization: Bearer $KEY" | awk 'tolower($1)=="etag:" {sub(/\r$/,"",$2); print $2}'; }
SPOTCAST_URL="$BASE/v3/spotcast/$ID"; STATUS_URL="$BASE/v3/spotcast/$ID/status"
SPOTCAST_ETAG="$(etag_of "$SPOTCAST_URL")"; STATUS_ETAG="$(etag_of "$STATUS_URL")"
[ -n "$SPOTCAST_ETAG" ] && [ -n "$STATUS_ETAG" ] || { echo "no ETag from the server" >&2; exit 1; }
echo "SpotCast $ID: body $(curl -s "$SPOTCAST_URL" -H "Authorization: Bearer $KEY" | wc -c) bytes, status body $(curl -s "$STATUS_URL" -H "Authorization: Bearer $KEY" | wc -c) bytes"

# run <round> <label> <url> <etag>: appends "label rps bytes_per_poll cpu_us_per_poll non_2xx_3xx"
run() {
  local before after out
  before="$(cpu_ticks "$SP")"
  out="$(KEY="$KEY" ETAG="$4" $ON_LOAD wrk -t1 -c"$CONNS" -d"${DUR}s" -s "$BENCH/polling.lua" "$3")"
  after="$(cpu_ticks "$SP")"
  echo "$out" | awk -v label="$2" -v ticks="$((after - before))" -v hz="$(getconf CLK_TCK)" '
    / requests in / { n = $1; b = $5; sub(/read$/, "", b); u = b; gsub(/[0-9.]/, "", u); v = b + 0
      bytes = v * (u == "GB" ? 1073741824 : u == "MB" ? 1048576 : u == "KB" ? 1024 : 1) }
    /Requests\/sec/ { rps = $2 }
    /Non-2xx or 3xx/ { bad = $NF }
    END { printf "%s\t%.0f\t%.0f\t%.1f\t%d\n", label, rps, bytes / n, ticks / hz * 1e6 / n, bad + 0 }' >>"$RES"
}
for r in $(seq "$ROUNDS"); do
  run "$r" "GET SpotCast, full (anchor)" "$SPOTCAST_URL" ""
  run "$r" "GET SpotCast, If-None-Match → 304" "$SPOTCAST_URL" "$SPOTCAST_ETAG"
  run "$r" "GET status, full" "$STATUS_URL" ""
  run "$r" "GET status, If-None-Match → 304" "$STATUS_URL" "$STATUS_ETAG"
done
echo "median of $ROUNDS interleaved rounds, ${DUR}s each, $CONNS connections (load: $(cut -d' ' -f1-3 /proc/loadavg)):"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split("\t"))
const labels = [...new Set(rows.map((r) => r[0]))]
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const m = Object.fromEntries(labels.map((l) => [l, [1, 2, 3].map((i) => median(rows.filter((r) => r[0] === l).map((r) => Number(r[i]))))]))
const bad = rows.reduce((s, r) => s + Number(r[4]), 0)
const [a] = labels
console.log("  " + "".padEnd(36) + "req/s".padStart(16) + "bytes/poll".padStart(20) + "server CPU µs/poll".padStart(26))
for (const l of labels) {
  const [rps, bytes, cpu] = m[l]
  const ratio = (x, y) => `(${(x / y).toFixed(2)}×)`
  console.log("  " + l.padEnd(36) + `${rps.toFixed(0)} ${ratio(rps, m[a][0])}`.padStart(16) + `${bytes.toFixed(0)} ${ratio(bytes, m[a][1])}`.padStart(20) + `${cpu.toFixed(0)} ${ratio(cpu, m[a][2])}`.padStart(26))
}
if (bad > 0) { console.log(`  ${bad} answers were neither 2xx nor 3xx`); process.exitCode = 1 }
' "$RES"
# What the tag adds to a full answer where the body is made anew per read (Postgres storage): SHA-256 of a
# body of the SpotCast's size, against encoding that body to bytes (which every full answer does anyway).
BODY_BYTES="$(curl -s "$SPOTCAST_URL" -H "Authorization: Bearer $KEY" | wc -c)"
node -e '
const { createHash } = require("crypto")
const body = JSON.stringify({ pad: "x".repeat(Number(process.argv[1]) - 10) })
const bytes = new TextEncoder().encode(body)
const time = (f) => { const t = process.hrtime.bigint(); for (let i = 0; i < 500; i++) f(); return Number(process.hrtime.bigint() - t) / 500 / 1000 }
const encodes = [], hashes = []
for (let round = 0; round < 7; round++) {
  encodes.push(time(() => new TextEncoder().encode(body)))
  hashes.push(time(() => createHash("sha256").update(bytes).digest("base64url")))
}
const median = (xs) => [...xs].sort((a, b) => a - b)[3]
console.log(`ETag on a full ${bytes.length}-byte answer: SHA-256 ${median(hashes).toFixed(0)} µs, against ${median(encodes).toFixed(0)} µs to encode the body (medians of 7 interleaved rounds)`)
' "$BODY_BYTES"
