#!/usr/bin/env bash
# Builds the release packages: the libFuzzer targets with the fuzz preset
# (clang, ASan+UBSan: what `sortkey fuzz` runs), the release preset without
# tests, benchmarks or replay fuzz targets, then CPack (a .deb and a .tar.gz in
# build/package/packages/, the fuzzers in their libexec/sortkey/fuzzers), each
# proved by ci/package_test.sh with every fuzz target required, with the
# version agreeing everywhere (ci/check_version.sh) and, when a tag is given,
# with the tag (v<version>).
#
#   ci/release.sh [TAG]
set -euo pipefail
cd "$(dirname "$0")/.."
tag=${1:-}

bash ci/install_deps.sh
source ci/compiler_cache.sh
fuzz_build=build/package-fuzz
cmake --preset fuzz -B "$fuzz_build" >/dev/null
cmake --build "$fuzz_build" --target all_fuzzers -j "$(nproc)"
# Without their debug information (a third smaller); their symbols stay, for readable crash stacks.
fuzzers=$PWD/build/package-fuzzers
rm -rf "$fuzzers"
mkdir -p "$fuzzers"
find "$fuzz_build/fuzz" -maxdepth 1 -type f -name '*_fuzzer' -perm -u+x -exec cp -t "$fuzzers" {} +
strip --strip-debug "$fuzzers"/*_fuzzer
build=build/package
cmake --preset release -B "$build" -DSORTKEY_BUILD_TESTS=OFF -DSORTKEY_BUILD_BENCH=OFF \
  -DSORTKEY_BUILD_FUZZERS=OFF -DSORTKEY_PACKAGE_FUZZERS_DIR="$fuzzers" >/dev/null
cmake --build "$build" -j "$(nproc)"
bash ci/check_version.sh "$build/tools/sortkey" "$build/CPackConfig.cmake"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
if [ -n "$tag" ] && [ "$tag" != "v$version" ]; then
  echo "ci/release.sh: the tag $tag does not name the version $version (CMakeLists.txt): tag v$version" >&2
  exit 1
fi
SORTKEY_PACKAGE_ALL_FUZZERS=1 bash ci/package_test.sh "$build"
ls -l "$build/packages/"*.deb "$build/packages/"*.tar.gz
