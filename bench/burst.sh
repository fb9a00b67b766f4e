#!/usr/bin/env bash
# The burst benchmark's scenarios in one run (bench/burst.ts does one): N forecasts created at once on
# `serve` + Postgres, Open-Meteo answering in 200 ms and a model in 2.5 s (loopback fakes).
#
#   npm run build && BEFORE=/path/to/a/built/checkout/of/main bash bench/burst.sh
#
# Scenarios (SCENARIOS, in this order by default):
#   before     BEFORE's build (e.g. main, where SPOTCAST_WORKER_CONCURRENCY=4 slots hold each forecast), 300, 1 process
#   after      this build, 300, 1 process
#   after2     this build, 300, `serve` + one `serve --role worker`
#   after3000  this build, 3,000, 1 process, default upstream rates (300 at once, then 10 a second)
#   free3000   this build, 3,000, 1 process, upstream rates off (the CPU limit)
# Env: N300 (300), N3000 (3000), TEST_DATABASE_URL, SERVE_ENV (extra settings for every process).
set -euo pipefail
cd "$(dirname "$0")/.."
SCENARIOS=${SCENARIOS:-"before after after2 after3000 free3000"}
N300=${N300:-300}
N3000=${N3000:-3000}
export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
[ -f dist/main/bin.js ] || { echo "run npm run build first" >&2; exit 1; }

run() { # label N PROCS BIN [SERVE_ENV]
  echo "== $1 ($(uptime | sed 's/.*load/load/'))"
  LABEL=$1 N=$2 PROCS=$3 BIN=$4 SERVE_ENV="${SERVE_ENV:-} ${5:-}" npx vite-node bench/burst.ts | grep -v '^RESULT' || echo "$1 failed"
}

for s in $SCENARIOS; do
  case $s in
    before)
      if [ -z "${BEFORE:-}" ]; then echo "== before: skipped (set BEFORE to a built checkout of main)"; continue; fi
      run before "$N300" 1 "$BEFORE/dist/main/bin.js" ;;
    after) run after "$N300" 1 dist/main/bin.js ;;
    after2) run after2 "$N300" 2 dist/main/bin.js ;;
    after3000) run after3000 "$N3000" 1 dist/main/bin.js ;;
    free3000) run free3000 "$N3000" 1 dist/main/bin.js "SPOTCAST_WEATHER_RATE=0 SPOTCAST_LLM_RATE=0" ;;
    *) echo "unknown scenario $s" >&2; exit 1 ;;
  esac
done
