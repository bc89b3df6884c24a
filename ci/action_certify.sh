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
#
# `run` reads the inputs from the environment (never from the step's text, so
# an input cannot become shell code): SORTKEY_CODEC_CMD, SORTKEY_ENDPOINT,
# SORTKEY_KNOWN_DIVERGENCES, SORTKEY_CASES, SORTKEY_SEED (a number, or "fresh"),
# SORTKEY_PROPERTY (ids or prefixes, separated by spaces, commas or lines),
# SORTKEY_REPORTS (the directory of certificate.json, junit.xml, summary.md).
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
  output key "$key"
  output dir "$1/$key"
}

commit_of_source() {
  # A container job's checkout belongs to another user: git would refuse it.
  git -c safe.directory="$source_dir" -C "$source_dir" rev-parse HEAD 2>/dev/null && return
  # An Action used as owner/repo@<sha> arrives without .git; its ref is the commit.
  if [[ "${SORTKEY_ACTION_REF:-}" =~ ^[0-9a-f]{40}$ ]]; then echo "$SORTKEY_ACTION_REF"; fi
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
  if [ -z "$binary" ]; then
    bash "$source_dir/ci/install_deps.sh"
    local build=$source_dir/build/action
    cmake --preset release -S "$source_dir" -B "$build" -DSORTKEY_BUILD_TESTS=OFF \
      -DSORTKEY_BUILD_BENCH=OFF -DSORTKEY_BUILD_FUZZERS=OFF -DSORTKEY_COMMIT="$(commit_of_source)" >/dev/null
    cmake --build "$build" --target sortkey_cli -j "$(nproc)"
    binary=$build/tools/sortkey how=built
  fi
  [ -x "$binary" ] || die "sortkey-binary: $binary is not an executable"
  mkdir -p "$dir/bin"
  install -m 755 "$binary" "$dir/bin/sortkey"
  bash "$source_dir/ci/runtime_packages.sh" "$dir/bin/sortkey" >"$dir/runtime-packages"
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

[ $# -eq 2 ] || die "usage: ci/action_certify.sh key|build|run DIR"
case $1 in
  key) cmd_key "$2" ;;
  build) cmd_build "$2" ;;
  run) cmd_run "$2" ;;
  *) die "unknown step '$1' (key, build or run)" ;;
esac
