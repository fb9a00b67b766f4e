#!/usr/bin/env bash
# The SQL statements one POST /v3/spotcast sends to Postgres: without an Idempotency-Key, with one, and
# its replay.
# Counted by the server itself: log_statement = 'all' on a fresh database, then the server log read
# between two marker queries. Needs a built checkout (npm run build), a Postgres server at PGURL that
# lets this user create databases, and read access to its log (LOG) with `%u@%d ` in log_line_prefix
# (Debian's default). Requests after a warm-up, so the key's last_used_at touch (at most once a
# minute) is not counted.
# usage: bench/create-statements.sh [checkout]   (default: this one)
set -eu
PROJ="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
PGURL="${PGURL:-postgres://postgres@127.0.0.1:5432}"
LOG="${LOG:-/var/log/postgresql/postgresql-15-main.log}"
DB="spotcast_stmts_$(node -e 'console.log(require("crypto").randomBytes(4).toString("hex"))')"
PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
KEY="sk_live_$(node -e 'const c="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";let s="";for(let i=0;i<32;i++)s+=c[require("crypto").randomInt(62)];console.log(s)')"
OUT="$(mktemp -d)"
SP=""
psql_() { psql -q -X -d "$PGURL/$1" -c "$2" >/dev/null; }
cleanup() {
  [ -n "$SP" ] && kill "$SP" 2>/dev/null && wait "$SP" 2>/dev/null
  psql_ postgres "DROP DATABASE IF EXISTS $DB WITH (FORCE)" || true
}
trap cleanup EXIT

serve() {
  env PORT="$PORT" HOST=127.0.0.1 PUBLIC_BASE_URL="http://127.0.0.1:$PORT" DATABASE_URL="$PGURL/$DB" \
    SPOTCAST_BOOTSTRAP_KEY="$KEY" SPOTCAST_BOOTSTRAP_CREDITS=1000 SPOTCAST_WEATHER_PROVIDER=simulated \
    node "$PROJ/dist/main/bin.js" serve --role api >>"$OUT/serve.log" 2>&1 &
  SP=$!
  for _ in $(seq 600); do curl -s -o /dev/null "http://127.0.0.1:$PORT/v3/account/balance" && return 0; sleep 0.1; done
  echo "the server did not start: $OUT/serve.log" >&2; exit 1
}
post() {
  curl -s -o /dev/null -w "%{http_code}" -X POST "http://127.0.0.1:$PORT/v3/spotcast" \
    -H "authorization: Bearer $KEY" -H "content-type: application/json" ${1:+-H "idempotency-key: $1"} \
    -d "{\"latitude\":41.13,\"longitude\":-71.71,\"start_date\":\"$(date -u +%F)\",\"num_days\":2}"
}
# Prints the statements logged between the markers `$1` and `$2`.
between() {
  grep -F "@$DB " "$LOG" | sed -n "/'$1'/,/'$2'/p" | grep -E "LOG:  (statement|execute)" | grep -vF "'$1'" | grep -vF "'$2'" \
    | sed -E 's/^.* LOG:  (statement|execute [^:]*): //' | cut -c1-120
}

psql_ postgres "CREATE DATABASE $DB"
psql_ postgres "ALTER DATABASE $DB SET log_statement = 'all'"
serve
post warm-up >/dev/null
psql_ "$DB" "SELECT 'MARK_PLAIN'"
echo "create:       HTTP $(post "")"
psql_ "$DB" "SELECT 'MARK_CREATE'"
echo "keyed create: HTTP $(post order-1)"
psql_ "$DB" "SELECT 'MARK_REPLAY'"
echo "its replay:   HTTP $(post order-1)"
psql_ "$DB" "SELECT 'MARK_END'"
sleep 0.5
between MARK_PLAIN MARK_CREATE >"$OUT/plain.txt"
between MARK_CREATE MARK_REPLAY >"$OUT/create.txt"
between MARK_REPLAY MARK_END >"$OUT/replay.txt"
echo "# $(wc -l <"$OUT/plain.txt") statements for one create without a key:"
cat -n "$OUT/plain.txt"
echo "# $(wc -l <"$OUT/create.txt") statements for one keyed create:"
cat -n "$OUT/create.txt"
echo "# $(wc -l <"$OUT/replay.txt") statements for its replay:"
cat -n "$OUT/replay.txt"
