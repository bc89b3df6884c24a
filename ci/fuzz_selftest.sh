#!/usr/bin/env bash
# Proves the fuzz targets find real bugs: for each planted bug in
# fuzz/selftest/<bug>.patch (a unified diff against the library, naming its
# target on a "Target:" line), copies the source tree to a temporary
# directory, applies the patch, builds that target with the fuzz preset
# (clang, libFuzzer, ASan+UBSan) and runs `sortkey fuzz` on it from an empty
# corpus, so that the fuzzer, not a seed, has to find the bug; at the end,
# with every patch reverted, each minimized input must pass (the control).
# Each bug is fuzzed once per libFuzzer seed (-seed=1, 2, ... N). Reports per
# bug: target, in how many seeds it was found, the wall time and executions to
# the first failure (median and worst over the seeds; a seed that missed counts
# as worse than the budget), the smallest minimized input and the decoded
# values the target printed, as Markdown (build/fuzz-selftest/selftest.md, also
# on stdout and appended to $GITHUB_STEP_SUMMARY when set) and JSON
# (build/fuzz-selftest/selftest.json, every seed's run included).
#
#   ci/fuzz_selftest.sh [--seeds N] [seconds-per-bug [bug...]]
#       default 1 seed (at most 20), 60 s per bug and seed (at most 120), every bug
#
# Environment: SORTKEY_CLI_BUILD (default build/release), the g++ build that
# provides the `sortkey` tool. Exit status: 0 every planted bug was found in
# every seed, 1 one was missed in some seed, 2 the self-test could not run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

usage() {
  echo "usage: ci/fuzz_selftest.sh [--seeds N] [seconds-per-bug [bug...]]" >&2
  exit 2
}
seeds=1
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) [ $# -ge 2 ] || usage; seeds=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
  esac
done
if ! [[ "$seeds" =~ ^[0-9]+$ ]] || [ "$seeds" -lt 1 ] || [ "$seeds" -gt 20 ]; then
  echo "ci/fuzz_selftest.sh: --seeds must be a whole number from 1 to 20, got '$seeds'" >&2
  exit 2
fi
budget=${1:-60}
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 1 ] || [ "$budget" -gt 120 ]; then
  echo "ci/fuzz_selftest.sh: seconds per bug must be a whole number from 1 to 120, got '$budget'" >&2
  exit 2
fi
[ $# -gt 0 ] && shift
shopt -s nullglob
patches=(fuzz/selftest/*.patch)
if [ $# -gt 0 ]; then
  patches=()
  for bug in "$@"; do
    if [ ! -f "fuzz/selftest/$bug.patch" ]; then
      echo "ci/fuzz_selftest.sh: no planted bug fuzz/selftest/$bug.patch" >&2
      exit 2
    fi
    patches+=("fuzz/selftest/$bug.patch")
  done
fi
if [ ${#patches[@]} -eq 0 ]; then
  echo "ci/fuzz_selftest.sh: no planted bugs in fuzz/selftest/*.patch" >&2
  exit 2
fi

bash ci/install_deps.sh
source ci/compiler_cache.sh
cli_build=${SORTKEY_CLI_BUILD:-build/release}
cmake --preset release -B "$cli_build" >/dev/null
cmake --build "$cli_build" --target sortkey_cli -j "$(nproc)"
sortkey=$root/$cli_build/tools/sortkey

out=$root/build/fuzz-selftest
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-fuzz-selftest.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tree without build outputs or version control; one copy, each patch
# applied and reverted in turn, so the fuzz build recompiles only what it touches.
src=$work/src
mkdir "$src"
for entry in * .[!.]*; do
  case "$entry" in build | .git) continue ;; esac
  cp -r "$entry" "$src/"
done
if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=1
fi
(cd "$src" && cmake --preset fuzz -B "$work/build" >/dev/null)

for patch_file in "${patches[@]}"; do
  bug=$(basename "$patch_file" .patch)
  target=$(sed -n 's/^Target: *//p' "$patch_file" | head -n 1)
  if [ -z "$target" ]; then
    echo "ci/fuzz_selftest.sh: $patch_file has no 'Target: <fuzz target>' line" >&2
    exit 2
  fi
  echo "== $bug: planting $patch_file, fuzzing $target for up to $budget s with each of $seeds seed(s)"
  (cd "$src" && patch -p1 --forward --quiet <"$root/$patch_file")
  if cmake --build "$work/build" --target "$target" -j "$(nproc)" >"$out/$bug.build.log" 2>&1; then
    for ((seed = 1; seed <= seeds; seed++)); do
      # One process (--jobs 1): its final stats count the executions to the
      # failure exactly. No merge and no capture: the corpus is the copy's.
      status=0
      "$sortkey" fuzz --fuzzers "$work/build/fuzz" --target "$target" --seconds "$budget" --jobs 1 \
        --seed "$seed" --no-seeds --no-merge --no-capture --corpus "$src/corpus" --dicts "$src/fuzz" \
        --out "$out/$bug.seed-$seed" --json "$out/$bug.seed-$seed.json" >"$out/$bug.seed-$seed.log" 2>&1 ||
        status=$?
      echo "   seed $seed: sortkey fuzz exit status $status (1: crash found); log $out/$bug.seed-$seed.log"
    done
  else
    echo "   the build failed; see $out/$bug.build.log"
  fi
  (cd "$src" && patch -p1 -R --quiet <"$root/$patch_file")
done

# The control: with every patch reverted, each minimized input must pass, or
# the failure was not the planted bug's.
targets=()
for patch_file in "${patches[@]}"; do targets+=("$(sed -n 's/^Target: *//p' "$patch_file" | head -n 1)"); done
cmake --build "$work/build" --target "${targets[@]}" -j "$(nproc)" >"$out/control.build.log" 2>&1 || true
for i in "${!patches[@]}"; do
  bug=$(basename "${patches[$i]}" .patch)
  for ((seed = 1; seed <= seeds; seed++)); do
    run=$bug.seed-$seed
    [ -f "$out/$run.json" ] || continue
    input=$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["targets"]; f=t[0].get("failure") if t else None; print(f["input_file"] if f else "")' "$out/$run.json")
    [ -n "$input" ] || continue
    control=0
    timeout 60 "$work/build/fuzz/${targets[$i]}" "$input" >"$out/$run.control.log" 2>&1 || control=$?
    echo "$control" >"$out/$run.control"
  done
done

python3 ci/fuzz_selftest_report.py "$out" "$budget" "$seeds" "${patches[@]}"
