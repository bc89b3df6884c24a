#!/usr/bin/env bash
# The test command: installs what is missing, builds with warnings as errors,
# runs every test registered with ctest (unit, property, cli, ...) and prints
# ctest's summary (its JUnit in build/ci/junit.xml), then proves the installed
# package works for a consumer.
#
# Environment: SORTKEY_SEED, SORTKEY_CASES, SORTKEY_FRESH_SEEDS (properties/runner.h).
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install_deps.sh
bash ci/install_npm.sh
bash ci/format.sh
cmake --preset ci
cmake --build --preset ci -j "$(nproc)"
ctest --preset ci -j "$(nproc)" --timeout 600 --output-junit "$PWD/build/ci/junit.xml"
bash ci/install_test.sh build/ci
bash ci/codec_only_build.sh
