#!/usr/bin/env bash
# engine_defaults.sh CLANGXX FUZZ_DIR: builds engine_defaults_check.cc with
# libFuzzer and checks that fuzz/engine_defaults.h's flags reach libFuzzer
# (no flag given: 3 runs) and that a flag on the command line overrides
# them (-runs=5: 5 runs).
set -u
clangxx=$1 fuzz_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! "$clangxx" -std=c++20 -O1 -fsanitize=fuzzer -I "$fuzz_dir/.." \
    "$fuzz_dir/tests/engine_defaults_check.cc" -o "$work/check" 2>"$work/build.log"; then
  echo "FAILED: engine_defaults_check.cc does not build with $clangxx -fsanitize=fuzzer:"
  cat "$work/build.log"
  exit 1
fi
fail=0
runs() {  # runs WANT [FLAGS...]: libFuzzer's "Done N runs" line must say WANT
  local want=$1
  shift
  mkdir -p "$work/corpus"
  # -max_total_time: without the defaults it would fuzz until stopped.
  "$work/check" -max_total_time=10 "$@" "$work/corpus" >"$work/out" 2>&1
  if grep -Eq "^Done $want runs" "$work/out"; then
    echo "ok: ${*:-no flags}: $want runs"
  else
    echo "FAILED: ${*:-no flags}: expected 'Done $want runs':"
    cat "$work/out"
    fail=1
  fi
}
runs 3
runs 5 -runs=5
exit $fail
