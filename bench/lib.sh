# Shared by the bench scripts (sourced from the project root): the processes a script starts are stopped
# on exit, servers go on CPU 0 and the load on CPU 1 where taskset exists, and small helpers.
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
trap 'exit 1' INT TERM
if command -v taskset >/dev/null; then ON_SERVER="taskset -c 0"; ON_LOAD="taskset -c 1"; else ON_SERVER=""; ON_LOAD=""; fi

need_wrk() { command -v wrk >/dev/null || { echo "wrk missing: apt-get install -y wrk" >&2; exit 1; }; }
need_build() { [ -f dist/main/bin.js ] || npm run build >/dev/null || exit 1; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# wait_http <url> [seconds=60]: until the URL answers at all
wait_http() { local i; for i in $(seq $((${2:-60} * 10))); do curl -s -m 2 -o /dev/null "$1" && return 0; sleep 0.1; done; echo "no answer from $1" >&2; return 1; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_kb() { ps -o rss= -p "$1" | tr -d ' '; }
rss_mb() { echo $(( $(rss_kb "$1") / 1024 )); }
# a live API key of the bootstrap's form: sk_live_ and 32 base62 characters
new_key() { echo "sk_live_$(node -e 'const c="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";let s="";for(const b of require("crypto").randomBytes(32))s+=c[b%62];console.log(s)')"; }
# gc_summary <requests> <log> <from byte> [seconds]: V8's --trace-gc-nvp lines written to <log> past <from
# byte>, as "N KB allocated a request, P % of it promoted (K KB), S scavenges, M old-generation collections"
# and, given the seconds they took, "(one every T s)" (each scavenge line says what was allocated since the
# last and what it promoted); nothing without requests
gc_summary() {
  tail -c +$(($3 + 1)) "$2" | awk -v n="$1" -v d="${4:-0}" '
    /gc=s / { for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "allocated") a += kv[2]; if (kv[1] == "promoted") p += kv[2] }; s++ }
    /gc=mc / { mc++ }
    END {
      if (n > 0 && a > 0) printf "%.0f KB allocated a request, %.2f %% of it promoted (%.2f KB), %d scavenges, %d old-generation collections", a / n / 1024, 100 * p / a, p / n / 1024, s, mc
      if (n > 0 && a > 0 && d > 0) printf " (one every %.1f s)", mc ? d / mc : 0
      if (n > 0 && a > 0) printf "\n"
    }'
}
