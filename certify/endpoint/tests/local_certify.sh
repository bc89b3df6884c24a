#!/usr/bin/env bash
# Runs `sortkey certify --endpoint` against a local DynamoDB-compatible
# endpoint started for the test and stopped again whatever happens: dynalite
# (ci/dynalite.sh) or DynamoDB Local (ci/dynamodb_local.sh), whose functions
# it shares.
#
#   local_certify.sh SORTKEY SOURCE_DIR ENDPOINT MODE WANT_EXIT PATTERN -- certify arguments...
#
# ENDPOINT: dynalite or dynamodb_local.
# MODE run:       certify, then check the exit status and that the output
#                 matches PATTERN (grep -E).
# MODE safety:    as run, with a table of someone else's ("other-table", one
#                 item) created first: afterwards it must hold its item, and
#                 no sortkey-cert- table may remain.
# MODE interrupt: start certify, send SIGINT after 3 s, then as safety.
# MODE bounded:   certify, timed: WANT_EXIT is the most seconds the run may
#                 take; it must end CERTIFIED (exit 0) or with its properties
#                 "not explored" (exit 2, on a machine too loaded for the
#                 budget), never a failed property (exit 1), and its output
#                 must match PATTERN.
# MODE record:    certify with --record-divergences into a new file (exit
#                 WANT_EXIT, output matching PATTERN), then certify again with
#                 that file as --known-divergences: it must pass (exit 0), and
#                 every recorded entry must still have its reason to write.
# MODE converge:  as record, the first run with --seed $SORTKEY_TEST_SEED_FIRST
#                 and the second with --seed $SORTKEY_TEST_SEED_AGAIN (the
#                 arguments give none): a file recorded on one seed must let
#                 another seed pass.
set -euo pipefail
sortkey=$1 src=$2 endpoint=$3 mode=$4 want=$5 pattern=$6
shift 6
[ "${1:-}" = "--" ] && shift

case "$endpoint" in
dynalite | dynamodb_local) ;;
*) echo "local_certify.sh: unknown endpoint $endpoint (dynalite or dynamodb_local)" >&2; exit 2 ;;
esac
# shellcheck source=/dev/null
source "$src/ci/$endpoint.sh"
# Sets dir, url and port:
dir="" url=""
"${endpoint}_session"

if [ "$mode" != run ] && [ "$mode" != record ] && [ "$mode" != converge ]; then
  ddb CreateTable '{"TableName": "other-table", "BillingMode": "PAY_PER_REQUEST",
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}]}' >/dev/null
  sleep 0.2
  ddb PutItem '{"TableName": "other-table", "Item": {"pk": {"S": "keep me"}}}' >/dev/null
fi

set +e
if [ "$mode" = interrupt ]; then
  run_interrupted "$dir/out" "$sortkey" certify --endpoint "$url" --no-progress "$@"
elif [ "$mode" = bounded ]; then
  started=$(date +%s.%N)
  "$sortkey" certify --endpoint "$url" --no-progress "$@" >"$dir/out" 2>&1
  got=$?
  took=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
elif [ "$mode" = record ] || [ "$mode" = converge ]; then
  first_seed=() again_seed=()
  if [ "$mode" = converge ]; then
    first_seed=(--seed "${SORTKEY_TEST_SEED_FIRST:?}")
    again_seed=(--seed "${SORTKEY_TEST_SEED_AGAIN:?}")
  fi
  "$sortkey" certify --endpoint "$url" --no-progress "$@" "${first_seed[@]}" \
    --record-divergences "$dir/recorded.json" >"$dir/out" 2>&1
  got=$?
  "$sortkey" certify --endpoint "$url" --no-progress "$@" "${again_seed[@]}" \
    --known-divergences "$dir/recorded.json" >"$dir/again" 2>&1
  again=$?
else
  "$sortkey" certify --endpoint "$url" --no-progress "$@" >"$dir/out" 2>&1
  got=$?
fi
set -e
cat "$dir/out"

if [ "$mode" = bounded ]; then
  echo "took $took s (at most $want)"
  awk -v a="$took" -v b="$want" 'BEGIN { exit !(a <= b) }' || fail "the run took $took s, more than $want"
  case "$got" in
  0) grep -Eq "^CERTIFIED" "$dir/out" || fail "exit 0 without CERTIFIED" ;;
  2) grep -Eq "^NOT CERTIFIED: .*not explored within the [0-9]+ s budget" "$dir/out" ||
       fail "exit 2 but not for properties left unexplored" ;;
  *) fail "exit status $got: neither certified (0) nor not explored (2)" ;;
  esac
  if grep -Eq "^endpoint/[a-z_]+ +[0-9]+ +failed" "$dir/out"; then fail "a property failed"; fi
else
  [ "$got" = "$want" ] || fail "exit status $got, expected $want"
fi
if [ -n "$pattern" ]; then
  grep -Eq -- "$pattern" "$dir/out" || fail "the output does not match /$pattern/"
fi
if [ "$mode" = record ] || [ "$mode" = converge ]; then
  echo "--- again, with the recorded file:"
  cat "$dir/again"
  [ "$again" = 0 ] || fail "with the recorded divergences known, exit status $again, expected 0"
  grep -Eq "^CERTIFIED" "$dir/again" || fail "with the recorded divergences known, not CERTIFIED"
  entries=$(grep -c '"reason": "TO WRITE' "$dir/recorded.json" || true)
  [ "$entries" -gt 0 ] || fail "no entry was recorded"
  echo "recorded entries: $entries"
fi
if [ "$mode" != run ] && [ "$mode" != record ] && [ "$mode" != converge ]; then
  tables=$(ddb ListTables '{}')
  echo "tables left: $tables"
  case "$tables" in *sortkey-cert-*) fail "a sortkey-cert- table was left behind" ;; esac
  case "$tables" in *other-table*) ;; *) fail "other-table is gone" ;; esac
  item=$(ddb GetItem '{"TableName": "other-table", "Key": {"pk": {"S": "keep me"}}}')
  case "$item" in *"keep me"*) ;; *) fail "other-table lost its item: $item" ;; esac
fi
echo "ok"
