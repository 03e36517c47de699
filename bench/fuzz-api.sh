#!/usr/bin/env bash
# The long run of the API fuzz test (checklist H43, docs/benchmarks.md "API fuzzing"): every operation of
# schema.graphql with arguments, fed fast-check values of its input types, as a signed-in
# talent; fails on any 5xx or masked internal error. CI runs 15 cases per operation.
#   bash bench/fuzz-api.sh [runs per operation, default 500] [seed, default random]
# Add TEST_DATABASE_URL=postgres://... to run it on PostgreSQL too. A failure prints the
# seed and the counterexample; FUZZ_SEED=<seed> replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-500}"
seed="${2:-$RANDOM$RANDOM}"
echo "fuzz: ${runs} cases per operation, seed ${seed}"
FUZZ_RUNS="$runs" FUZZ_SEED="$seed" npx vitest run --project integration tests/integration/api/fuzz-inputs.test.ts --testTimeout 3600000
