#!/usr/bin/env bash
# Builds with AddressSanitizer and UndefinedBehaviorSanitizer and runs the
# unit, property, corpus and cli tests: a decoder that reads past its view or
# overflows an integer fails here even when its answers look right.
#   SORTKEY_CASES (default 100) sets the property cases per test. The JUnit is
#   build/asan/junit.xml.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install_deps.sh
source ci/compiler_cache.sh
cmake --preset asan
cmake --build --preset asan -j "$(nproc)"
SORTKEY_CASES=${SORTKEY_CASES:-100} ctest --preset asan -j "$(nproc)" --timeout 900 \
  --output-junit "$PWD/build/asan/junit.xml"
