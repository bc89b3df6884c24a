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
# An object naming one key twice: refused, not read with the last one winning
# (a request that cannot be built is exit 1, as any invalid expression is).
printf '{"certified":false,"digest":{"algorithm":"sha256","value":"x"},"certified":true}' >"$dir/twice.json"
expect 2 'twice.json: an object names the key "certified" twice' -- verify-certificate "$dir/twice.json"
printf '{"PK":{"S":"a"},"SK":{"S":"1"}}\n{"PK":{"S":"a"},"SK":{"S":"2"},"SK":{"S":"3"}}\n' >"$dir/items.jsonl"
expect 2 'line 2: an object names the key "SK" twice' -- \
  query run --items "$dir/items.jsonl" --partition-key PK --sort-key SK --partition PK=a
expect 1 'an object names the key "#s" twice' -- query build --partition PK=a \
  --filter-expression '#s = :v' --expression-attribute-names '{"#s":"Status","#s":"Other"}' \
  --expression-attribute-values '{":v":{"S":"x"}}'
# A report that cannot be written, or a key that cannot sign, is found before
# the run: a run of ten million cases would otherwise end only at the timeout.
long_run=(--property padded/order --cases 10000000 --no-progress)
expect 2 "cannot write /nonexistent/x.json: No such file or directory" -- \
  certify "${long_run[@]}" --json /nonexistent/x.json
expect 2 "cannot write $dir: it is a directory" -- certify "${long_run[@]}" --junit "$dir"
printf 'not a key\n' >"$dir/bad.pem"
expect 2 "cannot sign the certificate: the key $dir/bad.pem is not a PEM private key" -- \
  certify "${long_run[@]}" --json "$dir/c.json" --sign "$dir/bad.pem"
expect 2 "cannot write /nonexistent/x.json: No such file or directory" -- \
  design check "$(dirname "$0")/../../examples/saas.yaml" --cases 1000000 --no-progress --json /nonexistent/x.json
# A malformed RC_PARAMS is named at once; RapidCheck would end the run with
# exit 1 and no report (or exit 2 from the worker processes, unnamed).
for jobs in 1 2; do
  RC_PARAMS="reproduce=zzz" expect 2 "RC_PARAMS: 'reproduce' string has invalid format" -- \
    certify --cases 5 --no-progress --jobs "$jobs"
done
RC_PARAMS="seed=abc" expect 2 "RC_PARAMS: 'seed' must be a valid integer" -- \
  design check "$(dirname "$0")/../../examples/saas.yaml" --no-progress
echo "ok: hostile files"
