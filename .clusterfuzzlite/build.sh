#!/bin/bash
# Builds sortkey's fuzz targets for ClusterFuzzLite and OSS-Fuzz (OSS-Fuzz's
# projects/sortkey/build.sh calls this script; the logic lives here only).
#
# Runs inside gcr.io/oss-fuzz-base/base-builder, which sets CC, CXX, CFLAGS,
# CXXFLAGS (sanitizer, coverage and -stdlib=libc++ flags), LIB_FUZZING_ENGINE,
# SRC, WORK and OUT. Steps:
#   1. builds fmt, ICU (uc, i18n, data), yaml-cpp and installs nlohmann/json
#      from the sources the Dockerfile put in $SRC/fmt, $SRC/icu, $SRC/json,
#      $SRC/yaml-cpp, static only, with the compilers and flags above. Distro libraries are built
#      with libstdc++ and without sanitizers: they cannot be linked into a
#      libc++ fuzzer, and MemorySanitizer needs every dependency instrumented;
#   2. configures sortkey ($SRC/sortkey, or $SORTKEY_SRC) with the fuzz
#      targets only, linked with $LIB_FUZZING_ENGINE instead of the replay
#      main, and builds the all_fuzzers target;
#   3. copies into $OUT, for every fuzz/<t>_fuzzer.cc: the binary, <t>.dict,
#      <t>_seed_corpus.zip (corpus/<t>/ and corpus/regressions/<t>/) and
#      <t>.options (fuzz/<t>.options when the target has one, else
#      [libfuzzer] dict= and max_len=).
# A dependency whose install stamp (source version + compilers + flags)
# matches is not rebuilt, so a second run with the same $WORK is quick.
# Sources are never deleted: coverage builds need them.
set -euo pipefail

: "${SRC:?SRC must be set (the base-builder image sets it)}"
: "${WORK:?WORK must be set}"
: "${OUT:?OUT must be set}"
: "${CC:?CC must be set}"
: "${CXX:?CXX must be set}"
: "${LIB_FUZZING_ENGINE:?LIB_FUZZING_ENGINE must be set}"
CFLAGS=${CFLAGS:-}
CXXFLAGS=${CXXFLAGS:-}

repo=${SORTKEY_SRC:-$SRC/sortkey}
prefix=$WORK/deps
jobs=$(nproc)
mkdir -p "$prefix" "$OUT"

die() { echo "build.sh: $*" >&2; exit 1; }

[ -f "$repo/fuzz/CMakeLists.txt" ] || die "no sortkey checkout at $repo (set SORTKEY_SRC)"
for dep in fmt/CMakeLists.txt icu/source/configure json/CMakeLists.txt yaml-cpp/CMakeLists.txt; do
  [ -f "$SRC/$dep" ] || die "missing $SRC/$dep: the Dockerfile fetches the pinned fmt, ICU, nlohmann/json and yaml-cpp sources there"
done

# A dependency is rebuilt iff its stamp differs: what was built, from what, how.
stamp_of() {
  printf '%s\n' "$1" "$CC" "$CXX" "$CFLAGS" "$CXXFLAGS" "$(cat "$2")" | sha256sum | cut -d' ' -f1
}
up_to_date() { [ -f "$prefix/.stamp-$1" ] && [ "$(cat "$prefix/.stamp-$1")" = "$2" ]; }

# CMake's default Release flags (-O3 -DNDEBUG) would override the sanitizer
# build's -O1 and hide assertions: the None build type adds no flags.
cmake_dep() {
  local name=$1 src=$2; shift 2
  cmake -S "$src" -B "$WORK/build-$name" -G Ninja -Wno-dev \
    -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib \
    -DBUILD_SHARED_LIBS=OFF "$@"
  cmake --build "$WORK/build-$name" -j "$jobs"
  cmake --install "$WORK/build-$name"
}

stamp=$(stamp_of fmt "$SRC/fmt/include/fmt/core.h")
if ! up_to_date fmt "$stamp"; then
  cmake_dep fmt "$SRC/fmt" -DFMT_TEST=OFF -DFMT_DOC=OFF -DFMT_INSTALL=ON
  echo "$stamp" >"$prefix/.stamp-fmt"
fi

stamp=$(stamp_of json "$SRC/json/CMakeLists.txt")
if ! up_to_date json "$stamp"; then
  cmake_dep json "$SRC/json" -DJSON_BuildTests=OFF -DJSON_Install=ON
  echo "$stamp" >"$prefix/.stamp-json"
fi

# yaml-cpp: the library only (no tests, tools or contrib parsers).
stamp=$(stamp_of yaml-cpp "$SRC/yaml-cpp/CMakeLists.txt")
if ! up_to_date yaml-cpp "$stamp"; then
  cmake_dep yaml-cpp "$SRC/yaml-cpp" -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
    -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF -DYAML_CPP_INSTALL=ON
  echo "$stamp" >"$prefix/.stamp-yaml-cpp"
fi

# ICU: static libraries with the data linked in (no .dat file to find at run
# time), no plugins (dlopen), none of the parts sortkey does not use. Its
# build runs its own tools, so leak reports from them must not fail it.
stamp=$(stamp_of icu "$SRC/icu/source/common/unicode/uvernum.h")
if ! up_to_date icu "$stamp"; then
  icu_defines="-DU_ENABLE_DYLOAD=0 -DU_USE_STRTOD_L=0"
  rm -rf "$WORK/build-icu"
  mkdir -p "$WORK/build-icu"
  (
    cd "$WORK/build-icu"
    CC="$CC" CXX="$CXX" CFLAGS="$CFLAGS $icu_defines" CXXFLAGS="$CXXFLAGS $icu_defines" \
      "$SRC/icu/source/configure" --prefix="$prefix" --libdir="$prefix/lib" \
      --enable-static --disable-shared --with-data-packaging=static --disable-dyload \
      --disable-tests --disable-samples --disable-extras --disable-icuio --disable-layoutex
    export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=detect_leaks=0
    make -j "$jobs"
    make install
  )
  echo "$stamp" >"$prefix/.stamp-icu"
fi

# FindICU's imported targets carry no link order between uc and i18n, nor the
# data library: static archives need i18n before uc before data, so they
# close the link line (CMAKE_CXX_STANDARD_LIBRARIES comes last).
icu_libs="$prefix/lib/libicui18n.a $prefix/lib/libicuuc.a $prefix/lib/libicudata.a -lpthread -ldl"
build=$WORK/build-sortkey
cmake -S "$repo" -B "$build" -G Ninja \
  -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DCMAKE_PREFIX_PATH="$prefix" -DICU_ROOT="$prefix" \
  -DCMAKE_CXX_STANDARD_LIBRARIES="$icu_libs" \
  -DSORTKEY_BUILD_TESTS=OFF -DSORTKEY_BUILD_TOOLS=OFF -DSORTKEY_BUILD_CERTIFIER=OFF -DSORTKEY_BUILD_BENCH=OFF \
  -DSORTKEY_INSTALL=OFF -DSORTKEY_BUILD_FUZZERS=ON \
  -DSORTKEY_FUZZ_LINKMAIN=OFF -DSORTKEY_FUZZ_LDFLAGS="$LIB_FUZZING_ENGINE"

# A system copy found instead of ours links libstdc++ code without sanitizers
# into the fuzzers: refuse it rather than build something that misleads.
for var in fmt_DIR nlohmann_json_DIR yaml-cpp_DIR ICU_UC_LIBRARY_RELEASE ICU_I18N_LIBRARY_RELEASE ICU_INCLUDE_DIR; do
  value=$(sed -n "s|^$var:[A-Z]*=||p" "$build/CMakeCache.txt")
  case "$value" in
    "$prefix"/*) ;;
    *) die "$var is '$value', not under $prefix: a system copy was found" ;;
  esac
done

cmake --build "$build" -j "$jobs" --target all_fuzzers

# Largest seed or regression input of a target, in bytes (0 when none).
largest_input() {
  [ $# -gt 0 ] || { echo 0; return; }
  find "$@" -type f -printf '%s\n' 2>/dev/null | sort -n | tail -n 1 | grep . || echo 0
}

targets=0
for source in "$repo"/fuzz/*_fuzzer.cc; do
  t=$(basename "$source" .cc)
  [ -x "$build/fuzz/$t" ] || die "fuzz/$t.cc is not built: register it with sortkey_add_fuzzer in fuzz/CMakeLists.txt"
  cp "$build/fuzz/$t" "$OUT/$t"

  dirs=()
  for d in "$repo/corpus/$t" "$repo/corpus/regressions/$t"; do
    [ -d "$d" ] && dirs+=("$d")
  done
  if [ ${#dirs[@]} -gt 0 ]; then
    # Flat archive; regressions renamed so a seed of the same name cannot
    # shadow one.
    staging=$WORK/seeds/$t
    rm -rf "$staging" "$OUT/${t}_seed_corpus.zip"
    mkdir -p "$staging"
    [ -d "$repo/corpus/$t" ] && find "$repo/corpus/$t" -maxdepth 1 -type f -exec cp -t "$staging" {} +
    if [ -d "$repo/corpus/regressions/$t" ]; then
      for f in "$repo/corpus/regressions/$t"/*; do
        [ -f "$f" ] && cp "$f" "$staging/regression-$(basename "$f")"
      done
    fi
    if [ -n "$(ls -A "$staging")" ]; then
      (cd "$staging" && zip -q -X -r "$OUT/${t}_seed_corpus.zip" .)
    fi
  fi

  dict=""
  if [ -f "$repo/fuzz/$t.dict" ]; then
    cp "$repo/fuzz/$t.dict" "$OUT/$t.dict"
    dict=$t.dict
  fi

  if [ -f "$repo/fuzz/$t.options" ]; then
    cp "$repo/fuzz/$t.options" "$OUT/$t.options"
  else
    # Room for mutations to grow the largest seed twice over, never below
    # 1024 bytes (DynamoDB's sort-key limit), in powers of two.
    size=$(largest_input "${dirs[@]}")
    max_len=1024
    while [ "$max_len" -lt $((2 * size)) ]; do max_len=$((2 * max_len)); done
    {
      echo "[libfuzzer]"
      [ -n "$dict" ] && echo "dict = $dict"
      echo "max_len = $max_len"
    } >"$OUT/$t.options"
  fi
  targets=$((targets + 1))
done

[ "$targets" -gt 0 ] || die "no fuzz/*_fuzzer.cc in $repo"
echo "build.sh: $targets fuzz targets in $OUT"
