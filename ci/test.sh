#!/usr/bin/env bash
# The test command: installs what is missing, builds with warnings as errors
# (through the compiler cache, ci/compiler_cache.sh), runs every test
# registered with ctest (unit, property, cli, ...) and prints ctest's summary
# (its JUnit in build/ci/junit.xml), then proves the installed package works
# for a consumer. Ends with its wall time, by step, and the 10 slowest tests.
#
# Environment: SORTKEY_SEED, SORTKEY_CASES, SORTKEY_FRESH_SEEDS (properties/runner.h);
# SORTKEY_CCACHE=0 builds without the compiler cache.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
steps=()
step() {  # step NAME COMMAND...: runs it and notes its wall time
  local name=$1 t=$SECONDS
  shift
  "$@"
  steps+=("$(printf '%-16s %5d s' "$name" $((SECONDS - t)))")
}

step install bash ci/install_deps.sh
step npm bash ci/install_npm.sh
step format bash ci/format.sh
source ci/compiler_cache.sh
[ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ] || ccache -z >/dev/null
step configure cmake --preset ci
step build cmake --build --preset ci -j "$(nproc)"
cache_stats=""
[ -z "${CMAKE_CXX_COMPILER_LAUNCHER:-}" ] || cache_stats=$(ccache -s 2>/dev/null | grep -E '^ *(Hits|Misses):' | tr -s ' ' | paste -sd' ' || true)
step ctest ctest --preset ci -j "$(nproc)" --timeout 600 --output-junit "$PWD/build/ci/junit.xml"
step install-test bash ci/install_test.sh build/ci
step codec-only bash ci/codec_only_build.sh

echo "ci/test.sh: $((SECONDS - start)) s in all${cache_stats:+ (compiler cache: $cache_stats)}"
printf '  %s\n' "${steps[@]}"
python3 ci/slowest_tests.py build/ci/junit.xml 10
