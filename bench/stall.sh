#!/usr/bin/env bash
# Does heavy route work stall other tenants? `serve` (API and workers in one process) on PostgreSQL with
# simulated weather; one account creates N maximum-size routes at once (50 waypoints, 60 kt, 72 h
# departure window) while another account's GET /v3/account/balance runs in a closed loop until the
# routes are finished (bench/stall.mjs). Reported per run: balance p50/p99 for 5 s with no route work
# first (the anchor: what the shared machine gives), then p50/p99/max during the route work, the route
# time, and the largest route GET body (default, and with ?include=samples). The figure that matters is
# `max_ms`: the other tenant's slowest read while the routes are in flight.
#
# Each round runs every count in COUNTS, each on a fresh database, for every build and mode asked:
#   this checkout's build, and with BEFORE=<another built checkout> that build too, in alternating order
#   MODES="threads" (the default: one compute thread per core), "loop" (SPOTCAST_COMPUTE_THREADS=0: every
#   step on the request loop), or both
# `uptime` is printed before and after (the machine is shared).
# usage: bench/stall.sh   (after `npm run build`)   env: ROUNDS=2 COUNTS="2 8 16" MODES=threads BEFORE=
set -u
BENCH="$(cd "$(dirname "$0")" && pwd)"
PROJ="$(cd "$BENCH/.." && pwd)"
. "$BENCH/lib.sh"
ROUNDS="${ROUNDS:-2}" COUNTS="${COUNTS:-${ROUTES:-2 8 16}}" MODES="${MODES:-threads}" BEFORE="${BEFORE:-}"
PGURL_BASE="${PGURL_BASE:-postgres://postgres@127.0.0.1:5432}"
[ -z "$BEFORE" ] || [ -f "$BEFORE/dist/main/bin.js" ] || { echo "BEFORE=$BEFORE has no dist/main/bin.js (npm run build there)" >&2; exit 1; }
cd "$PROJ" && need_build
DBS=()
drop_dbs() { for d in "${DBS[@]:-}"; do [ -n "$d" ] && psql -q "$PGURL_BASE/postgres" -c "DROP DATABASE IF EXISTS $d WITH (FORCE)" >/dev/null 2>&1; done; }
trap 'cleanup; drop_dbs' EXIT
echo "uptime before: $(uptime)"
[ -z "$BEFORE" ] || echo "# before: $BEFORE ($(cd "$BEFORE" && git log --oneline -1 2>/dev/null || echo 'not a git checkout'))"

run() { # run <label> <checkout> <routes> <SPOTCAST_COMPUTE_THREADS or empty>
  local db="spotcast_stall_$$_${RANDOM}" key admin port base log sp key2
  DBS+=("$db")
  psql -q "$PGURL_BASE/postgres" -c "CREATE DATABASE $db" >/dev/null || exit 1
  key="$(new_key)"; admin="adm_$(new_key)"; port="$(free_port)"; base="http://127.0.0.1:$port"
  log="$(mktemp -t spotcast-stall.XXXXXX.log)"
  (cd "$2" && exec env PORT="$port" HOST=127.0.0.1 PUBLIC_BASE_URL="$base" DATABASE_URL="$PGURL_BASE/$db" SPOTCAST_WEATHER_PROVIDER=simulated \
    SPOTCAST_BOOTSTRAP_KEY="$key" SPOTCAST_BOOTSTRAP_CREDITS=1000000 SPOTCAST_RATE_LIMIT_PER_MINUTE=100000000 \
    SPOTCAST_ADMIN_TOKEN="$admin" ${4:+SPOTCAST_COMPUTE_THREADS=$4} \
    node dist/main/bin.js serve) >"$log" 2>&1 &
  sp=$!; PIDS+=("$sp")
  wait_http "$base/healthz" 120 || { cat "$log"; exit 1; }
  key2="$(curl -s -X POST "$base/admin/v1/accounts" -H "Authorization: Bearer $admin" -H 'content-type: application/json' \
    -d '{"name":"balance reader","credits":10}' | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).api_key.key))')"
  printf '%-16s routes=%-3s %s\n' "$1" "$3" "$(node "$BENCH/stall.mjs" "$base" "$key" "$key2" "$3")"
  kill "$sp"; wait "$sp" 2>/dev/null; rm -f "$log"
}

builds() { # this build and BEFORE's, in the round's order
  if [ -z "$BEFORE" ]; then echo "this"; elif [ $(($1 % 2)) -eq 1 ]; then echo "this before"; else echo "before this"; fi
}

for r in $(seq "$ROUNDS"); do
  for n in $COUNTS; do
    for mode in $MODES; do
      for b in $(builds "$r"); do
        dir="$PROJ"; [ "$b" = before ] && dir="$BEFORE"
        threads=""; [ "$mode" = loop ] && threads=0
        run "$b/$mode" "$dir" "$n" "$threads"
      done
    done
  done
done
echo "uptime after: $(uptime)"
