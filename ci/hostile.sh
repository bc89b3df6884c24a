#!/usr/bin/env bash
# The hostile-input campaign (issue "nothing from outside can crash it, hang
# it, flood its memory, inject through it or cost a user data"): every
# surface of sortkey fed what an attacker would feed it, each run under a time
# and memory limit, asserting its exit status, a one-line escaped message, no
# changed or leftover user file and no table left on the endpoint. The cases
# and the checks are in ci/hostile/ (campaign.py says what each run must do);
# this script starts a dynalite for the endpoint cases (ci/dynalite.sh) and
# stops it whatever happens.
#
#   ci/hostile.sh SORTKEY [campaign.py options: --only REGEX, --jobs N, --keep, --list]
#
# Prints a table of surfaces, inputs tried and passed, then every failure
# with a command that reproduces it; exits 1 if an input failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sortkey=${1:?usage: ci/hostile.sh SORTKEY [--only REGEX] [--jobs N] [--keep] [--list]}
shift
state=$(mktemp -d)
trap 'bash "$root/ci/dynalite.sh" stop "$state/dynalite" || true; rm -rf "$state"' EXIT
url=$(bash "$root/ci/dynalite.sh" start "$state/dynalite" $$)
python3 "$root/ci/hostile/campaign.py" "$sortkey" "$root" --url "$url" "$@"
