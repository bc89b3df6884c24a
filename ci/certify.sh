#!/usr/bin/env bash
# The main job: installs what is missing, builds the `sortkey` tool and runs
# the certification of every built-in codec. Arguments go to `sortkey certify`
# (e.g. --cases 5000, or --codec-cmd "python3 my_adapter.py").
#
# Unless the arguments name reports of their own, the JSON certificate, JUnit
# XML and Markdown summary are written to build/certify/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/install_deps.sh
source ci/compiler_cache.sh
cmake --preset release >/dev/null
cmake --build --preset release --target sortkey_cli -j "$(nproc)"

reports=()
case " $* " in
  *" --json"* | *" --junit"* | *" --markdown"*) ;;
  *)
    mkdir -p build/certify
    reports=(--json build/certify/certificate.json --junit build/certify/junit.xml
             --markdown build/certify/summary.md)
    ;;
esac
exec build/release/tools/sortkey certify --corpus corpus "${reports[@]}" "$@"
