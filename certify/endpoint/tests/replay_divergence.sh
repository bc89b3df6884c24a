#!/usr/bin/env bash
# `sortkey certify --endpoint URL --replay FILE#ID` against dynalite
# (ci/dynalite.sh): a divergence a run recorded still diverges (exit 1), and
# its `replay:` line is that command; the planted entry dynalite answers as
# DynamoDB does no longer diverges (exit 0); an id the file does not hold, or
# a malformed FILE#ID, cannot be replayed (exit 2, one line). Without a
# known-divergences file the run lists no endpoint/known_divergences.
#
#   replay_divergence.sh SORTKEY SOURCE_DIR
set -euo pipefail
sortkey=$1 src=$2
# shellcheck source=/dev/null
source "$src/ci/dynalite.sh"
dir="" url=""
dynalite_session

set +e
"$sortkey" certify --endpoint "$url" --no-progress --cases 100 --seed 5 --property endpoint/writes \
  --record-divergences "$dir/recorded.json" >"$dir/out" 2>&1
got=$?
set -e
[ "$got" = 1 ] || { cat "$dir/out"; fail "the recording run exited $got, expected 1"; }
line=$(grep -m1 -E '^  replay: ' "$dir/out") || { cat "$dir/out"; fail "no replay: line"; }
echo "$line"
id=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["divergences"][0]["id"])' \
  "$dir/recorded.json")
case "$line" in
*"--replay '$dir/recorded.json#"*) ;;
*) fail "the replay: line does not name the recorded file: $line" ;;
esac

replay() {
  set +e
  "$sortkey" certify --endpoint "$url" --replay "$1" >"$dir/replay.out" 2>&1
  got=$?
  set -e
  cat "$dir/replay.out"
}
replay "$dir/recorded.json#$id"
[ "$got" = 1 ] || fail "a recorded divergence replayed: exit $got, expected 1"
grep -q "^$id: still diverges: " "$dir/replay.out" || fail "no 'still diverges'"
# The id the replay: line printed (the signature's) finds the same entry.
printed=${line##*#}
printed=${printed%\'}
replay "$dir/recorded.json#$printed"
[ "$got" = 1 ] || fail "the replay: line's command: exit $got, expected 1"

replay "$src/certify/endpoint/tests/stale_divergence.json#planted-fixed-divergence"
[ "$got" = 0 ] || fail "the planted fixed entry replayed: exit $got, expected 0"
grep -q "no longer diverges" "$dir/replay.out" || fail "no 'no longer diverges'"

replay "$dir/recorded.json#no-such-id"
[ "$got" = 2 ] || fail "an unknown id: exit $got, expected 2"
grep -q 'no divergence "no-such-id"' "$dir/replay.out" || fail "the unknown id is not named"
[ "$(wc -l <"$dir/replay.out")" = 1 ] || fail "more than one line for an unknown id"
replay "$dir/recorded.json"
[ "$got" = 2 ] || fail "FILE without #ID: exit $got, expected 2"
grep -q "needs FILE#ID" "$dir/replay.out" || fail "FILE without #ID is not explained"
# Without a known-divergences file there is nothing to replay: no
# endpoint/known_divergences row that would read as entries checked.
"$sortkey" certify --endpoint "$url" --list >"$dir/list" 2>&1 || fail "--list failed: $(cat "$dir/list")"
if grep -q "endpoint/known_divergences" "$dir/list"; then fail "a known_divergences row without a file"; fi
"$sortkey" certify --endpoint "$url" --list --known-divergences "$dir/recorded.json" >"$dir/list" 2>&1
grep -q "endpoint/known_divergences" "$dir/list" || fail "no known_divergences row with a file"
echo "replay: ok"
