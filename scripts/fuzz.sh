#!/usr/bin/env bash
# The long fuzz run: FUZZ_RUNS requests for each seed in SEEDS (default 1..10, 2,000 each).
# A failure prints the seed to rerun with: FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run test/adapters/http/Fuzz.test.ts
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${FUZZ_RUNS:-2000}"
for seed in ${SEEDS:-$(seq 1 10)}; do
  echo "== seed $seed, $RUNS requests"
  FUZZ_SEED="$seed" FUZZ_RUNS="$RUNS" npx vitest run test/adapters/http/Fuzz.test.ts
done
