#!/usr/bin/env bash
# Fuzz throughput: every libFuzzer target run for a fixed time from its seeds
# (corpus/<target>/ and corpus/regressions/<target>/, with its dictionary),
# one process, once built with ASan+UBSan (the fuzz preset) and once with
# -fsanitize=fuzzer only, beside a trivial target built both ways (it reads its
# bytes and returns: the engine's own ceiling on this machine). Prints, per
# target, executions per second of wall time (libFuzzer's figure) and of the
# process's CPU time (user+system: the figure a loaded machine disturbs
# least), the share of the trivial target's CPU rate in the same build, and
# the goal where there is one (decode targets >= 200k, order targets >= 50k,
# query_differential >= 5k, ASan+UBSan, CPU). The report is
# build/fuzz-throughput/throughput.md and throughput.json.
#
#   ci/fuzz_throughput.sh [SECONDS-PER-RUN] [TARGET-REGEX]   defaults 10, all
#
# Environment: SORTKEY_FUZZ_BUILD (default build/fuzz) and
# SORTKEY_FUZZ_PLAIN_BUILD (default build/fuzz-plain) choose the build trees.
# Exit status: 0 every run was measured (whether or not the goals are met),
# 1 a run failed or left no figures, 2 bad options or a run that could not go on.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage() {
  echo "ci/fuzz_throughput.sh: $1" >&2
  echo "usage: ci/fuzz_throughput.sh [SECONDS-PER-RUN] [TARGET-REGEX]" >&2
  exit 2
}
seconds=${1:-10}
pattern=${2:-.}
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] && [ "$seconds" -le 3600 ] ||
  usage "the seconds per run must be a whole number from 1 to 3600, got '$seconds'"
status=0
echo | grep -Eq -- "$pattern" 2>/dev/null || status=$?
[ "$status" -le 1 ] || usage "the target pattern is not an extended regular expression: '$pattern'"

bash ci/install_deps.sh
source ci/compiler_cache.sh
sanitized=${SORTKEY_FUZZ_BUILD:-build/fuzz}
plain=${SORTKEY_FUZZ_PLAIN_BUILD:-build/fuzz-plain}
out=$root/build/fuzz-throughput
rm -rf "$out"
mkdir -p "$out"

cmake --preset fuzz -B "$sanitized" >/dev/null
cmake --preset fuzz -B "$plain" \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link -fno-omit-frame-pointer -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION" \
  -DSORTKEY_FUZZ_LDFLAGS="-fsanitize=fuzzer" >/dev/null
mapfile -t targets < <(sed -n 's/^sortkey_add_fuzzer(\([a-z_]*\)).*/\1/p' fuzz/CMakeLists.txt |
  grep -E -- "$pattern" || true)
[ "${#targets[@]}" -gt 0 ] || usage "no fuzz target matches '$pattern'"
for build in "$sanitized" "$plain"; do
  cmake --build "$build" --target "${targets[@]}" -j "$(nproc)"
done

# The trivial target, built with each build's flags.
cat >"$out/trivial_fuzzer.cc" <<'CC'
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  volatile std::uint8_t sum = 0;
  for (std::size_t i = 0; i < size; ++i) sum = sum + data[i];
  return 0;
}
CC
clang++ -O2 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  "$out/trivial_fuzzer.cc" -o "$out/trivial.sanitized"
clang++ -O2 -g -fsanitize=fuzzer "$out/trivial_fuzzer.cc" -o "$out/trivial.plain"

# run NAME BUILD-LABEL BINARY [SEED-DIRS...]: one timed run, its log and CPU time.
run() {
  local name=$1 label=$2 bin=$3
  shift 3
  local work dict=()
  work=$(mktemp -d)
  [ -f "fuzz/$name.dict" ] && dict=("-dict=fuzz/$name.dict")
  echo "== $name ($label): $seconds s" >&2
  local TIMEFORMAT='%U %S'  # bash's own `time`: the run's user and system seconds
  { time "$bin" -max_total_time="$seconds" -print_final_stats=1 -timeout=25 -rss_limit_mb=2560 \
    "${dict[@]}" "$work" "$@" >"$out/$name.$label.log" 2>&1 || true; } 2>"$out/$name.$label.cpu"
  rm -rf "$work"
}

seed_dirs() {
  local d
  for d in "corpus/$1" "corpus/regressions/$1"; do [ -d "$d" ] && echo "$d"; done
  return 0
}

run trivial sanitized "$out/trivial.sanitized"
run trivial plain "$out/trivial.plain"
for t in "${targets[@]}"; do
  mapfile -t seeds < <(seed_dirs "$t")
  run "$t" sanitized "$sanitized/fuzz/$t" "${seeds[@]}"
  run "$t" plain "$plain/fuzz/$t" "${seeds[@]}"
done
python3 ci/fuzz_throughput_report.py "$out" "$seconds" "${targets[@]}"
