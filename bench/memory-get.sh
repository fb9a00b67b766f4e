#!/usr/bin/env bash
# SpotCast on memory storage next to its anchors, in one run:
#   spotcast  GET /v3/spotcast/{id} of a completed SpotCast (SPOTCAST_STORAGE=memory, request log on)
#   raw       node:http answering the same bytes pre-serialized (bench/memory-raw.mjs): Node's HTTP floor
#   floor     a bare HttpApi with one endpoint answering the same bytes, serialized once as SpotCast's GET is
#             (bench/memory-floor.mjs): HttpApi's floor
# Interleaved rounds (a 3 s warm-up of each, then per round spotcast, raw, floor), medians, ratios per
# round (req/s, and CPU time per request read from /proc, which a busy shared machine disturbs less),
# SpotCast's RSS sampled every second under load; then the embedded PGlite footprint (bench/memory-pglite.sh).
# Servers are pinned to CPU 0 and wrk to CPU 1 where taskset exists. Needs wrk (apt-get install -y wrk).
# usage: bash bench/memory-get.sh   env: ROUNDS=3 DUR=10 (seconds per run) CONNS=32 PGLITE=1 (0 skips it)
#   SPOTCAST_ENV="NAME=value ..." adds settings to SpotCast's environment (e.g. SPOTCAST_REQUEST_LOG=false)
#   BEFORE=<another built checkout> adds it as a fourth subject, "before", interleaved the same way
set -u
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-3}"; DUR="${DUR:-10}"; CONNS="${CONNS:-32}"; PGLITE="${PGLITE:-1}"
WORK="${WORK:-$(mktemp -d -t spotcast-memory-bench.XXXXXX)}"; mkdir -p "$WORK"
. bench/lib.sh
need_wrk; need_build
export KEY="$(new_key)"

# spotcast <port> <bin> <log>: SpotCast on memory storage (pid in $LAST_PID)
spotcast() {
  env PORT=$1 HOST=127.0.0.1 PUBLIC_BASE_URL=http://127.0.0.1:$1 SPOTCAST_STORAGE=memory \
    SPOTCAST_BOOTSTRAP_KEY="$KEY" SPOTCAST_BOOTSTRAP_CREDITS=100000000 SPOTCAST_RATE_LIMIT_PER_MINUTE=100000000 \
    SPOTCAST_WEATHER_PROVIDER=simulated ${SPOTCAST_ENV:-} $ON_SERVER node "$2" serve >"$3" 2>&1 &
  LAST_PID=$!; PIDS+=($LAST_PID)
  wait_http "http://127.0.0.1:$1/healthz"
}
PS=$(free_port); PR=$(free_port); PF=$(free_port)
spotcast $PS dist/main/bin.js "$WORK/spotcast.log" || exit 1
SPID=$LAST_PID
ID=$(node bench/memory-setup.mjs "http://127.0.0.1:$PS" "$KEY" "$WORK/body.json") || { tail "$WORK/spotcast.log" >&2; exit 1; }
if [ -n "${BEFORE:-}" ]; then
  PB=$(free_port)
  spotcast $PB "$BEFORE/dist/main/bin.js" "$WORK/before.log" || exit 1
  BPID=$LAST_PID
  BID=$(node bench/memory-setup.mjs "http://127.0.0.1:$PB" "$KEY" "$WORK/before.body.json") || exit 1
fi
$ON_SERVER node bench/memory-raw.mjs $PR "$WORK/body.json" >"$WORK/raw.log" 2>&1 &
RPID=$!; PIDS+=($RPID)
$ON_SERVER node bench/memory-floor.mjs $PF "$WORK/body.json" >"$WORK/floor.log" 2>&1 &
FPID=$!; PIDS+=($FPID)
wait_http "http://127.0.0.1:$PR/" && wait_http "http://127.0.0.1:$PF/v3/spotcast/$ID" || exit 1
for u in "http://127.0.0.1:$PR/" "http://127.0.0.1:$PF/v3/spotcast/$ID"; do
  cmp -s "$WORK/body.json" <(curl -s "$u") || { echo "$u does not answer the same bytes" >&2; exit 1; }
done
echo "# $(date -u +%FT%TZ) $(nproc) CPUs; ${ROUNDS} rounds of ${DUR} s, ${CONNS} connections; GET of $(wc -c <"$WORK/body.json") bytes"
[ -n "${BEFORE:-}" ] && echo "# RSS idle: before $(( $(rss_kb $BPID) / 1024 )) MB ($BEFORE)"
echo "# RSS idle: spotcast $(( $(rss_kb $SPID) / 1024 )) MB, raw $(( $(rss_kb $RPID) / 1024 )) MB, floor $(( $(rss_kb $FPID) / 1024 )) MB"

# run <round> <label> <pid> <url> [sample-rss]: one wrk run, its CPU ticks and (optionally) max RSS
run() {
  local round="$1" label="$2" pid="$3" url="$4" sample="${5:-}" out="$WORK/wrk.$2.$1.txt" rssf="$WORK/rss.$2.$1" sp=""
  if [ -n "$sample" ]; then
    ( m=0; for _ in $(seq "$DUR"); do sleep 1; r=$(rss_kb "$pid"); [ -n "$r" ] && [ "$r" -gt "$m" ] && m=$r; done; echo $m >"$rssf" ) &
    sp=$!
  fi
  local t0; t0=$(cpu_ticks "$pid")
  $ON_LOAD wrk -t1 -c"$CONNS" -d"${DUR}s" --latency -s bench/memory-auth.lua "$url" >"$out" 2>&1
  local t1; t1=$(cpu_ticks "$pid")
  [ -n "$sp" ] && wait "$sp"
  printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$label" "$out" "$((t1 - t0))" "$(cat "$rssf" 2>/dev/null)" >>"$WORK/runs.tsv"
}
SUBJECTS=("spotcast $SPID http://127.0.0.1:$PS/v3/spotcast/$ID")
[ -n "${BEFORE:-}" ] && SUBJECTS+=("before $BPID http://127.0.0.1:$PB/v3/spotcast/$BID")
for t in "${SUBJECTS[@]}" "raw $RPID http://127.0.0.1:$PR/" "floor $FPID http://127.0.0.1:$PF/v3/spotcast/$ID"; do
  set -- $t; $ON_LOAD wrk -t1 -c"$CONNS" -d3s -s bench/memory-auth.lua "$3" >/dev/null 2>&1
done
: >"$WORK/runs.tsv"
for r in $(seq "$ROUNDS"); do
  echo "# round $r: load $(cut -d' ' -f1-3 /proc/loadavg)"
  run $r spotcast $SPID "http://127.0.0.1:$PS/v3/spotcast/$ID" sample
  run $r raw $RPID "http://127.0.0.1:$PR/"
  run $r floor $FPID "http://127.0.0.1:$PF/v3/spotcast/$ID"
  [ -n "${BEFORE:-}" ] && run $r before $BPID "http://127.0.0.1:$PB/v3/spotcast/$BID" sample
done
node bench/memory-stats.mjs "$WORK/runs.tsv" spotcast raw floor ${BEFORE:+before}
echo "# RSS after load: spotcast $(( $(rss_kb $SPID) / 1024 )) MB, raw $(( $(rss_kb $RPID) / 1024 )) MB, floor $(( $(rss_kb $FPID) / 1024 )) MB"
echo "# request log lines written: $(grep -c '"request"\|INFO.*request$' "$WORK/spotcast.log")"
cleanup; PIDS=()
[ "$PGLITE" = 0 ] || DUR="$DUR" WORK="$WORK/pglite" BEFORE="${BEFORE:-}" bash bench/memory-pglite.sh
echo "# work files: $WORK"
