#!/usr/bin/env bash
# check_failure_store.sh SORTKEY BROKEN_CMD FIXED_CMD PROPERTY
# The failure store end to end (`certify --failures DIR`): the broken
# adapter fails PROPERTY and its failure is stored; run again, the stored
# case is replayed first and fails again without new cases; the fixed
# adapter passes the replay, and with --retire-after 2 the second passing run
# removes the entry. Prints the outputs on failure.
set -u
sortkey=$1 broken=$2 fixed=$3 property=$4
dir=$(mktemp -d)
out=$(mktemp)
trap 'rm -rf "$dir" "$out"' EXIT
fail() { echo "FAIL: $1"; echo "--- output"; cat "$out"; exit 1; }
run() {  # run WANT_EXIT COMMAND: certify PROPERTY of COMMAND with the store
  local want=$1 cmd=$2
  timeout 300 "$sortkey" certify --no-progress --failures "$dir" --retire-after 2 \
    --codec-cmd "$cmd" --property "$property" --cases 150 >"$out" 2>&1
  local got=$?
  [ "$got" = "$want" ] || fail "exit status $got, expected $want ($cmd)"
}
entries() { find "$dir" -name '*.json' | wc -l; }

run 1 "$broken"
grep -Eq "^$property +[0-9]+ +FAILED" "$out" || fail "the broken adapter did not fail $property"
grep -q "^  stored $property: $dir/adapter-" "$out" || fail "the failure was not stored"
[ "$(entries)" = 1 ] || fail "$(entries) entries stored, expected 1"
grep -q '"reproduce": "reproduce=' "$dir"/*.json || fail "the entry holds no reproduce string"
grep -q '"replay": ".*--property '"$property"'"' "$dir"/*.json || fail "the entry holds no replay command"

run 1 "$broken"
grep -q "^  $property FAILED again (its stored case" "$out" || fail "the stored case was not replayed first"
grep -Eq "^$property +1 +FAILED" "$out" || fail "new cases were drawn after the replay failed"
grep -q "^$property: failed again on the failure stored in $dir/" "$out" || fail "no note on the result"

run 0 "$fixed"
grep -q "^  $property passed (its stored case; 1 of 2 passing runs retire it)" "$out" ||
  fail "the fixed adapter's replay was not counted"
[ "$(entries)" = 1 ] || fail "the entry was removed after one passing run"

run 0 "$fixed"
grep -q "^  retired $property (adapter-" "$out" || fail "the entry was not retired"
[ "$(entries)" = 0 ] || fail "the store still holds $(entries) entries"
echo "ok: stored, failed again, passed twice, retired"
