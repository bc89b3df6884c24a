#!/usr/bin/env bash
# The fuzz campaign, one command from a clean clone: installs what is missing,
# builds every libFuzzer target (the fuzz preset: clang, ASan+UBSan) and the
# `sortkey` tool, then runs `sortkey fuzz` over all targets within the budget.
# New coverage is merged into corpus/<target>/, minimized crashers go to
# corpus/regressions/<target>/, and the summaries (summary.json, summary.md,
# logs per target) are left in build/fuzz-campaign/.
#
#   ci/fuzz.sh [budget-seconds] [sortkey fuzz options...]   default 300 s
#
# Environment: SORTKEY_FUZZ_BUILD (default build/fuzz) and SORTKEY_CLI_BUILD
# (default build/release) choose the build directories.
# Exit status: that of `sortkey fuzz`: 0 no crash, 1 a crash, 2 could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

budget=${1:-300}
[ $# -gt 0 ] && shift
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 1 ]; then
  echo "ci/fuzz.sh: the budget must be a whole number of seconds, got '$budget'" >&2
  exit 2
fi

bash ci/install_deps.sh
source ci/compiler_cache.sh
fuzz_build=${SORTKEY_FUZZ_BUILD:-build/fuzz}
cli_build=${SORTKEY_CLI_BUILD:-build/release}
cmake --preset fuzz -B "$fuzz_build" >/dev/null
cmake --build "$fuzz_build" --target all_fuzzers -j "$(nproc)"
cmake --preset release -B "$cli_build" >/dev/null
cmake --build "$cli_build" --target sortkey_cli -j "$(nproc)"
exec "$cli_build/tools/sortkey" fuzz --fuzzers "$fuzz_build/fuzz" --seconds "$budget" --out build/fuzz-campaign "$@"
