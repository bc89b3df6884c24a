#!/usr/bin/env bash
# Runs the KSUID and ULID benchmarks of sortkey and the same operations of the
# npm packages `ksuid` and `ulid` in one go, and prints a table with the ratio
# npm / sortkey per operation.
#   bash bench/ids_compare.sh [BUILD_DIR]     (default build/release, built with SORTKEY_BUILD_BENCH)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/release}
bash ci/install_npm.sh
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$build/bench/sortkey_bench" --benchmark_filter='Ksuid|Ulid' --benchmark_min_time=0.3 \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_format=json --benchmark_out="$out" --benchmark_out_format=json >/dev/null
node bench/ids_npm_bench.js --cpp "$out"
