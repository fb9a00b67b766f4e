#!/usr/bin/env bash
# The long fuzz run: for each seed in SEEDS (default 1..10), FUZZ_RUNS requests on memory storage (default
# 2,000) and FUZZ_PGLITE_RUNS on embedded PGlite (default 500; each request goes through SQL, so slower).
# A failure prints the seed to rerun with: FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run test/adapters/http/Fuzz.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${FUZZ_RUNS:-2000}"
PGLITE_RUNS="${FUZZ_PGLITE_RUNS:-500}"
for seed in ${SEEDS:-$(seq 1 10)}; do
  echo "== seed $seed, $RUNS requests on memory, $PGLITE_RUNS on PGlite"
  FUZZ_SEED="$seed" FUZZ_RUNS="$RUNS" FUZZ_PGLITE_RUNS="$PGLITE_RUNS" npx vitest run test/adapters/http/Fuzz.test.ts
done
