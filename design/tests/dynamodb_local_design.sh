#!/usr/bin/env bash
# Runs `sortkey design check --endpoint` against a DynamoDB Local started for
# the test (ci/dynamodb_local.sh) and stopped again whatever happens: AWS's
# own implementation, which has TransactWriteItems (dynalite has none).
#
#   dynamodb_local_design.sh SORTKEY SOURCE_DIR WANT_EXIT PATTERN -- design check arguments...
#
# Fails unless the exit status is WANT_EXIT and the output (stdout and
# stderr) matches PATTERN (grep -E).
set -euo pipefail
sortkey=$1 src=$2 want=$3 pattern=$4
shift 4
[ "${1:-}" = "--" ] && shift

# shellcheck source=SCRIPTDIR/../../ci/dynamodb_local.sh
source "$src/ci/dynamodb_local.sh"
dynamodb_local_session

fail() {
  echo "FAILED: $*"
  exit 1
}

set +e
timeout 150 "$sortkey" "$@" --endpoint "$url" >"$dir/out" 2>&1
got=$?
set -e
cat "$dir/out"
[ "$got" = "$want" ] || fail "exit status $got, expected $want"
grep -Eq -- "$pattern" "$dir/out" || fail "the output does not match /$pattern/"
echo "ok"
