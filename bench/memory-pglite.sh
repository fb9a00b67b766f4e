#!/usr/bin/env bash
# The embedded PGlite's footprint: SpotCast with no DATABASE_URL (PGlite in the process, data in a fresh
# directory), RSS when idle after start, after one SpotCast is created and completed, and its maximum under
# DUR seconds of GET load (wrk, 8 connections); beside it the same on memory storage, so the difference is
# PGlite's. usage: bash bench/memory-pglite.sh   env: DUR=10, SPOTCAST_ENV and BEFORE as in memory-get.sh
set -u
cd "$(dirname "$0")/.."
DUR="${DUR:-10}"
WORK="${WORK:-$(mktemp -d -t spotcast-pglite-bench.XXXXXX)}"; mkdir -p "$WORK"
. bench/lib.sh
need_build
export KEY="$(new_key)"

# measure <label> [env...]: one SpotCast process from start to a GET load, then stopped
measure() {
  local label="$1"; shift
  local port; port=$(free_port)
  env PORT=$port HOST=127.0.0.1 PUBLIC_BASE_URL=http://127.0.0.1:$port SPOTCAST_BOOTSTRAP_KEY="$KEY" \
    SPOTCAST_BOOTSTRAP_CREDITS=1000000 SPOTCAST_RATE_LIMIT_PER_MINUTE=100000000 SPOTCAST_WEATHER_PROVIDER=simulated \
    "$@" ${SPOTCAST_ENV:-} $ON_SERVER node "${BIN:-dist/main/bin.js}" serve >"$WORK/$label.log" 2>&1 &
  local pid=$!; PIDS+=($pid)
  wait_http "http://127.0.0.1:$port/healthz" 120 || { tail "$WORK/$label.log" >&2; return 1; }
  sleep 2
  local idle; idle=$(rss_mb $pid)
  local id; id=$(node bench/memory-setup.mjs "http://127.0.0.1:$port" "$KEY" "$WORK/$label.body.json") || return 1
  sleep 1
  local created; created=$(rss_mb $pid)
  local m=0
  ( for _ in $(seq "$DUR"); do sleep 1; ps -o rss= -p $pid; done ) >"$WORK/$label.rss" &
  local sp=$!
  $ON_LOAD wrk -t1 -c8 -d"${DUR}s" -s bench/memory-auth.lua "http://127.0.0.1:$port/v3/spotcast/$id" >"$WORK/$label.wrk" 2>&1
  wait $sp
  m=$(sort -n "$WORK/$label.rss" | tail -1)
  printf '%s\tidle %s MB\tafter a create %s MB\tmax under GET load %s MB\t%s req/s\tdata dir %s\n' "$label" "$idle" "$created" \
    "$((m / 1024))" "$(grep -o 'Requests/sec: *[0-9.]*' "$WORK/$label.wrk" | grep -o '[0-9.]*$')" \
    "$(dd=$(echo "$*" | grep -o "SPOTCAST_DATA_DIR=[^ ]*" | cut -d= -f2); [ -n "$dd" ] && du -sh "$dd" | cut -f1 || echo -)"
  kill $pid; wait $pid 2>/dev/null
}
echo "# footprint (RSS of the whole SpotCast process; ${DUR} s of GET load)"
measure memory SPOTCAST_STORAGE=memory
measure pglite SPOTCAST_DATA_DIR="$WORK/data-pglite"
# the same data directory opened again (no initdb): what a restarted server holds
rm -f "$WORK/data-pglite/spotcast.lock"
sleep 1
measure pglite-reopened SPOTCAST_DATA_DIR="$WORK/data-pglite"
if [ -n "${BEFORE:-}" ]; then
  BIN="$BEFORE/dist/main/bin.js" measure before-pglite SPOTCAST_DATA_DIR="$WORK/data-before"
  rm -f "$WORK/data-before/spotcast.lock"; sleep 1
  BIN="$BEFORE/dist/main/bin.js" measure before-pglite-reopened SPOTCAST_DATA_DIR="$WORK/data-before"
fi
