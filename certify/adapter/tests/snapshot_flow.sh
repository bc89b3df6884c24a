#!/usr/bin/env bash
# snapshot_flow.sh SORTKEY SOURCE_DIR WORK_DIR
# The snapshot gate end to end: a first run records the adapter's keys, a
# second run of the same adapter finds them unchanged, and a run of an
# adapter that writes padded keys without their zeros fails naming the inputs
# whose keys changed, old -> new.
set -euo pipefail
sortkey=$1 src=$2 work=$3
mkdir -p "$work"
snap=$work/snapshot.json
rm -f "$snap"
reference="python3 $src/adapters/python/sortkey_adapter.py"
certify() { "$sortkey" certify --no-progress --cases 20 "$@" >"$work/out.txt" 2>&1; }
expect() {  # expect EXIT PATTERN: the last run's status and output
  local status=$1 pattern=$2
  if [ "$got" != "$status" ] || ! grep -Eq -- "$pattern" "$work/out.txt"; then
    echo "expected exit $status and /$pattern/, got exit $got:"; cat "$work/out.txt"; exit 1
  fi
  echo "ok: exit $status, /$pattern/"
}

got=0; certify --codec-cmd "$reference" --property padded/order --snapshot "$snap" || got=$?
expect 0 "snapshot .* did not exist: recorded [0-9]+ keys of 9 codecs"
python3 -c 'import json, sys; f = json.load(open(sys.argv[1])); assert f["inputs_version"] == 1 and f["codecs"]["padded"][0]["key"]' "$snap"

got=0; certify --codec-cmd "$reference" --property padded/order --snapshot "$snap" || got=$?
expect 0 "snapshot .*: all [0-9]+ keys unchanged"
# The header and the verdict count alike: one property, then one snapshot check per codec.
expect 0 ": 1 property, 20 cases each, then the snapshot check of each codec, seed"
expect 0 "^CERTIFIED: .*: 1 of 1 property and 9 of 9 snapshot checks passed"

got=0; certify --codec-cmd "python3 $src/adapters/broken/unpadded_number.py" --property padded/refuses_out_of_range \
  --snapshot "$snap" || got=$?
expect 1 'params \{"width":2\} value "9": "09" -> "9"'
expect 1 "padded/snapshot +[0-9]+ +FAILED"
expect 1 "the adapter no longer lists timestamp"
