#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh the way ClusterFuzzLite's build step does,
# without Docker, and checks what it leaves in $OUT. Slow (it builds ICU from
# source once per variant; later runs reuse it) and not part of ci/test.sh.
#
# usage: bash ci/cflite_build_check.sh [libcxx|libstdcxx|all]   (default all)
#
# Dependency sources: Debian's source packages (apt-get source) of the
# versions .clusterfuzzlite/fetch_deps.sh pins. ICU's and nlohmann/json's
# .orig tarballs must have its SHA-256 (they are the upstream release
# archives); fmt's and yaml-cpp's are Debian's repacks (+ds1, +dfsg) of the
# same versions, so only their versions are compared. A deb-src entry is added for the running Debian
# release if apt has none.
#
# Variants (both with OSS-Fuzz's AddressSanitizer flags):
#   libstdcxx  CXXFLAGS as OSS-Fuzz's minus -stdlib=libc++
#   libcxx     plus -stdlib=libc++, as OSS-Fuzz builds. Debian's libFuzzer
#              runtime is built against libstdc++ (OSS-Fuzz's is not), so the
#              engine alone gets -l:libstdc++.so.6; every sortkey, fmt and ICU
#              object is checked to use libc++ only.
# Per variant and target it checks: the binary, .dict, .options and seed zip
# exist; the binary starts with the options file's flags on the unzipped
# seeds for -runs=1000 and exits 0; it has >= 100 inline 8-bit counters
# (OSS-Fuzz's bad-build threshold) and >= 1000 AddressSanitizer checks; no
# shared fmt, ICU or yaml-cpp library is linked. Prints a table and
# "N passed, N failed".
#
# Then each fuzzes for SORTKEY_CFLITE_SECONDS (default 5; 0 skips it) to
# measure exec/s: a crash found there fails the check too.
#
# Environment: SORTKEY_CFLITE_DIR (default build/cflite-check) holds sources,
# per-variant WORK (kept: dependencies are not rebuilt) and OUT (remade).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
root=$(mkdir -p "${SORTKEY_CFLITE_DIR:-build/cflite-check}" && cd "${SORTKEY_CFLITE_DIR:-build/cflite-check}" && pwd)
seconds=${SORTKEY_CFLITE_SECONDS:-5}
case "${1:-all}" in
  all) variants=(libstdcxx libcxx) ;;
  libcxx | libstdcxx) variants=("$1") ;;
  *) echo "usage: $0 [libcxx|libstdcxx|all]" >&2; exit 2 ;;
esac

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# --- tools -------------------------------------------------------------------
bash ci/install_deps.sh
missing=()
for p in libc++-14-dev libc++abi-14-dev zip unzip binutils; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "cflite_build_check: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- dependency sources --------------------------------------------------------
pin() { sed -n "s/^$1=//p" .clusterfuzzlite/fetch_deps.sh; }
if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  echo "cflite_build_check: adding deb-src entries for $codename"
  $sudo tee /etc/apt/sources.list.d/sortkey-deb-src.sources >/dev/null <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename $codename-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  $sudo apt-get update -qq
fi

downloads=$root/downloads
src=$root/src
mkdir -p "$downloads" "$src"
if ! ls "$downloads"/icu_*.orig.tar.gz "$downloads"/fmtlib_*.orig.tar.* "$downloads"/nlohmann-json3_*.orig.tar.* \
    "$downloads"/yaml-cpp_*.orig.tar.* >/dev/null 2>&1; then
  (cd "$downloads" && apt-get source --download-only icu fmtlib nlohmann-json3 yaml-cpp)
fi

# unpack <dir> <debian tarball glob> <pinned version> [pinned sha256]
unpack() {
  local dir=$1 tarball version
  tarball=$(ls "$downloads"/$2 | head -n 1)
  version=$(basename "$tarball")
  version=${version#*_} && version=${version%%.orig.*} && version=${version%%+*}
  [ "$version" = "$3" ] || { echo "cflite_build_check: Debian has $dir $version, fetch_deps.sh pins $3" >&2; exit 1; }
  if [ -n "${4:-}" ]; then
    echo "$4  $tarball" | sha256sum -c --quiet - ||
      { echo "cflite_build_check: $tarball is not the archive fetch_deps.sh fetches" >&2; exit 1; }
  fi
  if [ ! -f "$src/$dir/.unpacked" ]; then
    rm -rf "${src:?}/$dir" && mkdir -p "$src/$dir"
    tar -xf "$tarball" -C "$src/$dir" --strip-components=1
    touch "$src/$dir/.unpacked"
  fi
}
unpack fmt 'fmtlib_*.orig.tar.*' "$(pin FMT_VERSION)"
unpack icu 'icu_*.orig.tar.gz' "$(pin ICU_VERSION)" "$(pin ICU_SHA256)"
unpack json 'nlohmann-json3_*.orig.tar.*' "$(pin JSON_VERSION)" "$(pin JSON_SHA256)"
unpack yaml-cpp 'yaml-cpp_*.orig.tar.*' "$(pin YAML_CPP_VERSION)"
ln -sfn "$repo" "$src/sortkey"

# --- build and check each variant ----------------------------------------------
# Through ccache when the machine has it: CC and CXX stay plain clang.
[ -d /usr/lib/ccache ] && export PATH="/usr/lib/ccache:$PATH"
# OSS-Fuzz's base-clang CFLAGS plus its AddressSanitizer flags.
base_flags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
asan_flags="-fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
passed=0
failed=0
report=()

fail() { echo "FAIL [$variant] $*" >&2; failed=$((failed + 1)); }

for variant in "${variants[@]}"; do
  work=$root/$variant/work
  out=$root/$variant/out
  rm -rf "$out" && mkdir -p "$work" "$out"
  cxxflags="$base_flags $asan_flags" engine="-fsanitize=fuzzer"
  if [ "$variant" = libcxx ]; then
    cxxflags+=" -stdlib=libc++"
    engine+=" -l:libstdc++.so.6"
  fi
  echo "cflite_build_check: [$variant] build.sh (log: $root/$variant/build.log)"
  if ! env SRC="$src" WORK="$work" OUT="$out" CC=clang CXX=clang++ \
      CFLAGS="$base_flags $asan_flags" CXXFLAGS="$cxxflags" \
      LIB_FUZZING_ENGINE="$engine" SANITIZER=address FUZZING_ENGINE=libfuzzer \
      bash "$src/sortkey/.clusterfuzzlite/build.sh" >"$root/$variant/build.log" 2>&1; then
    tail -n 30 "$root/$variant/build.log" >&2
    fail "build.sh failed"
    continue
  fi

  if [ "$variant" = libcxx ]; then
    # Names only libstdc++ has (its std::__cxx11 strings, its out-of-line
    # helpers) in any of our objects mean a libstdc++ header was compiled in.
    # libc++ puts everything in std::__1, which sortkey's code must use.
    # (Through a file: with pipefail, grep -q ending a pipe early fails it.)
    symbols=$root/$variant/symbols.txt
    for lib in "$work/build-sortkey/src/libsortkey.a" "$work/deps/lib/libfmt.a" \
        "$work/deps/lib/libicuuc.a" "$work/deps/lib/libicui18n.a" "$work/deps/lib/libyaml-cpp.a"; do
      nm -C "$lib" >"$symbols"
      if grep -qE 'std::(__cxx11::|_Rb_tree|__detail::_Prime|__throw_(length_error|logic_error|out_of_range|invalid_argument|bad_alloc|system_error)\()' "$symbols"; then
        fail "$(basename "$lib") was compiled against libstdc++"
      fi
      if [ "$(basename "$lib")" = libsortkey.a ] && ! grep -q 'std::__1::' "$symbols"; then
        fail "libsortkey.a has no libc++ symbols"
      fi
    done
  fi

  for source in "$repo"/fuzz/*_fuzzer.cc; do
    t=$(basename "$source" .cc)
    bin=$out/$t
    ok=1
    for f in "$bin" "$out/$t.options" "$out/${t}_seed_corpus.zip"; do
      [ -f "$f" ] || { fail "$t: $(basename "$f") missing"; ok=0; }
    done
    [ "$ok" = 1 ] || continue
    if [ -f "$repo/fuzz/$t.dict" ] && [ ! -f "$out/$t.dict" ]; then fail "$t: $t.dict not copied"; continue; fi
    ldd "$bin" >"$root/$variant/ldd.txt"
    if grep -qE 'lib(fmt|icu|yaml-cpp)' "$root/$variant/ldd.txt"; then fail "$t: links a shared fmt, ICU or yaml-cpp"; continue; fi

    seeds=$root/$variant/seeds/$t
    rm -rf "$seeds" && mkdir -p "$seeds"
    unzip -q "$out/${t}_seed_corpus.zip" -d "$seeds"
    seed_count=$(find "$seeds" -type f | wc -l)
    # The options file's [libfuzzer] section, as the runners pass it: -key=value.
    flags=()
    while IFS= read -r line; do
      flags+=("$line")
    done < <(python3 -c '
import configparser, sys
c = configparser.ConfigParser()
c.read(sys.argv[1])
for k, v in (c["libfuzzer"].items() if c.has_section("libfuzzer") else []):
    print(f"-{k}={v}")' "$out/$t.options")
    log=$root/$variant/run-$t.log
    artifacts=$root/$variant/artifacts/$t
    mkdir -p "$artifacts"
    if ! (cd "$out" && "./$t" "${flags[@]}" -runs=1000 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$seeds") >"$log" 2>&1; then
      tail -n 20 "$log" >&2
      fail "$t: -runs=1000 on its seeds did not exit 0: $(grep -m1 -E 'property violated|ERROR: ' "$log") ($log)"
      continue
    fi
    counters=$(sed -nE 's/.*\(([0-9]+) inline 8-bit counters\).*/\1/p' "$log" | awk '{s += $1} END {print s + 0}')
    # 1000 runs take well under a second: exec/s comes from a timed run.
    execs="-"
    if [ "$seconds" -gt 0 ]; then
      timed=$root/$variant/timed-$t.log
      if (cd "$out" && "./$t" "${flags[@]}" -max_total_time="$seconds" -print_final_stats=1 \
          -artifact_prefix="$artifacts/" "$seeds") >"$timed" 2>&1; then
        execs=$(sed -nE 's/^stat::average_exec_per_sec:[[:space:]]*([0-9]+).*/\1/p' "$timed")
      else
        fail "$t: the ${seconds} s run stopped early: $(grep -m1 -E 'property violated|ERROR: ' "$timed") ($timed)"
        continue
      fi
    fi
    dict_entries=$(sed -nE 's/^Dictionary: ([0-9]+) entries.*/\1/p' "$log")
    asan_calls=$(objdump -d "$bin" | grep -cE 'call.*<__asan_(report|load|store)' || true)
    if grep -q '^dict' "$out/$t.options" && [ -z "$dict_entries" ]; then
      fail "$t: the dictionary was not loaded ($log)"
    elif [ "$counters" -lt 100 ]; then
      fail "$t: $counters inline 8-bit counters, fewer than OSS-Fuzz's 100"
    elif [ "$asan_calls" -lt 1000 ]; then
      fail "$t: $asan_calls AddressSanitizer checks, fewer than OSS-Fuzz's 1000"
    else
      passed=$((passed + 1))
    fi
    report+=("| $variant | $t | $counters | ${execs:-?} | ${dict_entries:-none} | $seed_count | $asan_calls |")
  done
done

echo
echo "| variant | target | inline 8-bit counters | exec/s (${seconds} s) | dict entries | seeds | ASan calls |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${report[@]}"
echo
echo "cflite_build_check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
