#!/usr/bin/env bash
# Runs `sortkey design check --endpoint` against a dynalite started for the
# test (ci/dynalite.sh, whose functions it shares) and stopped again
# whatever happens.
#
#   dynalite_design.sh SORTKEY SOURCE_DIR MODE WANT_EXIT PATTERN -- design check arguments...
#
# Every mode first creates a table of someone else's ("other-table", one
# item), then runs the check with --endpoint URL added, and fails unless the
# exit status is WANT_EXIT and the output (stdout and stderr) matches PATTERN
# (grep -E). Afterwards other-table must hold its item, and:
# MODE clean:     no sortkey-cert- table may remain;
# MODE keep:      (with --keep-tables) the one table the check names as kept
#                 remains, and is the only sortkey-cert- table;
# MODE interrupt: SIGINT is sent after 3 s, then as clean;
# MODE misanswer: the check talks to dynalite through the test proxy
#                 (certify/endpoint/tests/endpoint_proxy.py --misanswer),
#                 which pages every Scan of an index endlessly; then as clean.
# MODE transactions: through the test proxy with --transactions, which
#                 answers TransactWriteItems (dynalite has none); then as clean.
set -euo pipefail
sortkey=$1 src=$2 mode=$3 want=$4 pattern=$5
shift 5
[ "${1:-}" = "--" ] && shift

# shellcheck source=SCRIPTDIR/../../ci/dynalite.sh
source "$src/ci/dynalite.sh"
dynalite_session

ddb CreateTable '{"TableName": "other-table", "BillingMode": "PAY_PER_REQUEST",
  "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
  "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                           {"AttributeName": "SK", "AttributeType": "S"}]}' >/dev/null
sleep 0.2
ddb PutItem '{"TableName": "other-table", "Item": {"PK": {"S": "ORG#A"}, "SK": {"S": "ORG#A"}}}' >/dev/null

target=$url
if [ "$mode" = misanswer ] || [ "$mode" = transactions ]; then
  python3 "$src/certify/endpoint/tests/endpoint_proxy.py" "$url" "$dir/port" "--$mode" &
  proxy=$!
  trap 'kill "$proxy" 2>/dev/null || true; dynalite_stop "$dir/dynalite" || true; rm -rf "$dir"' EXIT
  for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.1; done
  [ -s "$dir/port" ] || fail "the proxy did not start"
  target="http://127.0.0.1:$(cat "$dir/port")"
fi

set +e
if [ "$mode" = interrupt ]; then
  run_interrupted "$dir/out" "$sortkey" "$@" --endpoint "$target"
else
  timeout 150 "$sortkey" "$@" --endpoint "$target" >"$dir/out" 2>&1
  got=$?
fi
set -e
cat "$dir/out"

[ "$got" = "$want" ] || fail "exit status $got, expected $want"
grep -Eq -- "$pattern" "$dir/out" || fail "the output does not match /$pattern/"
tables=$(ddb ListTables '{}')
echo "tables left: $tables"
case "$tables" in *other-table*) ;; *) fail "other-table is gone" ;; esac
item=$(ddb GetItem '{"TableName": "other-table", "Key": {"PK": {"S": "ORG#A"}, "SK": {"S": "ORG#A"}}}')
case "$item" in *'"ORG#A"'*) ;; *) fail "other-table lost its item: $item" ;; esac
left=$(echo "$tables" | grep -o 'sortkey-cert-[^"]*' || true)
if [ "$mode" = keep ]; then
  kept=$(sed -nE 's/^sortkey design check: kept 1 table \(--keep-tables\): (sortkey-cert-[^ ]+).*/\1/p' "$dir/out")
  [ -n "$kept" ] || fail "the check does not name the table it kept"
  [ "$left" = "$kept" ] || fail "the tables left ($left) are not the one kept ($kept)"
elif [ -n "$left" ]; then
  fail "a sortkey-cert- table was left behind: $left"
fi
echo "ok"
