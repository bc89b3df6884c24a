#!/usr/bin/env bash
# sortkey's KSUID and ULID codecs beside the reference implementations, in one
# go: builds sortkey_bench, installs and builds the Go references
# (segmentio/ksuid and oklog/ulid from Debian's golang-github-segmentio-ksuid-dev
# and golang-github-oklog-ulid-dev, with golang-go, by apt-get; nothing of
# theirs is kept in this repository) and the npm packages ksuid, ulid and
# ulidx (ci/install_npm.sh), runs every implementation on the same inputs
# (bench/ids_inputs.txt, which includes the Go benchmarks' own) in
# interleaved rounds, and prints one table: CPU ns per operation of each and
# each peer's time as a multiple of sortkey's (bench/peers_table.js).
#
#   bash bench/peers.sh                   3 rounds (about 90 s of CPU time): the figures to quote
#   bash bench/peers.sh --quick           1 short round (a few seconds): checks that every
#                                         cell has a figure (the bench.peers_quick test)
#   bash bench/peers.sh --baseline OLD    adds the column of an earlier sortkey_bench OLD
#                                         and the speedup before / after, from the same rounds
# Options: --rounds N; --build DIR (default build/release, configured with the
# release preset when missing); --bench BIN (an already-built sortkey_bench:
# nothing is built); --install-only (install the peers, then stop).
#
# Exit status: 0 with a complete table, 1 when a figure is missing, 2 when a
# step cannot run (install, build, a peer failing).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

rounds=3
quick=0
build=build/release
bench=""
baseline=""
install_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; rounds=1 ;;
    --rounds) rounds=${2:?--rounds needs a number}; shift ;;
    --build) build=${2:?--build needs a directory}; shift ;;
    --bench) bench=${2:?--bench needs a sortkey_bench program}; shift ;;
    --baseline) baseline=${2:?--baseline needs a sortkey_bench program}; shift ;;
    --install-only) install_only=1 ;;
    *) echo "bench/peers.sh: unknown option $1 (see the header of bench/peers.sh)" >&2; exit 2 ;;
  esac
  shift
done
case $rounds in '' | *[!0-9]* | 0) echo "bench/peers.sh: --rounds needs a positive number, got $rounds" >&2; exit 2 ;; esac

die() { echo "bench/peers.sh: $*" >&2; exit 2; }

# The Go toolchain and the two references, from Debian.
gocode=/usr/share/gocode/src/github.com
go_packages=(golang-go golang-github-segmentio-ksuid-dev golang-github-oklog-ulid-dev)
if ! command -v go >/dev/null 2>&1 || [ ! -d "$gocode/segmentio/ksuid" ] || [ ! -d "$gocode/oklog/ulid" ]; then
  echo "bench/peers.sh: installing ${go_packages[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  apt_install() {
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      -o DPkg::Lock::Timeout=300 "${go_packages[@]}" >/dev/null
  }
  apt_install || { $sudo apt-get update -qq && apt_install; } || die "cannot install ${go_packages[*]}"
fi
bash ci/install_npm.sh >&2 || die "ci/install_npm.sh failed"
source ci/compiler_cache.sh
[ "$install_only" -eq 1 ] && exit 0

if [ -z "$bench" ]; then
  [ -f "$build/CMakeCache.txt" ] || cmake --preset release >&2 || die "cannot configure $build"
  cmake --build "$build" --target sortkey_bench >&2 || die "cannot build sortkey_bench in $build"
  bench=$build/bench/sortkey_bench
fi
[ -x "$bench" ] || die "no sortkey_bench at $bench"
[ -z "$baseline" ] || [ -x "$baseline" ] || die "no baseline sortkey_bench at $baseline"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export SORTKEY_ID_INPUTS=$root/bench/ids_inputs.txt

# The Go benchmarks, in GOPATH mode against Debian's sources: no module, no download.
export GOPATH=/usr/share/gocode GO111MODULE=off GOFLAGS=""
export GOCACHE=${GOCACHE:-${TMPDIR:-/tmp}/sortkey-peers-go-cache}
(cd bench/peers_go && go test -c -o "$work/peers_go.test" .) >&2 || die "cannot build bench/peers_go"

if [ "$quick" -eq 1 ]; then
  cpp_time=0.02 go_time=20ms npm_ms=20
else
  cpp_time=0.3 go_time=300ms npm_ms=300
fi
cpp_filter='^BM_(Ksuid|Ulid)(Format|Parse|GenerateMonotonic)'
run_cpp() {  # PROGRAM OUT
  "$1" --benchmark_filter="$cpp_filter" --benchmark_min_time="$cpp_time" \
    --benchmark_format=json --benchmark_out="$2" --benchmark_out_format=json >/dev/null ||
    die "$1 failed"
}

table_args=()
for r in $(seq "$rounds"); do
  echo "bench/peers.sh: round $r of $rounds" >&2
  run_cpp "$bench" "$work/cpp.$r.json"
  table_args+=(--cpp "$work/cpp.$r.json")
  if [ -n "$baseline" ]; then
    run_cpp "$baseline" "$work/baseline.$r.json"
    table_args+=(--baseline "$work/baseline.$r.json")
  fi
  "$work/peers_go.test" -test.run '^$' -test.bench . -test.benchtime "$go_time" >"$work/go.$r.txt" ||
    die "the Go benchmarks failed: $(tail -5 "$work/go.$r.txt")"
  table_args+=(--go "$work/go.$r.txt")
  node bench/peers_npm.js --inputs "$SORTKEY_ID_INPUTS" --ms "$npm_ms" >"$work/npm.$r.json" ||
    die "bench/peers_npm.js failed"
  table_args+=(--npm "$work/npm.$r.json")
done

npm_version() { node -p "require('./ci/peers/node_modules/$1/package.json').version"; }
echo "sortkey: $bench; Go: $(go version | cut -d' ' -f3), segmentio/ksuid" \
  "$(dpkg-query -W -f='${Version}' golang-github-segmentio-ksuid-dev)," \
  "oklog/ulid $(dpkg-query -W -f='${Version}' golang-github-oklog-ulid-dev);" \
  "node $(node --version), ksuid $(npm_version ksuid), ulid $(npm_version ulid), ulidx $(npm_version ulidx)"
echo
node bench/peers_table.js "${table_args[@]}"
