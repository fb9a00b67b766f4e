#!/usr/bin/env bash
# The resident memory of SpotCast at rest, per role, on a PostgreSQL server: each subject is started
# (`serve --role R`), answers /healthz, idles IDLE seconds, and its RSS is read; ROUNDS interleaved starts
# each. What a process loads and holds before any request (docs/performance.md, "What a process loads").
# usage: [BEFORE=<another built checkout>] [ROLES="api all worker"] [ROUNDS=3] [IDLE=4] bash bench/idle-rss.sh
#   env: PGURL=postgres://postgres@127.0.0.1:5432 (a database spotcast_idle_<random> is made and dropped)
set -u
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-3}"; IDLE="${IDLE:-4}"; ROLES="${ROLES:-api all}"; BEFORE="${BEFORE:-}"
PGURL="${PGURL:-postgres://postgres@127.0.0.1:5432}"
. bench/lib.sh
need_build
[ -z "$BEFORE" ] || [ -f "$BEFORE/dist/main/bin.js" ] || { echo "BEFORE=$BEFORE has no dist/main/bin.js (npm run build there)" >&2; exit 1; }
DB="spotcast_idle_$(node -e 'console.log(require("crypto").randomBytes(5).toString("hex"))')"
psql -q -X -d "$PGURL/postgres" -c "CREATE DATABASE $DB" >/dev/null || exit 1
trap 'cleanup; psql -q -X -d "$PGURL/postgres" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1' EXIT
KEY="$(new_key)"; WORK="$(mktemp -d -t spotcast-idle.XXXXXX)"

# idle <bin> <role>: prints the RSS in kB of `serve --role <role>` once started and idle
idle() {
  local port; port=$(free_port)
  env PORT=$port HOST=127.0.0.1 PUBLIC_BASE_URL=http://127.0.0.1:$port DATABASE_URL="$PGURL/$DB" \
    SPOTCAST_BOOTSTRAP_KEY="$KEY" SPOTCAST_CURSOR_SECRET=idle-bench-cursor-secret SPOTCAST_WEATHER_PROVIDER=simulated \
    $ON_SERVER node "$1" serve --role "$2" >"$WORK/$2.log" 2>&1 &
  local pid=$!; PIDS+=($pid)
  local url="http://127.0.0.1:$port/healthz"
  # a worker has no HTTP server unless SPOTCAST_PROBE_PORT is set: give it the start-up time instead
  if [ "$2" = worker ]; then sleep 3; else wait_http "$url" 120 || { tail "$WORK/$2.log" >&2; return 1; }; fi
  sleep "$IDLE"
  rss_kb $pid
  kill $pid; wait $pid 2>/dev/null
}

echo "# $(date -u +%FT%TZ) $(nproc) CPUs; ${ROUNDS} starts per subject, ${IDLE} s idle; load $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$WORK/rss.tsv"
for r in $(seq "$ROUNDS"); do
  for role in $ROLES; do
    printf 'now\t%s\t%s\n' "$role" "$(idle dist/main/bin.js "$role")" >>"$WORK/rss.tsv"
    [ -z "$BEFORE" ] || printf 'before\t%s\t%s\n' "$role" "$(idle "$BEFORE/dist/main/bin.js" "$role")" >>"$WORK/rss.tsv"
  done
done
printf 'build\trole\tRSS idle MB, median (min–max)\n'
sort -k1,1r -k2,2 "$WORK/rss.tsv" | awk -F'\t' '
  { k = $1 "\t" $2; v[k] = v[k] " " int($3 / 1024); if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
  END { for (i = 1; i <= n; i++) { m = split(substr(v[order[i]], 2), a, " "); asort(a)
    printf "%s\t%d (%d–%d)\n", order[i], a[int((m + 1) / 2)], a[1], a[m] } }'
echo "# load $(cut -d' ' -f1-3 /proc/loadavg)"
