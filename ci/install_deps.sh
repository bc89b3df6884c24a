#!/usr/bin/env bash
# Installs the Debian packages sortkey's build and tests need, when missing.
# Safe to run again: it installs nothing when everything is there.
#   ci/install_deps.sh [PACKAGE...]   the packages given instead (e.g. the
#                                     runtime libraries of a prebuilt sortkey)
set -euo pipefail

packages=(
  g++ clang cmake ninja-build pkg-config ccache
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  libfmt-dev libcli11-dev nlohmann-json3-dev libicu-dev
  libcurl4-openssl-dev libssl-dev libclang-rt-14-dev python3 clang-format git openssl
  dpkg-dev file patch  # patch: the fuzz self-test plants its bugs with it
  groff-base bsdextrautils  # nroff and col: the manual page's test renders it
  fish  # the fish completions are loaded by fish itself in cli.shell_help
  libyaml-cpp-dev python3-jsonschema python3-yaml
  libgoogle-perftools-dev  # tcmalloc_minimal, the sortkey command's allocator
  chromium fonts-dejavu-core  # the design page's browser test renders it headless
  openjdk-17-jre-headless  # runs DynamoDB Local, the endpoint certified beside dynalite (ci/dynamodb_local.sh)
)
[ $# -eq 0 ] || packages=("$@")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "ci/install_deps.sh: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
