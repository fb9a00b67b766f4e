#!/usr/bin/env bash
# SpotCast's RSS on memory storage, as shipped and under other V8/Node settings, in one run: every subject
# is started (`serve`: API, workers and webhook dispatcher in one process), one SpotCast is created and
# completed on each, then ROUNDS interleaved rounds of DUR seconds of GET /v3/spotcast/{id} load (wrk, CONNS
# connections). Prints per subject the RSS idle, the maximum under load per round (sampled every 0.5 s),
# the RSS after the load, and the CPU time per request (from /proc: what a setting costs in throughput).
# Servers are pinned to CPU 0 and wrk to CPU 1 where taskset exists. Needs wrk and a built checkout.
# usage: bash bench/rss.sh [label='words' ...]
#   each argument is a subject: words starting with - are node options, NAME=value words are its
#   environment, a word ending in .js is the binary to run instead of dist/main/bin.js (another built
#   checkout), e.g.  small='--max-semi-space-size=4'  nolog='SPOTCAST_REQUEST_LOG=false'  before='../old/dist/main/bin.js'
#   "shipped" (node dist/main/bin.js serve, nothing added) always runs first.
#   env: ROUNDS=3 DUR=10 CONNS=32 SPOTCAST_ENV="NAME=value ..." (added to every subject)
set -u
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-3}"; DUR="${DUR:-10}"; CONNS="${CONNS:-32}"
WORK="${WORK:-$(mktemp -d -t spotcast-rss-bench.XXXXXX)}"; mkdir -p "$WORK"
. bench/lib.sh
need_wrk; need_build
export KEY="$(new_key)"

LABELS=(); declare -A PID URL IDLE
start() { # start <label> <words>
  local label="$1" words="$2" opts=() envs=() bin=dist/main/bin.js w port
  for w in $words; do case "$w" in -*) opts+=("$w") ;; *=*) envs+=("$w") ;; *.js) bin="$w" ;; *) echo "bad word $w" >&2; return 1 ;; esac; done
  port=$(free_port)
  env PORT=$port HOST=127.0.0.1 PUBLIC_BASE_URL=http://127.0.0.1:$port SPOTCAST_STORAGE=memory \
    SPOTCAST_BOOTSTRAP_KEY="$KEY" SPOTCAST_BOOTSTRAP_CREDITS=100000000 SPOTCAST_RATE_LIMIT_PER_MINUTE=100000000 \
    SPOTCAST_WEATHER_PROVIDER=simulated ${SPOTCAST_ENV:-} "${envs[@]}" \
    $ON_SERVER node "${opts[@]}" "$bin" serve >"$WORK/$label.log" 2>&1 &
  PID[$label]=$!; PIDS+=($!)
  wait_http "http://127.0.0.1:$port/healthz" || { tail "$WORK/$label.log" >&2; return 1; }
  local id; id=$(node bench/memory-setup.mjs "http://127.0.0.1:$port" "$KEY" "$WORK/$label.body.json") || return 1
  URL[$label]="http://127.0.0.1:$port/v3/spotcast/$id"; LABELS+=("$label")
}
start shipped "" || exit 1
for arg in "$@"; do start "${arg%%=*}" "${arg#*=}" || exit 1; done
sleep 3
for l in "${LABELS[@]}"; do IDLE[$l]=$(rss_mb ${PID[$l]}); done
echo "# $(date -u +%FT%TZ) $(nproc) CPUs; ${ROUNDS} rounds of ${DUR} s, ${CONNS} connections; load $(cut -d' ' -f1-3 /proc/loadavg)"

: >"$WORK/runs.tsv"
for r in $(seq "$ROUNDS"); do
  for l in "${LABELS[@]}"; do
    p=${PID[$l]}
    ( m=0; for _ in $(seq $((DUR * 2))); do sleep 0.5; x=$(rss_mb $p); [ "$x" -gt "$m" ] && m=$x; done; echo $m ) >"$WORK/rss.$l.$r" &
    sp=$!
    t0=$(cpu_ticks $p)
    $ON_LOAD wrk -t1 -c"$CONNS" -d"${DUR}s" -s bench/memory-auth.lua "${URL[$l]}" >"$WORK/wrk.$l.$r" 2>&1
    t1=$(cpu_ticks $p)
    wait $sp
    n=$(grep -o '[0-9]* requests in' "$WORK/wrk.$l.$r" | cut -d' ' -f1)
    rps=$(grep -o 'Requests/sec: *[0-9.]*' "$WORK/wrk.$l.$r" | grep -o '[0-9.]*$')
    printf '%s\t%s\t%s\t%s\t%s\n' "$l" "$r" "$rps" "$(( (t1 - t0) * 10000 / ${n:-1} ))" "$(cat "$WORK/rss.$l.$r")" >>"$WORK/runs.tsv"
  done
done
sleep 3
printf 'subject\tRSS idle MB\tRSS max under load MB (per round)\tRSS after MB\treq/s median\tCPU µs/request median\n'
for l in "${LABELS[@]}"; do
  awk -F'\t' -v l="$l" -v idle="${IDLE[$l]}" -v after="$(rss_mb ${PID[$l]})" '
    function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    $1 == l { n++; rps[n] = $3; cpu[n] = $4; m = $5 > m ? $5 : m; per = per (per == "" ? "" : ", ") $5 }
    END { printf "%s\t%s\t%s (%s)\t%s\t%.0f\t%.0f\n", l, idle, m, per, after, med(rps, n), med(cpu, n) }' "$WORK/runs.tsv"
done
echo "# work files: $WORK"
