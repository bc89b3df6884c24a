#!/usr/bin/env bash
# ci/runtime_packages.sh BINARY: the Debian packages that own the shared
# libraries BINARY links directly (its NEEDED entries, found with ldd, owned
# per dpkg -S), one a line, sorted. What a machine that runs BINARY but did
# not build it must install (the Action's cached sortkey, the container's
# runtime stage). Exit status 2 with the reason when a library is not found
# or no package owns it.
set -euo pipefail
binary=${1:?usage: ci/runtime_packages.sh BINARY}
die() {
  echo "ci/runtime_packages.sh: $*" >&2
  exit 2
}
[ -x "$binary" ] || die "$binary is not an executable"

# owner FILE: the package that ships FILE; with merged /usr a library is
# reached as /lib/... or /usr/lib/... but registered under one of them.
owner() {
  local real candidate
  real=$(readlink -f "$1")
  for candidate in "$1" "/usr$1" "${1#/usr}" "$real" "/usr$real" "${real#/usr}"; do
    dpkg-query -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1 | grep . && return 0
  done
  die "no package owns $1"
}

needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] || die "$binary links no shared library (readelf -d found no NEEDED entry)"
resolved=$(ldd "$binary")
for lib in $needed; do
  path=$(awk -v lib="$lib" '$1 == lib && $3 ~ /^\// { print $3 }' <<<"$resolved")
  [ -n "$path" ] || die "$binary links $lib, which ldd does not find"
  owner "$path"
done | sort -u
