#!/usr/bin/env bash
# The steps of the sortkey certify GitHub Action (action.yml), one subcommand
# each, so that a test can run exactly what the Action runs without an
# Actions runner (ci/run_action.mjs runs action.yml's steps; ci/action_test.sh).
#
#   ci/action_certify.sh key DIR     the cache key of a sortkey built from this tree
#                                    on this system, and its directory DIR/<key>, as
#                                    key=... and dir=... to $GITHUB_OUTPUT
#   ci/action_certify.sh build DIR   DIR/bin/sortkey restored from the cache: installs
#                                    the packages it links (DIR/runtime-packages);
#                                    otherwise installs $SORTKEY_BINARY there, when set
#                                    (a prebuilt sortkey), or builds it with the release
#                                    preset
#   ci/action_certify.sh run DIR     `sortkey certify` with the Action's inputs; exit
#                                    status 0 certified, 1 not certified, 2 could not run
#   ci/action_certify.sh design DIR  `sortkey design check` of each file of $SORTKEY_DESIGN:
#                                    its verdict, Markdown summary, HTML page and JSON in
#                                    $SORTKEY_REPORTS/design/, an ::error annotation on the
#                                    line of each failing pattern or key template; exit
#                                    status the worst of the files'
#   ci/action_certify.sh fuzz DIR    `sortkey fuzz` for $SORTKEY_FUZZ seconds over the
#                                    fuzzers of DIR/libexec/sortkey/fuzzers, from a copy of
#                                    the corpus; summaries in $SORTKEY_REPORTS/fuzz/
#
# Where sortkey comes from (build): the cache; else $SORTKEY_BINARY; else,
# when the Action is used at the tag of its version (v<version>, as
# SORTKEY_ACTION_REF), the release's .deb from $SORTKEY_ACTION_REPOSITORY,
# with its fuzzers; else a build of this source (and, with SORTKEY_FUZZ, of
# the fuzz preset's libFuzzer targets).
#
# `run` reads the inputs from the environment (never from the step's text, so
# an input cannot become shell code): SORTKEY_CODEC_CMD, SORTKEY_ENDPOINT,
# SORTKEY_KNOWN_DIVERGENCES, SORTKEY_CASES, SORTKEY_SEED (a number, or "fresh"),
# SORTKEY_PROPERTY (ids or prefixes, separated by spaces, commas or lines),
# SORTKEY_REPORTS (the directory of certificate.json, junit.xml, summary.md),
# SORTKEY_ARGS (more options of the command, split on white space, never
# evaluated by a shell), SORTKEY_DESIGN (files or glob patterns, separated by
# spaces or lines), SORTKEY_FUZZ (seconds).
# The Markdown reaches $GITHUB_STEP_SUMMARY through `sortkey certify` itself;
# a run that stops before writing it leaves a note there instead.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")/.." && pwd)

die() {
  echo "ci/action_certify.sh: $*" >&2
  exit 2
}

# output NAME VALUE: a step output, or standard output outside Actions.
output() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    echo "$1=$2" >>"$GITHUB_OUTPUT"
  else
    echo "$1=$2"
  fi
}

# The files a sortkey build reads, and the scripts that hold its options and
# list its packages, each with its SHA-256, in a stable order.
source_listing() {
  (cd "$source_dir" &&
    find CMakeLists.txt CMakePresets.json cmake include src support dynamodb certify design properties oracles tools \
      ci/action_certify.sh ci/runtime_packages.sh -type f -print0 |
    LC_ALL=C sort -z | xargs -0 sha256sum)
}

system_id() {
  local id version
  id=$(. /etc/os-release && echo "${ID:-linux}")
  version=$(. /etc/os-release && echo "${VERSION_ID:-rolling}")
  echo "$id$version-$(uname -m)"
}

# The key, and DIR/<key>: a job that uses two versions of the Action keeps two
# binaries. A prebuilt binary is part of what the key covers.
cmd_key() {
  local key prebuilt=""
  if [ -n "${SORTKEY_BINARY:-}" ]; then
    [ -f "$SORTKEY_BINARY" ] || die "sortkey-binary: no file $SORTKEY_BINARY"
    prebuilt=$(sha256sum "$SORTKEY_BINARY")
  fi
  key="sortkey-$(system_id)-$({ source_listing; echo "$prebuilt"; } | sha256sum | cut -c1-32)"
  # A sortkey kept with the fuzzers is another entry than one without.
  [ -z "${SORTKEY_FUZZ:-}" ] || key+="-fuzzers"
  output key "$key"
  output dir "$1/$key"
}

commit_of_source() {
  # A container job's checkout belongs to another user: git would refuse it.
  git -c safe.directory="$source_dir" -C "$source_dir" rev-parse HEAD 2>/dev/null && return
  # An Action used as owner/repo@<sha> arrives without .git; its ref is the commit.
  if [[ "${SORTKEY_ACTION_REF:-}" =~ ^[0-9a-f]{40}$ ]]; then echo "$SORTKEY_ACTION_REF"; fi
}

# The version of this source: project() of CMakeLists.txt.
source_version() {
  sed -n 's/^project(sortkey VERSION \([0-9.]*\).*/\1/p' "$source_dir/CMakeLists.txt" | head -n 1
}

# install_release DIR: the release .deb of this version into DIR (bin/, libexec/,
# share/), when the Action is used at its version's tag; 1 when it is not, or
# when the release has no package for this system (then sortkey is built).
install_release() {
  local dir=$1 version arch url
  version=$(source_version)
  [ -n "$version" ] && [ "${SORTKEY_ACTION_REF:-}" = "v$version" ] || return 1
  [ -n "${SORTKEY_ACTION_REPOSITORY:-}" ] || return 1
  arch=$(dpkg --print-architecture)
  url=https://github.com/$SORTKEY_ACTION_REPOSITORY/releases/download/v$version/sortkey_${version}_$arch.deb
  bash "$source_dir/ci/install_deps.sh" curl ca-certificates
  local deb=$dir/sortkey.deb
  mkdir -p "$dir"
  if ! curl -fsSL --retry 3 -o "$deb" "$url"; then
    echo "ci/action_certify.sh: no release package at $url; building sortkey instead"
    return 1
  fi
  # The libraries it links, from its Depends ("libfmt9 (>= 9.1.0), libc6 (>= 2.34)").
  # shellcheck disable=SC2046
  bash "$source_dir/ci/install_deps.sh" $(dpkg-deb --field "$deb" Depends | tr ',' '\n' | sed 's/[(|].*//')
  dpkg -x "$deb" "$dir/package"
  rm -f "$deb"
  mkdir -p "$dir/bin"
  install -m 755 "$dir/package/usr/bin/sortkey" "$dir/bin/sortkey"
  [ ! -d "$dir/package/usr/libexec" ] || cp -R "$dir/package/usr/libexec" "$dir/"
  [ ! -d "$dir/package/usr/share" ] || cp -R "$dir/package/usr/share" "$dir/"
  rm -rf "$dir/package"
  echo "ci/action_certify.sh: installed the release package of v$version ($url)"
}

# build_fuzzers DIR: the fuzz preset's libFuzzer targets (clang, ASan+UBSan) in
# DIR/libexec/sortkey/fuzzers, where the sortkey of DIR/bin finds them.
build_fuzzers() {
  local dir=$1 build=$source_dir/build/action-fuzz
  cmake --preset fuzz -S "$source_dir" -B "$build" >/dev/null
  cmake --build "$build" --target all_fuzzers -j "$(nproc)"
  mkdir -p "$dir/libexec/sortkey/fuzzers"
  find "$build/fuzz" -maxdepth 1 -type f -name '*_fuzzer' -perm -u+x \
    -exec install -m 755 -t "$dir/libexec/sortkey/fuzzers" {} +
}

cmd_build() {
  local dir=$1
  if [ -x "$dir/bin/sortkey" ] && [ -f "$dir/runtime-packages" ]; then
    echo "ci/action_certify.sh: sortkey restored from the cache; installing the packages it links"
    # shellcheck disable=SC2046
    bash "$source_dir/ci/install_deps.sh" $(cat "$dir/runtime-packages")
    "$dir/bin/sortkey" --version || die "the cached $dir/bin/sortkey does not run"
    return
  fi
  local binary=${SORTKEY_BINARY:-} how=installed
  if [ -z "$binary" ] && install_release "$dir"; then
    binary=$dir/bin/sortkey how="installed the release package's"
  elif [ -z "$binary" ]; then
    bash "$source_dir/ci/install_deps.sh"
    local build=$source_dir/build/action
    cmake --preset release -S "$source_dir" -B "$build" -DSORTKEY_BUILD_TESTS=OFF \
      -DSORTKEY_BUILD_BENCH=OFF -DSORTKEY_BUILD_FUZZERS=OFF -DSORTKEY_COMMIT="$(commit_of_source)" >/dev/null
    cmake --build "$build" --target sortkey_cli -j "$(nproc)"
    binary=$build/tools/sortkey how=built
    [ -z "${SORTKEY_FUZZ:-}" ] || build_fuzzers "$dir"
  fi
  [ -x "$binary" ] || die "sortkey-binary: $binary is not an executable"
  mkdir -p "$dir/bin"
  [ "$binary" -ef "$dir/bin/sortkey" ] || install -m 755 "$binary" "$dir/bin/sortkey"
  bash "$source_dir/ci/runtime_packages.sh" "$dir/bin/sortkey" >"$dir/runtime-packages"
  # shellcheck disable=SC2046
  [ "$how" = built ] || bash "$source_dir/ci/install_deps.sh" $(cat "$dir/runtime-packages")
  "$dir/bin/sortkey" --version >/dev/null || die "$binary does not run"
  echo "ci/action_certify.sh: $how $("$dir/bin/sortkey" --version); it links the packages" \
    "$(tr '\n' ' ' <"$dir/runtime-packages")"
}

# The options of `sortkey certify` that the inputs ask for, one a line.
certify_options() {
  [ -z "${SORTKEY_CODEC_CMD:-}" ] || printf '%s\n' --codec-cmd "$SORTKEY_CODEC_CMD"
  [ -z "${SORTKEY_ENDPOINT:-}" ] || printf '%s\n' --endpoint "$SORTKEY_ENDPOINT"
  [ -z "${SORTKEY_KNOWN_DIVERGENCES:-}" ] || printf '%s\n' --known-divergences "$SORTKEY_KNOWN_DIVERGENCES"
  [ -z "${SORTKEY_CASES:-}" ] || printf '%s\n' --cases "$SORTKEY_CASES"
  case "${SORTKEY_SEED:-}" in
    "") ;;
    fresh) printf '%s\n' --fresh-seed ;;
    *) printf '%s\n' --seed "$SORTKEY_SEED" ;;
  esac
  local properties=() p
  read -ra properties <<<"$(tr ',\n' '  ' <<<"${SORTKEY_PROPERTY:-}")"
  for p in "${properties[@]}"; do printf '%s\n' --property "$p"; done
  extra_args
}

# $SORTKEY_ARGS, one word a line: split on white space, no quotes, no globs.
extra_args() {
  local words=() w
  read -ra words <<<"$(tr '\n' ' ' <<<"${SORTKEY_ARGS:-}")"
  for w in "${words[@]}"; do printf '%s\n' "$w"; done
}

# annotate JSON: an ::error workflow command on the line of the design file
# that each failing property of the record JSON checks (its "source"), its
# title the property, its message the first line of why it failed. The
# values are escaped as the runner reads them (%, CR, LF; in properties also
# ":" and ",").
annotate() {
  python3 - "$1" <<'PY'
import json, sys
def data(s): return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
def prop(s): return data(s).replace(":", "%3A").replace(",", "%2C")
record = json.load(open(sys.argv[1], encoding="utf-8"))
for p in record.get("properties", []):
    if p.get("result") == "passed":
        continue
    why = (p.get("message") or p.get("result", "")).split("\n")[0]
    src = p.get("source") or {}
    where = f"file={prop(src['file'])},line={int(src['line'])}," if "file" in src and "line" in src else ""
    print(f"::error {where}title={prop('sortkey design check: ' + p['id'])}::{data(why)}")
PY
}

cmd_design() {
  local dir=$1 reports=${SORTKEY_REPORTS:-sortkey-reports}
  [ -x "$dir/bin/sortkey" ] || die "no $dir/bin/sortkey: run the build step first"
  command -v python3 >/dev/null || bash "$source_dir/ci/install_deps.sh" python3
  local patterns=() files=() p f
  read -ra patterns <<<"$(tr ',\n' '  ' <<<"${SORTKEY_DESIGN:-}")"
  for p in "${patterns[@]}"; do
    # Globs expand here, without a shell evaluating the input; one that matches nothing stays
    # as it is, and design check names the missing file.
    local matched=()
    mapfile -t matched < <(compgen -G "$p" | LC_ALL=C sort)
    if [ ${#matched[@]} -eq 0 ]; then files+=("$p"); else files+=("${matched[@]}"); fi
  done
  [ ${#files[@]} -gt 0 ] || die "design: no file given"
  local extra=()
  mapfile -t extra < <(extra_args)
  local out=$reports/design worst=0 status seen=0
  rm -rf "$out"
  mkdir -p "$out"
  for f in "${files[@]}"; do
    local name
    name=$(basename "$f")
    name=${name%.*}
    [ ! -e "$out/$name.json" ] || name=$name-$((++seen))
    set +e
    "$dir/bin/sortkey" design check "$f" --no-progress "${extra[@]}" --json "$out/$name.json" \
      --junit "$out/$name.junit.xml" --markdown "$out/$name.md" --html "$out/$name.html" \
      2>"$out/$name.stderr.txt"
    status=$?
    set -e
    cat "$out/$name.stderr.txt" >&2
    case $status in
      0) echo "ci/action_certify.sh: $f: CERTIFIED" ;;
      1)
        echo "ci/action_certify.sh: $f: NOT CERTIFIED; its page is $out/$name.html"
        annotate "$out/$name.json"
        ;;
      *)
        # The loader names file:line:column: that place carries the annotation.
        local why line
        why=$(grep '^sortkey' "$out/$name.stderr.txt" | tail -n 1)
        line=$(sed -n "s|^sortkey[^:]*: .*$f:\([0-9]*\):.*|\1|p" <<<"$why")
        echo "::error file=$f${line:+,line=$line},title=sortkey design check::could not check it (exit" \
          "status $status): $why"
        if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
          printf '## sortkey design check: %s could not be checked (exit status %s)\n\n    %s\n\n' \
            "$f" "$status" "$why" >>"$GITHUB_STEP_SUMMARY"
        fi
        ;;
    esac
    [ "$status" -le "$worst" ] || worst=$status
  done
  output design-status "$worst"
  output design-reports "$out"
  return "$worst"
}

cmd_fuzz() {
  local dir=$1 reports=${SORTKEY_REPORTS:-sortkey-reports}
  [ -x "$dir/bin/sortkey" ] || die "no $dir/bin/sortkey: run the build step first"
  [[ "${SORTKEY_FUZZ:-}" =~ ^[0-9]+$ ]] && [ "$SORTKEY_FUZZ" -ge 1 ] ||
    die "fuzz: a whole number of seconds, at least 1, not '${SORTKEY_FUZZ:-}'"
  local fuzzers=$dir/libexec/sortkey/fuzzers corpus=${RUNNER_TEMP:-/tmp}/sortkey-fuzz-corpus
  [ -d "$fuzzers" ] || die "no fuzzers in $fuzzers (a sortkey-binary has none: leave it empty to fuzz)"
  # The seeds: the package's corpus, or this source's; a copy, since the campaign adds to it.
  # The dictionaries likewise (the source's also name every target, so each must be built).
  local seeds=$source_dir/corpus dicts=$source_dir/fuzz
  [ ! -d "$dir/share/sortkey/corpus" ] || seeds=$dir/share/sortkey/corpus
  [ ! -d "$dir/share/sortkey/fuzz" ] || dicts=$dir/share/sortkey/fuzz
  rm -rf "$corpus"
  mkdir -p "$(dirname "$corpus")"
  cp -R "$seeds" "$corpus"
  local extra=()
  mapfile -t extra < <(extra_args)
  local status
  set +e
  "$dir/bin/sortkey" fuzz --fuzzers "$fuzzers" --corpus "$corpus" --dicts "$dicts" \
    --seconds "$SORTKEY_FUZZ" --out "$reports/fuzz" "${extra[@]}"
  status=$?
  set -e
  output fuzz-status "$status"
  case $status in
    0) echo "ci/action_certify.sh: the fuzz campaign found no crash" ;;
    1) echo "::error title=sortkey fuzz::a fuzz target crashed: see the job summary and $reports/fuzz/" ;;
    *) echo "::error title=sortkey fuzz::the fuzz campaign could not run (exit status $status)" ;;
  esac
  return "$status"
}

cmd_run() {
  local dir=$1
  local reports=${SORTKEY_REPORTS:-sortkey-reports}
  [ -x "$dir/bin/sortkey" ] || die "no $dir/bin/sortkey: run the build step first"
  [[ "${SORTKEY_CODEC_CMD:-}${SORTKEY_ENDPOINT:-}" != *$'\n'* ]] ||
    die "codec-cmd and endpoint are one line each"
  mkdir -p "$reports"
  rm -f "$reports/certificate.json" "$reports/junit.xml" "$reports/summary.md"
  local options=()
  mapfile -t options < <(certify_options)
  output certificate "$reports/certificate.json"
  output junit "$reports/junit.xml"
  output markdown "$reports/summary.md"
  local status
  # The corpus of this source, hashed into the certificate as ci/certify.sh does.
  # Standard error goes through a pipe to tee, standard output around it (fd
  # 3): when the pipeline ends, stderr.txt is whole. (A process substitution
  # would not do: `wait $!` does not wait for one opened by a redirection of
  # an external command, and the file was read before tee had written it.)
  set +e
  {
    "$dir/bin/sortkey" certify --no-progress --corpus "$source_dir/corpus" "${options[@]}" \
      --json "$reports/certificate.json" --junit "$reports/junit.xml" --markdown "$reports/summary.md" \
      2>&1 >&3 3>&- | tee "$reports/stderr.txt" >&2 3>&-
  } 3>&1
  status=${PIPESTATUS[0]}
  set -e
  output status "$status"
  if [ ! -f "$reports/summary.md" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    {
      echo "## sortkey certify: could not run (exit status $status)"
      echo
      sed 's/^/    /' "$reports/stderr.txt"
    } >>"$GITHUB_STEP_SUMMARY"
  fi
  case $status in
    0) echo "ci/action_certify.sh: CERTIFIED; the reports are in $reports/" ;;
    1) echo "::error title=sortkey certify::NOT CERTIFIED: see the job summary and $reports/junit.xml" ;;
    *) echo "::error title=sortkey certify::the certification could not run (exit status $status):" \
      "$(grep '^sortkey' "$reports/stderr.txt" | tail -n 1)" ;;
  esac
  return "$status"
}

[ $# -eq 2 ] || die "usage: ci/action_certify.sh key|build|run|design|fuzz DIR"
case $1 in
  key) cmd_key "$2" ;;
  build) cmd_build "$2" ;;
  run) cmd_run "$2" ;;
  design) cmd_design "$2" ;;
  fuzz) cmd_fuzz "$2" ;;
  *) die "unknown step '$1' (key, build, run, design or fuzz)" ;;
esac
