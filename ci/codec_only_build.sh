#!/usr/bin/env bash
# Builds and installs sortkey with -DSORTKEY_BUILD_CERTIFIER=OFF as a machine
# without RapidCheck, libcurl and OpenSSL would (CMake is forbidden to find
# them), then runs the installed `sortkey` from outside the source tree: it
# encodes and decodes, links neither libcurl nor libssl/libcrypto, and has no
# certify command.
set -euo pipefail
cd "$(dirname "$0")/.."

# The build folder lies inside the repository, so that the compiler cache
# (ci/compiler_cache.sh) finds its objects from any clone.
source ci/compiler_cache.sh
build=$PWD/build/codec-only
rm -rf "$build"
prefix=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$build" "$prefix" "$elsewhere"' EXIT

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++ \
  -DSORTKEY_BUILD_CERTIFIER=OFF -DSORTKEY_BUILD_TESTS=OFF -DSORTKEY_BUILD_FUZZERS=OFF \
  -DSORTKEY_BUILD_BENCH=OFF -DSORTKEY_WERROR=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_rapidcheck=ON -DCMAKE_DISABLE_FIND_PACKAGE_CURL=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=ON -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON --no-warn-unused-cli \
  >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
cmake --install "$build" --prefix "$prefix" >/dev/null

sortkey="$prefix/bin/sortkey"
fail() { echo "codec-only build: $*" >&2; exit 1; }
cd "$elsewhere"
[ "$("$sortkey" encode padded --width 5 157)" = "00157" ] || fail "encode padded did not print 00157"
[ "$("$sortkey" decode inverse --width 5 99842)" = "157" ] || fail "decode inverse did not print 157"
[ "$("$sortkey" decode ksuid 0ujtsYcgvSTl8PAuAdqWYSMnLOv)" = "0669F7EFB5A1CD34B5F99D1154FB6853345C9735" ] \
  || fail "decode ksuid did not print the reference bytes"
[ "$("$sortkey" encode number 1e2)" = "31321" ] || fail "encode number 1e2 did not print 31321"
if ldd "$sortkey" | grep -Eq 'libcurl|libssl|libcrypto|librapidcheck'; then
  fail "the binary links $(ldd "$sortkey" | grep -Eo 'lib(curl|ssl|crypto|rapidcheck)[^ ]*' | sort -u | tr '\n' ' ')"
fi
status=0
"$sortkey" certify --list >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "certify should be absent (usage error 2), got exit $status"
echo "codec-only build: installed sortkey encodes and decodes without RapidCheck, libcurl or OpenSSL"
