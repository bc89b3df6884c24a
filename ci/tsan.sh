#!/usr/bin/env bash
# Builds with ThreadSanitizer and runs the tests of the code that runs
# threads: the unit tests (Results read on several threads, the ID
# generators), the certifier's endpoint connections against dynalite and a
# proxy, the adapter client and the command line (its progress thread). A
# data race fails the run (halt_on_error, the tsan test preset).
#
# Left out: four endpoint tests bound by wall-clock budgets and signal timing,
# which ThreadSanitizer's slowdown (5 to 15 times) breaks rather than tests:
# a budget spent before a case runs, an interrupt sent before the run starts,
# a proxy stopped before the first request.
#
#   ci/tsan.sh [CTEST-ARGS...]   e.g. -R endpoint; the JUnit is build/tsan/junit.xml
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install_deps.sh
source ci/compiler_cache.sh
bash ci/install_npm.sh
cmake --preset tsan
cmake --build --preset tsan -j "$(nproc)"
timing_bound='^endpoint\.(dynalite_budget_bounds_the_run|dynalite_interrupt_cleans_up|proxy_interrupt|proxy_unreachable)$'
ctest --preset tsan -L 'unit|endpoint|adapter|cli' -E "$timing_bound" -j "$(nproc)" \
  --timeout 1800 --output-junit "$PWD/build/tsan/junit.xml" "$@"
