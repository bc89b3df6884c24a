#!/usr/bin/env bash
# header_injection.sh SORTKEY: an AWS value holding CR/LF never reaches a
# request's headers: `sortkey certify --endpoint` and `design check
# --endpoint` refuse it before connecting (exit 2), naming where it came
# from and never quoting it.
set -u
sortkey=$1
src=$(cd "$(dirname "$0")/../../.." && pwd)
fail=0
expect() {  # expect PATTERN -- ENV... : the run exits 2 and prints PATTERN
  local pattern=$1 out status
  shift 2
  out=$(env -u AWS_PROFILE HOME=/nonexistent AWS_CONFIG_FILE=/nonexistent \
    AWS_SHARED_CREDENTIALS_FILE=/nonexistent "$@" 2>&1)
  status=$?
  if [ "$status" != 2 ] || ! grep -q -- "$pattern" <<<"$out" || grep -q "Injected" <<<"$out"; then
    echo "FAILED: $pattern: exit $status:"
    echo "$out"
    fail=1
  else
    echo "ok: $pattern"
  fi
}
expect "AWS_SESSION_TOKEN holds a control character (byte 0x0D" -- \
  AWS_ACCESS_KEY_ID=AKID AWS_SECRET_ACCESS_KEY=s AWS_SESSION_TOKEN=$'t\r\nX-Injected: 1' \
  "$sortkey" certify --endpoint http://127.0.0.1:9 --no-progress
expect "AWS_ACCESS_KEY_ID holds a control character (byte 0x0A" -- \
  AWS_ACCESS_KEY_ID=$'AK\nX-Injected: 1' AWS_SECRET_ACCESS_KEY=s \
  "$sortkey" certify --endpoint http://127.0.0.1:9 --no-progress
expect "the region (AWS_REGION) holds a control character" -- \
  AWS_REGION=$'us-east-1\r\nX-Injected: 1' \
  "$sortkey" design check "$src/examples/saas.yaml" --endpoint http://127.0.0.1:9 --no-progress
exit $fail
