#!/usr/bin/env bash
# Builds the release packages with CPack from a build tree and proves each
# works where it lands:
#   - the .deb: its control fields (name, the project's version, an
#     architecture, Depends computed from what sortkey links, each satisfiable
#     on this Debian 12 per apt-get's simulated install); unpacked into a
#     scratch root (dpkg -x), its sortkey prints the version and the commit
#     and encodes, and its headers and CMake package are there;
#   - the README's quick start, run from that unpacked root as a new user would
#     run it from /usr: an example design CERTIFIED from share/doc/sortkey, the
#     manual pages sortkey(1) and sortkey-design(5) rendered by nroff -man (as man does), and a
#     `sortkey fuzz` campaign that finds the packaged fuzzers next to sortkey
#     (libexec/sortkey/fuzzers) and runs them on a copy of the packaged corpus;
#   - the .tar.gz: unpacked, its sortkey runs, and a consumer builds against its
#     CMake package (find_package(sortkey)) and prints 00157.
#
# The fuzzers packaged are those in the build's SORTKEY_PACKAGE_FUZZERS_DIR
# (ci/release.sh puts the fuzz preset's there, and sets SORTKEY_PACKAGE_ALL_FUZZERS=1:
# then every target of fuzz/ must be in the package). A build with none there (the
# test run's) gets one real target for the test, padded_decode_fuzzer, linked
# with clang's libFuzzer against the build's own libraries (its driver
# instrumented, the libraries not): enough to show the installed command finds
# and runs what the package holds.
#
#   ci/package_test.sh [BUILD_DIR]   default build/ci; the packages stay in BUILD_DIR/packages
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=$(cd "${1:-build/ci}" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-packages.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

fail() {
  echo "ci/package_test.sh: $*" >&2
  exit 1
}

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
[ -n "$version" ] || fail "$build/CMakeCache.txt names no project version"
commit=$(git rev-parse HEAD 2>/dev/null || true)
want_version="sortkey $version${commit:+ (commit $commit)}"
fuzzers_dir=$(sed -n 's/^SORTKEY_PACKAGE_FUZZERS_DIR:PATH=//p' "$build/CMakeCache.txt")
[ -n "$fuzzers_dir" ] || fail "$build/CMakeCache.txt has no SORTKEY_PACKAGE_FUZZERS_DIR"
if ! compgen -G "$fuzzers_dir/*_fuzzer" >/dev/null; then
  [ "${SORTKEY_PACKAGE_ALL_FUZZERS:-0}" = 0 ] || fail "no fuzzers in $fuzzers_dir to package"
  mkdir -p "$fuzzers_dir"
  trap 'rm -rf "$scratch" "$fuzzers_dir"' EXIT
  clang++ -std=c++20 -O1 -fsanitize=fuzzer -I"$root" -I"$root/include" fuzz/padded_decode_fuzzer.cc \
    "$build/fuzz/libsortkey_fuzz_support.a" "$build/properties/libsortkey_props.a" \
    "$build/oracles/libsortkey_oracles.a" "$build/support/libsortkey_support.a" "$build/src/libsortkey.a" \
    -licuuc -licui18n -lfmt -ldl -o "$fuzzers_dir/padded_decode_fuzzer"
fi
packaged_fuzzers=$(cd "$fuzzers_dir" && compgen -G '*_fuzzer' | LC_ALL=C sort)
rm -rf "$build/packages"
(cd "$build" && cpack --config CPackConfig.cmake -B "$build/packages" >"$scratch/cpack.log" 2>&1) ||
  { cat "$scratch/cpack.log" >&2; fail "cpack failed"; }
arch=$(dpkg --print-architecture)
deb=$build/packages/sortkey_${version}_${arch}.deb
tgz=$build/packages/sortkey-$version-Linux-$(uname -m).tar.gz
[ -f "$deb" ] || fail "cpack wrote no $(basename "$deb"): $(ls "$build/packages")"
[ -f "$tgz" ] || fail "cpack wrote no $(basename "$tgz"): $(ls "$build/packages")"

# check_sortkey DIR: DIR/bin/sortkey prints the version and the commit, and encodes.
check_sortkey() {
  local sortkey=$1/bin/sortkey out
  [ -x "$sortkey" ] || fail "no $sortkey"
  out=$("$sortkey" --version)
  [ "$out" = "$want_version" ] || fail "$sortkey --version printed '$out', expected '$want_version'"
  out=$("$sortkey" encode padded --width 5 157)
  [ "$out" = "00157" ] || fail "$sortkey encode padded printed '$out'"
}

# The .deb.
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = sortkey ] || fail "the .deb's Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "the .deb's Version is '$(field Version)', not $version"
[ "$(field Architecture)" = "$arch" ] || fail "the .deb's Architecture is '$(field Architecture)'"
depends=$(field Depends)
for p in $(bash ci/runtime_packages.sh "$build/tools/sortkey"); do
  [[ ", $depends," == *", $p "* || ", $depends," == *", $p,"* ]] ||
    fail "the .deb's Depends ($depends) lacks $p, which owns a library sortkey links"
done
# Every dependency resolves on Debian 12 (a simulation: nothing is installed).
apt-get install --simulate --no-install-recommends "$deb" >"$scratch/apt.log" 2>&1 ||
  { cat "$scratch/apt.log" >&2; fail "apt-get cannot satisfy the .deb's Depends: $depends"; }
dpkg -x "$deb" "$scratch/deb"
check_sortkey "$scratch/deb/usr"
for f in usr/include/sortkey/padded.h usr/lib/cmake/sortkey/sortkeyConfig.cmake \
  usr/lib/cmake/sortkey/sortkeyConfigVersion.cmake usr/lib/libsortkey.a usr/share/doc/sortkey/LICENSE \
  usr/share/doc/sortkey/design-format.md usr/share/doc/sortkey/examples/saas.yaml \
  usr/share/man/man1/sortkey.1 usr/share/man/man5/sortkey-design.5 \
  usr/share/sortkey/corpus/padded_decode_fuzzer usr/share/sortkey/fuzz/padded_decode_fuzzer.dict \
  usr/share/sortkey/import/entities.mjs; do
  [ -e "$scratch/deb/$f" ] || fail "the .deb lacks /$f"
done
in_package=$(cd "$scratch/deb/usr/libexec/sortkey/fuzzers" 2>/dev/null && compgen -G '*_fuzzer' | LC_ALL=C sort)
[ -n "$in_package" ] && [ "$in_package" = "$packaged_fuzzers" ] ||
  fail "the .deb's libexec/sortkey/fuzzers holds '$in_package', not the fuzzers of $fuzzers_dir"
if [ "${SORTKEY_PACKAGE_ALL_FUZZERS:-0}" != 0 ]; then
  for src in fuzz/*_fuzzer.cc; do
    t=$(basename "$src" .cc)
    [ -x "$scratch/deb/usr/libexec/sortkey/fuzzers/$t" ] || fail "the .deb lacks the fuzzer $t"
  done
fi

# The quick start, from the unpacked root, in a fresh working directory.
usr=$scratch/deb/usr
mkdir "$scratch/work"
out=$(cd "$scratch/work" && "$usr/bin/sortkey" design check "$usr/share/doc/sortkey/examples/saas.yaml" \
  --no-progress 2>&1) || fail "design check of the packaged examples/saas.yaml failed: $out"
grep -q '^CERTIFIED: design saas' <<<"$out" || fail "design check printed no CERTIFIED verdict: $out"
# design import runs the packaged entities.mjs, not the source tree's: the
# scratch copy is made to say so.
echo 'process.stderr.write("the packaged entities.mjs ran\n"); process.exit(2);' \
  >"$usr/share/sortkey/import/entities.mjs"
echo 'export const nothing = 1;' >"$scratch/work/model.mjs"
out=$(cd "$scratch/work" && "$usr/bin/sortkey" design import model.mjs 2>&1) &&
  fail "design import of a module without entities succeeded: $out"
grep -q 'the packaged entities.mjs ran' <<<"$out" ||
  fail "design import did not run the packaged share/sortkey/import/entities.mjs: $out"
for page in man1/sortkey.1:'SORTKEY(1)' man5/sortkey-design.5:'SORTKEY-DESIGN(5)'; do
  # nroff, as man renders it (groff-base: in every Debian, unlike man-db); warnings fail it.
  out=$(nroff -man -ww "$usr/share/man/${page%%:*}" 2>&1 >/dev/null) && [ -z "$out" ] ||
    fail "nroff -man ${page%%:*} warned: $out"
  out=$(nroff -man "$usr/share/man/${page%%:*}" 2>&1)
  grep -qF "${page#*:}" <<<"$out" || fail "${page%%:*} shows no ${page#*:} header"
done
out=$(nroff -man "$usr/share/man/man5/sortkey-design.5" 2>/dev/null | col -b)
grep -q 'A WHOLE DESIGN' <<<"$out" ||
  fail "sortkey-design(5) lacks the section A WHOLE DESIGN of docs/design-format.md"
cp -R "$usr/share/sortkey/corpus" "$scratch/work/corpus"
first=$(head -n 1 <<<"$packaged_fuzzers")
out=$(cd "$scratch/work" && "$usr/bin/sortkey" fuzz --seconds 2 --jobs 1 --target "$first" \
  --dicts "$usr/share/sortkey/fuzz" 2>&1) || fail "sortkey fuzz from the package failed: $out"
grep -Eq "^$first +clean " <<<"$out" || fail "sortkey fuzz did not run the packaged $first: $out"
python3 - "$scratch/work/build/fuzz-campaign/summary.json" "$usr/libexec/sortkey/fuzzers" <<'PY' ||
import json, os, sys
s = json.load(open(sys.argv[1]))
assert os.path.realpath(s["fuzzers"]) == os.path.realpath(sys.argv[2]), s["fuzzers"]
PY
  fail "sortkey fuzz did not take its fuzzers from the package's libexec/sortkey/fuzzers"

# The .tar.gz.
mkdir "$scratch/tgz"
tar -xzf "$tgz" -C "$scratch/tgz"
prefix=$scratch/tgz/$(basename "$tgz" .tar.gz)
check_sortkey "$prefix"
cmake -S ci/install_consumer -B "$scratch/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/consumer" >/dev/null
out=$("$scratch/consumer/consumer")
[ "$out" = "00157" ] || fail "the consumer of the .tar.gz printed '$out', expected 00157"

echo "ci/package_test.sh: $(basename "$deb") (Depends: $depends) and $(basename "$tgz"):" \
  "sortkey runs from each and prints '$want_version'; from the .deb the quick start works (a design" \
  "CERTIFIED, sortkey(1) and sortkey-design(5), sortkey fuzz on the $(wc -w <<<"$packaged_fuzzers")" \
  "packaged fuzzer(s)); the .tar.gz's CMake package builds a consumer"
