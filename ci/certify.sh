#!/usr/bin/env bash
# The main job: installs what is missing, builds the `sortkey` tool and runs
# the certification of every built-in codec. Arguments go to `sortkey certify`
# (e.g. --cases 5000 --json report.json).
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install_deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target sortkey_cli -j "$(nproc)"
exec build/release/tools/sortkey certify "$@"
