#!/usr/bin/env bash
# Builds the release packages: the release preset without tests, benchmarks
# or fuzz targets, then CPack (a .deb and a .tar.gz in build/package/packages/),
# each proved by ci/package_test.sh, with the version agreeing everywhere
# (ci/check_version.sh) and, when a tag is given, with the tag (v<version>).
#
#   ci/release.sh [TAG]
set -euo pipefail
cd "$(dirname "$0")/.."
tag=${1:-}

bash ci/install_deps.sh
source ci/compiler_cache.sh
build=build/package
cmake --preset release -B "$build" -DSORTKEY_BUILD_TESTS=OFF -DSORTKEY_BUILD_BENCH=OFF \
  -DSORTKEY_BUILD_FUZZERS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)"
bash ci/check_version.sh "$build/tools/sortkey" "$build/CPackConfig.cmake"
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
if [ -n "$tag" ] && [ "$tag" != "v$version" ]; then
  echo "ci/release.sh: the tag $tag does not name the version $version (CMakeLists.txt): tag v$version" >&2
  exit 1
fi
bash ci/package_test.sh "$build"
ls -l "$build/packages/"*.deb "$build/packages/"*.tar.gz
