#!/usr/bin/env bash
# SpotCast on PostgreSQL next to its anchors, in one run of interleaved rounds; prints medians and ratios.
#   reads:    GET /v3/spotcast/{id}, GET /v3/spotcasts?limit=20, GET /v3/account/balance on SpotCast
#             (--role api) and on bench/baseline-server.mjs (node:http + pg, same tables, rows, auth, JSON)
#   creates:  POST /v3/spotcast (wrk) vs pgbench running the same create transaction (perf-create-tx.sql)
#   pipeline: PIPE_N forecasts made by one worker process (--role worker, PIPE_C in flight, simulated
#             weather) after PIPE_WARM that warm it up, forecasts finished per second from the last warm-up
#             one to the last; none may fail (with BEFORE, that build's worker too, in the same rounds)
# Beside the rates, each server's CPU time is read from /proc: "per CPU-s" is work per second of one
# core, which a busy shared machine disturbs far less than the rates (the worker's includes start-up).
# Each round runs every scenario once, SpotCast then its anchor (the reads: in reverse order every other round),
# so that both see the same machine load.
# Servers are pinned to CPU 0, wrk/pgbench to CPU 1 (taskset), PostgreSQL floats. Everything started here
# is stopped by pid on exit and the database made here is dropped.
# usage: bench/perf.sh            (after `npm run build`; needs wrk, psql, pgbench: apt-get install -y wrk)
# env:   ROUNDS=3 DUR=10 (s per run) CONNS=32 PIPE_N=1000 PIPE_C=256 PIPE_WARM=500 PHASES="reads creates pipeline"
#        PGURL=postgres://postgres@127.0.0.1:5432 BASELINE_RATE=shared|memory (see baseline-server.mjs; shared,
#        the default, is the same work as SpotCast's: one window per key in rate_windows, shared by processes)
#        BEFORE=<another built checkout>: the reads also run on that build's API and the pipeline on its
#        worker (on the same database and rows, in the same rounds), and the report adds "now / before" ratios
#        NODE_FLAGS="--a-v8-flag ...": node options for this checkout's SpotCast (not BEFORE's, not the anchor's):
#        with BEFORE=<this checkout> it compares a setting against none in one run
#        READS="get list balance": which reads the rounds measure (all three by default)
#        GC=1: every server runs with V8's GC trace (--trace-gc-nvp), and each run prints what a request
#        allocated, how much of it lived on to the old generation, and how often the old generation was collected

# Bounded: about ROUNDS × (8 × DUR + 20) s plus a minute of set-up.
set -u
BENCH="$(cd "$(dirname "$0")" && pwd)"
PROJ="$(cd "$BENCH/.." && pwd)"
# free_port and wait_http (lib.sh's PIDS, cleanup and traps are replaced by this script's own below)
. "$BENCH/lib.sh"
NODE_FLAGS="${NODE_FLAGS:-}" GC="${GC:-}"
GC_FLAGS=""; [ -n "$GC" ] && GC_FLAGS="--trace-gc-nvp"
declare -A LOGS=() # server pid -> its log, for the GC trace
ROUNDS="${ROUNDS:-3}" DUR="${DUR:-10}" CONNS="${CONNS:-32}" PIPE_N="${PIPE_N:-1000}" PIPE_C="${PIPE_C:-256}" PIPE_WARM="${PIPE_WARM:-500}"
PHASES="${PHASES:-reads creates pipeline}"
READS="${READS:-get list balance}"
PGURL="${PGURL:-postgres://postgres@127.0.0.1:5432}"
export BASELINE_RATE="${BASELINE_RATE:-shared}"
BEFORE="${BEFORE:-}"
[ -z "$BEFORE" ] || [ -f "$BEFORE/dist/main/bin.js" ] || { echo "BEFORE=$BEFORE has no dist/main/bin.js (npm run build there)" >&2; exit 1; }
WORK="$(mktemp -d -t spotcast-bench.XXXXXX)"
RES="$WORK/results.tsv"; : >"$RES"
PIDS=()
DB="spotcast_bench_$(node -e 'console.log(require("crypto").randomBytes(5).toString("hex"))')"
KEY="sk_live_$(node -e 'const c="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";let s="";for(let i=0;i<32;i++)s+=c[require("crypto").randomInt(62)];console.log(s)')"
CURSOR_SECRET="bench-cursor-secret-$(date +%s)"
URL="$PGURL/$DB"

cleanup() {
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null; done
  sleep 1
  for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill -9 "$p" 2>/dev/null; done
  psql -q -X -d "$PGURL/postgres" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1
}
trap cleanup EXIT
trap 'exit 1' INT TERM
has() { case " $PHASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
for c in wrk pgbench psql taskset curl; do command -v $c >/dev/null || { echo "$c missing (apt-get install -y wrk postgresql-client util-linux curl)" >&2; exit 1; }; done
[ -f "$PROJ/dist/main/bin.js" ] || (cd "$PROJ" && npm run build >/dev/null) || { echo "build failed" >&2; exit 1; }
[ -d "$PROJ/node_modules/pg" ] || { echo "node_modules/pg missing: npm ci" >&2; exit 1; }

q() { psql -q -X -At -d "$URL" -c "$1"; }
stop_pid() { local i; kill "$1" 2>/dev/null; for i in $(seq 200); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; kill -9 "$1" 2>/dev/null; }
# spotcast <role> <port> <log> [env...]: starts SpotCast (the build in $BIN, this checkout's by default) on
# CPU 0 and sets SP to its pid
spotcast() {
  local role="$1" port="$2" log="$3" bin="${BIN:-$PROJ/dist/main/bin.js}" flags=""; shift 3
  [ -n "${BIN:-}" ] || flags="$NODE_FLAGS"
  env PORT="$port" HOST=127.0.0.1 PUBLIC_BASE_URL="http://127.0.0.1:$port" DATABASE_URL="$URL" \
    SPOTCAST_BOOTSTRAP_KEY="$KEY" SPOTCAST_BOOTSTRAP_CREDITS=1000000000 SPOTCAST_RATE_LIMIT_PER_MINUTE=100000000 \
    SPOTCAST_WEATHER_PROVIDER=simulated SPOTCAST_CURSOR_SECRET="$CURSOR_SECRET" SPOTCAST_SHUTDOWN_GRACE_MS=2000 "$@" \
    taskset -c 0 node $GC_FLAGS $flags "$bin" serve --role "$role" >"$log" 2>&1 &
  SP=$!; PIDS+=("$SP"); LOGS[$SP]="$log"
}
# CPU seconds of a process's main thread and of each other thread that used any (V8's collector helpers,
# libuv's pool, compute threads: Node names them all "node"), from /proc: "main 6.24; others 1.04 1.03 0.96"
thread_cpu() {
  local t; for t in /proc/$1/task/*; do echo "${t##*/} $(awk '{ print $14 + $15 }' "$t/stat")"; done 2>/dev/null |
    awk -v pid="$1" -v hz="$(getconf CLK_TCK)" '$1 == pid { main = $2 / hz; next } $2 > 0 { o = o sprintf(" %.2f", $2 / hz) }
      END { printf "main %.2f; others%s\n", main, o }'
}
# CPU seconds a process has used so far (user + system), from /proc
cpu_s() { awk -v t="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat" 2>/dev/null || echo 0; }
# wrk_run <round> <label> <url> <lua> <server pid>: appends "round label rps p50 p99 errors cpu_s requests"
# to the results: cpu_s is the server's CPU time during the run, so that requests per CPU second can be
# compared too (a shared machine gives each process a varying share of a core; the CPU cost does not vary).
wrk_run() {
  local out="$WORK/wrk.$2.$1.txt" c0 c1 log="${LOGS[$5]:-}" l0=0
  [ -n "$GC" ] && [ -n "$log" ] && l0=$(stat -c %s "$log")
  c0=$(cpu_s "$5")
  # the server's resident memory, sampled twice a second while wrk runs (max printed after the run)
  ( m=0; while sleep 0.5; do r=$(ps -o rss= -p "$5" 2>/dev/null) || break; [ "${r:-0}" -gt "$m" ] && m=$r; echo "$m" >"$out.rss"; done ) &
  local sampler=$!
  KEY="$KEY" taskset -c 1 wrk -t1 -c"$CONNS" -d"${DUR}s" --latency -s "$4" "$3" >"$out" 2>&1
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
  c1=$(cpu_s "$5")
  echo "# $2 round $1: server RSS max $(cat "$out.rss" 2>/dev/null || echo '?') kB"
  if [ -n "$GC" ] && [ -n "$log" ]; then
    gc=$(gc_summary "$(grep -oP '\d+(?= requests in)' "$out")" "$log" "$l0" "$DUR")
    [ -z "$gc" ] || echo "# gc $2 round $1: $gc"
  fi
  node -e '
    const t = require("fs").readFileSync(process.argv[1], "utf8")
    const ms = (v, u) => Number(v) * ({ us: 0.001, ms: 1, s: 1000, m: 60000 }[u])
    const lat = (p) => { const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)`, "m").exec(t); return m ? ms(m[1], m[2]) : NaN }
    const rps = Number((/Requests\/sec:\s+([\d.]+)/.exec(t) ?? [])[1])
    const bad = Number((/Non-2xx or 3xx responses:\s+(\d+)/.exec(t) ?? [0, 0])[1]) + Number((/Socket errors:.*timeout (\d+)/.exec(t) ?? [0, 0])[1])
    const total = Number((/(\d+) requests in/.exec(t) ?? [0, 0])[1])
    console.log([process.argv[2], process.argv[3], rps.toFixed(0), lat(50).toFixed(2), lat(99).toFixed(2), bad,
      (process.argv[5] - process.argv[4]).toFixed(2), total].join("\t"))
  ' "$out" "$1" "$2" "$c0" "$c1" | tee -a "$RES"
}
pgb_run() { # round label
  local out="$WORK/pgbench.$2.$1.txt"
  taskset -c 1 pgbench -n -M extended -d "$URL" -f "$BENCH/perf-create-tx.sql" -D acct="$ACCT" -c 8 -j 2 -T "$DUR" >"$out" 2>&1
  local tps lat
  tps=$(grep -oP 'tps = \K[\d.]+' "$out" | head -1); lat=$(grep -oP 'latency average = \K[\d.]+' "$out")
  [ -n "$tps" ] || { echo "pgbench failed:" >&2; tail -5 "$out" >&2; tps=0; lat=0; }
  printf '%s\t%s\t%.0f\t%s\t%s\t0\n' "$1" "$2" "$tps" "$lat" "NaN" | tee -a "$RES"
}

# pipe_run <round> <label> [<another built checkout>]: PIPE_WARM + PIPE_N SpotCasts created, then one worker
# process (that checkout's, else this one's) started on them; the first PIPE_WARM forecasts it finishes warm
# it up (V8 compiles the hot code in the first seconds of a process, on its helper threads), and the rate is
# the next PIPE_N's, from the PIPE_WARM-th completion to the last, with the worker's CPU over the same span.
pipe_run() {
  local r="$1" label="$2" bin="${3:+$3/dist/main/bin.js}" mark wcpu0 f0 wcpu f1 i total=$((PIPE_WARM + PIPE_N))
  mark=$(q "SELECT now()")
  node "$BENCH/perf-create-many.mjs" "http://127.0.0.1:$PA" "$KEY" "$total" 2 32 >/dev/null || exit 1
  local finished="SELECT count(*) FROM forecasts WHERE created_at > '$mark' AND status IN ('completed', 'failed')"
  local PP; PP=$(free_port)
  BIN="$bin" spotcast worker "$(free_port)" "$WORK/worker.$label.$r.log" SPOTCAST_WORKER_IN_FLIGHT="$PIPE_C" SPOTCAST_PROBE_PORT="$PP"; local WP=$SP
  wait_http "http://127.0.0.1:$PP/healthz" 60 || { tail -5 "$WORK/worker.$label.$r.log" >&2; exit 1; }
  wcpu0=$(cpu_s "$WP"); f0=0 # after start-up
  # the worker's resident memory, sampled twice a second (max printed after the run)
  ( m=0; while sleep 0.5; do x=$(ps -o rss= -p "$WP" 2>/dev/null) || break; [ "${x:-0}" -gt "$m" ] && m=$x; echo "$m" >"$WORK/worker.$label.$r.rss"; done ) &
  local sampler=$!
  for i in $(seq 2400); do
    f1=$(q "$finished")
    if [ "$PIPE_WARM" -gt 0 ] && [ "$f0" -eq 0 ] && [ "$f1" -ge "$PIPE_WARM" ]; then wcpu0=$(cpu_s "$WP"); f0=$f1; fi
    [ "$f1" -ge "$total" ] && break
    kill -0 "$WP" 2>/dev/null || { echo "worker exited:" >&2; tail -5 "$WORK/worker.$label.$r.log" >&2; break; }
    sleep 0.25
  done
  wcpu=$(awk -v a="$wcpu0" -v b="$(cpu_s "$WP")" 'BEGIN { printf "%.2f", b - a }')
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
  echo "# $label round $r: worker RSS max $(cat "$WORK/worker.$label.$r.rss" 2>/dev/null || echo '?') kB; CPU by thread (s, start-up included): $(thread_cpu "$WP")"
  stop_pid "$WP"
  q "WITH done AS (SELECT status, coalesce(completed_at, failed_at) AS at, row_number() OVER (ORDER BY coalesce(completed_at, failed_at)) AS n
                   FROM forecasts WHERE created_at > '$mark' AND status IN ('completed', 'failed'))
     SELECT $r, '$label', round(count(*) FILTER (WHERE n > $PIPE_WARM) / greatest(extract(epoch FROM max(at) - min(at) FILTER (WHERE n >= greatest($PIPE_WARM, 1))), 0.001)),
            'NaN', 'NaN', count(*) FILTER (WHERE status = 'failed') + $total - count(*), $wcpu, $(q "$finished") - $f0
     FROM done" | tr '|' '\t' | tee -a "$RES"
}

psql -q -X -d "$PGURL/postgres" -c "CREATE DATABASE $DB" >/dev/null || exit 1
echo "# bench/perf.sh: ROUNDS=$ROUNDS DUR=$DUR CONNS=$CONNS PIPE_N=$PIPE_N PIPE_C=$PIPE_C PIPE_WARM=$PIPE_WARM BASELINE_RATE=$BASELINE_RATE db=$DB work=$WORK"
[ -z "$BEFORE" ] || echo "# before: $BEFORE ($(cd "$BEFORE" && git log --oneline -1 2>/dev/null || echo 'not a git checkout'))"
echo "# $(cd "$PROJ" && git log --oneline -1 2>/dev/null); $(nproc) CPUs; $(uptime)"
PA=$(free_port); spotcast api "$PA" "$WORK/api.log"; API=$SP
wait_http "http://127.0.0.1:$PA/v3/account/balance" 120 || { tail -20 "$WORK/api.log"; exit 1; }
ACCT=$(q "SELECT account_id FROM accounts LIMIT 1")
ids=$(node "$BENCH/perf-create-many.mjs" "http://127.0.0.1:$PA" "$KEY" 25 2 4) || exit 1
ID=$(echo "$ids" | tail -1)
spotcast worker "$(free_port)" "$WORK/seed-worker.log"; SEED=$SP
for i in $(seq 600); do [ "$(q "SELECT count(*) FROM forecasts WHERE status = 'completed'")" -ge 25 ] && break; sleep 0.1; done
stop_pid "$SEED"
[ "$(q "SELECT count(*) FROM forecasts WHERE status = 'completed'")" -ge 25 ] || { echo "seed forecasts did not complete" >&2; exit 1; }

if has reads; then
  PB=$(free_port)
  taskset -c 0 node $GC_FLAGS "$BENCH/baseline-server.mjs" "$PB" "$URL" "http://127.0.0.1:$PA" "$CURSOR_SECRET" >"$WORK/baseline.log" 2>&1 &
  BP=$!; PIDS+=("$BP"); LOGS[$BP]="$WORK/baseline.log"
  wait_http "http://127.0.0.1:$PB/" 30 || exit 1
  PO=""
  if [ -n "$BEFORE" ]; then
    PO=$(free_port); BIN="$BEFORE/dist/main/bin.js" spotcast api "$PO" "$WORK/before.log"; OP=$SP
    wait_http "http://127.0.0.1:$PO/v3/account/balance" 120 || { tail -20 "$WORK/before.log"; exit 1; }
  fi
  for path in "/v3/spotcast/$ID" "/v3/spotcasts?limit=20" "/v3/account/balance"; do
    a=$(curl -s -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PA$path" | sed 's/"next_cursor":"[^"]*"/"next_cursor":"…"/')
    b=$(curl -s -H "Authorization: Bearer $KEY" "http://127.0.0.1:$PB$path" | sed 's/"next_cursor":"[^"]*"/"next_cursor":"…"/')
    if [ "$a" = "$b" ]; then echo "# same body ($(printf %s "$a" | wc -c) bytes): $path"
    else
      echo "# BODY DIFFERS: $path"
      A="$a" B="$b" node -e 'const a=process.env.A,b=process.env.B;let i=0;while(i<a.length&&a[i]===b[i])i++;console.log(`# first difference at byte ${i} of ${a.length}/${b.length}:`);console.log(a.slice(Math.max(0,i-200),i+200));console.log(b.slice(Math.max(0,i-200),i+200))'
    fi
  done
  for u in "/v3/spotcast/$ID" "/v3/spotcasts?limit=20" "/v3/account/balance"; do
    for p in $PA $PB $PO; do KEY="$KEY" taskset -c 1 wrk -t1 -c"$CONNS" -d3s -s "$BENCH/perf-get.lua" "http://127.0.0.1:$p$u" >/dev/null 2>&1; done
  done
fi
if has creates; then
  # warm-up, as the reads have theirs: the create path compiled before the first round measures it
  KEY="$KEY" taskset -c 1 wrk -t1 -c"$CONNS" -d3s -s "$BENCH/perf-post.lua" "http://127.0.0.1:$PA/v3/spotcast" >/dev/null 2>&1
  q "DELETE FROM jobs"
fi
[ -n "${BP:-}" ] && echo "# idle RSS: SpotCast api $(ps -o rss= -p $API) kB, baseline $(ps -o rss= -p $BP) kB"

for r in $(seq "$ROUNDS"); do
  echo "# round $r: $(uptime)"
  if has reads; then
    # Each read on every server in turn; the order of the servers is reversed every other round, so that a
    # machine whose load rises or falls during a round does not always favour the same one.
    subjects="spotcast:$PA:$API baseline:$PB:$BP${PO:+ before:$PO:$OP}"
    [ $((r % 2)) -eq 0 ] && subjects=$(echo "$subjects" | tr ' ' '\n' | tac | tr '\n' ' ')
    for route in "get:/v3/spotcast/$ID" "list:/v3/spotcasts?limit=20" "balance:/v3/account/balance"; do
      case " $READS " in *" ${route%%:*} "*) ;; *) continue ;; esac
      for s in $subjects; do
        IFS=: read -r name port pid <<<"$s"
        wrk_run $r "${name}_${route%%:*}" "http://127.0.0.1:$port${route#*:}" "$BENCH/perf-get.lua" "$pid"
      done
    done
  fi
  if has creates; then
    wrk_run $r spotcast_create "http://127.0.0.1:$PA/v3/spotcast" "$BENCH/perf-post.lua" "$API"
    q "DELETE FROM jobs" # no worker runs now: the created forecasts stay unfinished, out of the pipeline's way
    pgb_run $r pgbench_create
    q "DELETE FROM jobs"
  fi
  if has pipeline; then
    # this build's worker, then the build before's (BEFORE), in the opposite order every other round
    pipes="pipeline:${BEFORE:+ before_pipeline:$BEFORE}"
    [ $((r % 2)) -eq 0 ] && pipes=$(echo "$pipes" | tr ' ' '\n' | tac | tr '\n' ' ')
    for p in $pipes; do pipe_run "$r" "${p%%:*}" "${p#*:}"; done
  fi
done
echo
echo "# medians of $ROUNDS rounds; ratio = median of the per-round ratios (min–max); $(uptime)"
node "$BENCH/perf-report.mjs" "$RES"
