#!/usr/bin/env bash
# Builds the release packages with CPack from a build tree and proves each
# works where it lands:
#   - the .deb: its control fields (name, the project's version, an
#     architecture, Depends computed from what sortkey links, each satisfiable
#     on this Debian 12 per apt-get's simulated install); unpacked into a
#     scratch root (dpkg -x), its sortkey prints the version and the commit
#     and encodes, and its headers and CMake package are there;
#   - the .tar.gz: unpacked, its sortkey runs, and a consumer builds against its
#     CMake package (find_package(sortkey)) and prints 00157.
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
  usr/lib/cmake/sortkey/sortkeyConfigVersion.cmake usr/lib/libsortkey.a usr/share/doc/sortkey/LICENSE; do
  [ -f "$scratch/deb/$f" ] || fail "the .deb lacks /$f"
done

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
  "sortkey runs from each and prints '$want_version'; the .tar.gz's CMake package builds a consumer"
