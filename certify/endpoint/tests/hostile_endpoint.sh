#!/usr/bin/env bash
# hostile_endpoint.sh SORTKEY SOURCE_DIR: `sortkey certify --endpoint` against
# an endpoint that answers the first request with a wrong JSON type (named by
# its JSON pointer), JSON nested too deep, or a body too large exits 2 with a
# sentence naming what was wrong, never a crash. (Mid-run answers of a wrong
# type: proxy_certify.sh hostile.)
set -euo pipefail
sortkey=$1
here="$2/certify/endpoint/tests"
dir=$(mktemp -d)
server=""
cleanup() { [ -z "$server" ] || kill "$server" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT

check() {  # check KIND PATTERN
  rm -f "$dir/port"
  python3 "$here/fake_endpoint.py" "$1" "$dir/port" &
  server=$!
  for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.1; done
  [ -s "$dir/port" ] || { echo "the fake endpoint did not start"; exit 1; }
  local got=0
  timeout 60 "$sortkey" certify --endpoint "http://127.0.0.1:$(cat "$dir/port")" --no-progress \
    >"$dir/out" 2>"$dir/err" || got=$?
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
  if [ "$got" != 2 ] || ! grep -Eq "$2" "$dir/err"; then
    echo "$1: exit $got (want 2), stderr:"; cat "$dir/err"; echo "(want /$2/)"; exit 1
  fi
}
check type_error "HTTP 400: in the error answer, /__type is a number, not a string"
check message_number "HTTP 400: in the error answer, /message is a number, not a string"
check table_number "DescribeTable: HTTP 200: in the answer, /Table is a number, not an object"
check deep "HTTP 400 with JSON nested deeper than 256 levels"
check huge "HTTP 200 with a body larger than 33554432 bytes"
echo "ok: hostile endpoint answers"
