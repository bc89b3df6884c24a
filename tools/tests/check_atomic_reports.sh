#!/usr/bin/env bash
# check_atomic_reports.sh SORTKEY: a report that cannot be written whole (the
# file size limit stands in for a full disk) leaves the user's older file as
# it was and no temporary file beside it, and the run says why and exits 2.
set -u
sortkey=$1
corpus="$(cd "$(dirname "$0")/../.." && pwd)/corpus"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '{"an": "older certificate, kept whole"}\n' >"$dir/cert.json"
cp "$dir/cert.json" "$dir/before.json"
# 1 KB blocks: the certificate is larger; SIGXFSZ ignored, so write(2) fails with EFBIG.
(trap '' XFSZ; ulimit -f 2; exec "$sortkey" certify --jobs 1 --cases 5 --property padded --no-progress \
  --corpus "$corpus" --json "$dir/cert.json" >"$dir/out.txt" 2>&1)
status=$?
fail=0
[ "$status" = 2 ] || { echo "FAILED: exit $status, expected 2"; fail=1; }
grep -q "cannot write $dir/cert.json: File too large" "$dir/out.txt" ||
  { echo "FAILED: the reason is not named:"; fail=1; }
cmp -s "$dir/cert.json" "$dir/before.json" || { echo "FAILED: the older certificate changed"; fail=1; }
left=$(find "$dir" -name '*.sortkey-*' | wc -l)
[ "$left" = 0 ] || { echo "FAILED: $left temporary file(s) left"; fail=1; }
cat "$dir/out.txt"
[ "$fail" = 0 ] && echo "ok: the older certificate is whole, the run exits 2 naming why"
exit $fail
