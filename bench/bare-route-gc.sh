#!/usr/bin/env bash
# What a waiting fiber costs V8's young generation, outside SpotCast: bench/bare-route.mjs (a bare
# @effect/platform route, tracing off) answering at once, after a 2 ms sleep, after `SELECT 1` through pg,
# and through @effect/sql-pg; for each, a 3 s warm-up then DUR s of wrk at 32 connections, with V8's
# collection trace: what a request allocated, the share of it promoted to the old generation, the
# old-generation collections and the p99 (docs/performance.md, "The reads' tail, traced to its cause").
# SERVER=suspend runs the smallest case instead, bench/suspend.mjs (node:http, one Effect fiber a request;
# MODES="none yield syncresume immediate promise"; no database). SLAB=1: either server with SpotCast's root-fiber slab.
# NODE_FLAGS="--a-v8-flag ..." are given to the server's node.
# The server runs on CPU 0, wrk on CPU 1. Needs wrk, a PostgreSQL server (PGURL) and npm ci.
# usage: bash bench/bare-route-gc.sh        env: DUR=6 MODES="none sleep rawpg sql" PGURL=postgres://postgres@127.0.0.1:5432/postgres SERVER=bare-route
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
need_wrk
SERVER="${SERVER:-bare-route}"
if [ "$SERVER" = suspend ]; then DEFAULT_MODES="none yield syncresume immediate promise"; else DEFAULT_MODES="none sleep rawpg sql"; fi
DUR="${DUR:-6}" MODES="${MODES:-$DEFAULT_MODES}" PGURL="${PGURL:-postgres://postgres@127.0.0.1:5432/postgres}"
LOG="$(mktemp -t bare-route.XXXXXX)"
echo "# $(nproc) CPUs; $(uptime)"
for mode in $MODES; do
  port=$(free_port)
  $ON_SERVER node --trace-gc-nvp ${NODE_FLAGS:-} "bench/$SERVER.mjs" "$mode" "$port" "$PGURL" >"$LOG" 2>&1 &
  pid=$!; PIDS+=("$pid")
  wait_http "http://127.0.0.1:$port/" 30 || { tail -5 "$LOG"; exit 1; }
  $ON_LOAD wrk -t1 -c32 -d3s "http://127.0.0.1:$port/" >/dev/null
  from=$(stat -c %s "$LOG")
  out=$($ON_LOAD wrk -t1 -c32 -d"${DUR}s" --latency "http://127.0.0.1:$port/")
  n=$(echo "$out" | grep -oP '\d+(?= requests in)')
  p99=$(echo "$out" | grep -P '^\s+99%' | awk '{print $2}')
  printf '%-10s %6d req/s  %s  p99 %s\n' "$mode" $((n / DUR)) "$(gc_summary "$n" "$LOG" "$from")" "$p99"
  kill "$pid"; wait "$pid" 2>/dev/null
done
rm -f "$LOG"
