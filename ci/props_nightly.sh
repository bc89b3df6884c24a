#!/usr/bin/env bash
# Nightly property run: fresh random seeds and many more cases than the
# pull-request run. Every failure prints its seed and the command that replays it;
# the JUnit is build/ci/props-nightly.junit.xml.
#   SORTKEY_CASES (default 20000) sets the cases per property.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install_deps.sh
source ci/compiler_cache.sh
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
SORTKEY_FRESH_SEEDS=1 SORTKEY_CASES=${SORTKEY_CASES:-20000} \
  ctest --preset ci -L property -j "$(nproc)" --timeout 3600 --output-junit "$PWD/build/ci/props-nightly.junit.xml"
