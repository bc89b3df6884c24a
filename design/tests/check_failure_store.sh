#!/usr/bin/env bash
# check_failure_store.sh SORTKEY BROKEN PROPERTY FROM TO [--dynalite SOURCE_DIR]
# The failure store of `design check --failures DIR` end to end: the broken
# design (a copy of BROKEN) fails PROPERTY and its failing case is stored;
# run again, the stored case is replayed first and fails again without new
# cases; the same file with its template fixed (FROM replaced by TO, the
# name and path kept) passes the replay, and with --retire-after 2 the
# second passing run removes the entry. The JSON and Markdown reports say
# what was replayed and retired; a malformed entry is exit 2 naming it.
# With --dynalite, every check runs with --endpoint on a dynalite started
# for the test (ci/dynalite.sh). Prints the output on failure.
set -u
sortkey=$1 broken=$2 property=$3 from=$4 to=$5
shift 5
endpoint=()
if [ "${1:-}" = "--dynalite" ]; then
  # shellcheck source=ci/dynalite.sh
  source "$2/ci/dynalite.sh"
  dynalite_session  # $dir and $url, gone at exit
  endpoint=(--endpoint "$url")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"; if [ -n "${url:-}" ]; then dynalite_stop "$dir/dynalite" || true; rm -rf "$dir"; fi' EXIT
store=$work/store design=$work/design.yaml out=$work/out
cp "$broken" "$design"
fail() { echo "FAIL: $1"; echo "--- output"; cat "$out"; exit 1; }
run() {  # run WANT_EXIT: check PROPERTY of the design with the store
  local want=$1
  (cd "$work" && timeout 300 "$sortkey" design check ./design.yaml --no-progress --failures store \
    --retire-after 2 --property "$property" --cases 50 --json report.json \
    --markdown report.md "${endpoint[@]}") >"$out" 2>&1
  local got=$?
  [ "$got" = "$want" ] || fail "exit status $got, expected $want"
}
entries() { find "$store" -name '*.json' | wc -l; }
json() { python3 -c "import json,sys; print(eval(sys.argv[1], {'r': json.load(open('$work/report.json'))}))" "$1"; }

run 1
grep -Eq "^$property +[0-9]+ +FAILED" "$out" || fail "the broken design did not fail $property"
grep -q "^  stored $property: store/design-" "$out" || fail "the failing case was not stored"
[ "$(entries)" = 1 ] || fail "$(entries) entries stored, expected 1"
grep -q '"target": "design .* (design.yaml)"' "$store"/*.json || fail "the entry is not keyed by the design"
grep -q '"population": \[' "$store"/*.json || fail "the entry holds no population"
[ "$(json "r['failure_store']['counts']['stored']")" = 1 ] || fail "the JSON report says no failure stored"

run 1
grep -q "^  $property FAILED again (its stored case" "$out" || fail "the stored case was not replayed first"
grep -Eq "^$property +1 +FAILED" "$out" || fail "new cases were drawn after the replay failed"
grep -q "^$property: failed again on the failure stored in store/" "$out" || fail "no note on the result"
grep -q "^  counterexample: population = " "$out" || fail "the replayed failure shows no counterexample"
[ "$(json "r['failure_store']['replayed'][0]['result']")" = "failed again" ] ||
  fail "the JSON report does not say the replay failed again"

grep -qF -- "$from" "$design" || fail "the design holds no $from to fix"
python3 -c "import sys; p=sys.argv[1]; t=open(p).read(); open(p,'w').write(t.replace(sys.argv[2], sys.argv[3]))" \
  "$design" "$from" "$to"
run 0
grep -q "^  $property passed (its stored case; 1 of 2 passing runs retire it)" "$out" ||
  fail "the fixed design's replay was not counted"
[ "$(entries)" = 1 ] || fail "the entry was removed after one passing run"
grep -q "| \`$property\` | \`design-.*\` | replayed (its stored case): passed |" "$work/report.md" ||
  fail "the Markdown report does not say the replay passed"

run 0
grep -q "^  retired $property (design-" "$out" || fail "the entry was not retired"
[ "$(entries)" = 0 ] || fail "the store still holds $(entries) entries"
[ "$(json "r['failure_store']['retired'][0]['property']")" = "$property" ] ||
  fail "the JSON report does not say the entry was retired"
grep -q "| \`$property\` | \`design-.*\` | retired: its replay passed 2 runs in a row |" \
  "$work/report.md" || fail "the Markdown report does not say the entry was retired"

echo '{"format": "sortkey-failure/1", "target_kind": "design"}' >"$store/design-bad.json"
run 2
grep -q "^sortkey design check: the failure store store: design-bad.json: " "$out" ||
  fail "a malformed entry is not named"
echo "ok: stored, failed again, the fixed design passed twice, retired; a malformed entry refused"
