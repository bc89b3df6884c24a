#!/bin/bash
# Fetches the pinned sources of the libraries sortkey links into $SRC/fmt,
# $SRC/icu, $SRC/json and $SRC/yaml-cpp (the design file loader's YAML
# parser, design_load_fuzzer), where build.sh compiles them with the fuzzing
# flags. Run by the ClusterFuzzLite and OSS-Fuzz Dockerfiles; the one place
# the versions are pinned (ci/cflite_build_check.sh reads them from here).
#
# The versions are Debian 12's (libfmt-dev, libicu-dev, nlohmann-json3-dev,
# libyaml-cpp-dev), so the fuzzers test the code the rest of the suite builds
# against. The ICU and nlohmann/json archives are byte-identical to Debian's
# .orig tarballs; Debian repacks fmt's (+ds1) and yaml-cpp's (+dfsg).
set -euo pipefail

FMT_VERSION=9.1.0
FMT_SHA256=5dea48d1fcddc3ec571ce2058e13910a0d4a6bab4cc09a809d8b1dd1c88ae6f2
ICU_VERSION=72.1
ICU_SHA256=a2d2d38217092a7ed56635e34467f92f976b370e20182ad325edea6681a71d68
JSON_VERSION=3.11.2
JSON_SHA256=d69f9deb6a75e2580465c6c4c5111b89c4dc2fa94e3a85fcd2ffcd9a143d9273
YAML_CPP_VERSION=0.7.0
YAML_CPP_SHA256=43e6a9fcb146ad871515f0d0873947e5d497a1c9c60c58cb102a97b47208b7c3

: "${SRC:?SRC must be set (the base-builder image sets it)}"

# fetch <dir> <url> <sha256>: the archive's top directory becomes $SRC/<dir>.
fetch() {
  local archive
  archive=$(mktemp)
  curl -fsSL --retry 3 -o "$archive" "$2"
  echo "$3  $archive" | sha256sum -c --quiet - || { echo "fetch_deps.sh: $2 has the wrong SHA-256" >&2; exit 1; }
  rm -rf "${SRC:?}/$1"
  mkdir -p "$SRC/$1"
  tar -xzf "$archive" -C "$SRC/$1" --strip-components=1
  rm -f "$archive"
}

fetch fmt "https://github.com/fmtlib/fmt/archive/refs/tags/$FMT_VERSION.tar.gz" "$FMT_SHA256"
fetch icu "https://github.com/unicode-org/icu/releases/download/release-${ICU_VERSION//./-}/icu4c-${ICU_VERSION//./_}-src.tgz" "$ICU_SHA256"
fetch json "https://github.com/nlohmann/json/archive/refs/tags/v$JSON_VERSION.tar.gz" "$JSON_SHA256"
fetch yaml-cpp "https://github.com/jbeder/yaml-cpp/archive/refs/tags/yaml-cpp-$YAML_CPP_VERSION.tar.gz" "$YAML_CPP_SHA256"
