#!/usr/bin/env bash
# The nightly fuzz campaign: ci/fuzz.sh with an hour's budget. Arguments go to
# `sortkey fuzz` (e.g. --seed N to repeat a night).
set -euo pipefail
cd "$(dirname "$0")/.."
exec bash ci/fuzz.sh 3600 "$@"
