#!/usr/bin/env bash
# The long fuzz run (docs/robustness.md): for each seed in SEEDS (default 1..10), FUZZ_POSTGRES_RUNS
# requests on the PostgreSQL server at TEST_DATABASE_URL (default 1,000), FUZZ_PGLITE_RUNS on embedded
# PGlite (default 300) and FUZZ_RUNS on memory storage (default 1,000). The defaults make 10,000 requests
# on Postgres and 3,000 on PGlite. A count of 0 leaves that storage out, so storages or seeds can run as
# parallel invocations. Each storage and seed prints one line: requests, seconds, answers by status; the
# lines are repeated at the end, with the total. A failure prints the seed to rerun with, e.g.
#   SEEDS=7 FUZZ_RUNS=0 FUZZ_PGLITE_RUNS=0 bash scripts/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_RUNS="${FUZZ_RUNS:-1000}"
export FUZZ_PGLITE_RUNS="${FUZZ_PGLITE_RUNS:-300}"
export FUZZ_POSTGRES_RUNS="${FUZZ_POSTGRES_RUNS:-1000}"
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# Without a server the PostgreSQL part must fail, not be skipped.
[ "$FUZZ_POSTGRES_RUNS" = 0 ] || export CI=true
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
started=$(date +%s)
status=0
for seed in ${SEEDS:-$(seq 1 10)}; do
  echo "== seed $seed: $FUZZ_POSTGRES_RUNS requests on Postgres, $FUZZ_PGLITE_RUNS on PGlite, $FUZZ_RUNS on memory"
  FUZZ_SEED="$seed" npx vitest run test/adapters/http/Fuzz.test.ts 2>&1 | tee -a "$log" || status=1
done
echo "== summary ($(( $(date +%s) - started )) s in all)"
grep -a '^fuzz on' "$log" || true
# "…: <n> requests in <t> s; <status>: <count>, …": the pairs after "s;" are statuses and counts.
grep -a '^fuzz on' "$log" | awk '{
  split($0, halves, " s; "); split(halves[1], head, ": "); split(head[2], words, " "); n += words[1]
  k = split(halves[2], pairs, ", ")
  for (i = 1; i <= k; i++) { split(pairs[i], p, ": "); if (p[1] >= 500 || p[1] < 100) bad += p[2] }
} END { printf "%d requests, %d answered 5xx or not at all\n", n, bad }'
exit $status
