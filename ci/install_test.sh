#!/usr/bin/env bash
# Installs sortkey from a build tree into a scratch prefix and builds a small
# consumer against it with find_package(sortkey): the export works or this fails.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}

prefix=$(mktemp -d)
consumer=$(mktemp -d)
trap 'rm -rf "$prefix" "$consumer"' EXIT

cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S ci/install_consumer -B "$consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$consumer" >/dev/null
out=$("$consumer/consumer")
if [ "$out" != "00157" ]; then
  echo "install test: the consumer printed '$out', expected 00157" >&2
  exit 1
fi
echo "install test: find_package(sortkey) consumer built and printed $out"
