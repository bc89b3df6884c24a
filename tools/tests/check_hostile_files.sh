#!/usr/bin/env bash
# check_hostile_files.sh SORTKEY: the file options refuse what is not a file
# of theirs with exit 2 and a sentence, never a crash: a certificate nested
# 150,000 levels deep (it used to overflow the stack when its digest was
# computed), a directory, /dev/zero, a missing file.
set -euo pipefail
sortkey=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir/deep.json" <<'PY'
import sys
n = 150000
open(sys.argv[1], "w").write('{"digest":{"algorithm":"sha256","value":"x"},"ok":' + "[" * n + "]" * n + "}")
PY

expect() {  # expect EXIT PATTERN -- ARGS...
  local want=$1 pattern=$2
  shift 3
  local got=0
  "$sortkey" "$@" >"$dir/out" 2>"$dir/err" || got=$?
  if [ "$got" != "$want" ] || ! grep -Eq "$pattern" "$dir/err"; then
    echo "sortkey $*: exit $got (want $want), stderr:"; cat "$dir/err"; echo "(want /$pattern/)"
    exit 1
  fi
}
expect 2 "deep.json nests deeper than 256 levels" -- verify-certificate "$dir/deep.json"
expect 2 "cannot read $dir: it is a directory" -- verify-certificate "$dir"
expect 2 "cannot read /dev/zero: it is not a regular file" -- verify-certificate /dev/zero
expect 2 "cannot read $dir/missing: " -- verify-certificate "$dir/missing"
expect 2 "cannot read the known-divergences file $dir: it is a directory" -- \
  certify --endpoint http://127.0.0.1:9 --known-divergences "$dir" --no-progress
echo "ok: hostile files"
