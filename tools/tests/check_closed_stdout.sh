#!/usr/bin/env bash
# check_closed_stdout.sh SORTKEY WORK_DIR
# A standard output closed before the run ends (the reader of a pipe gone,
# the descriptor closed) is exit 2 with the system's reason, and the report
# files are still written in full.
set -euo pipefail
sortkey=$1 work=$2
mkdir -p "$work"
cd "$work"
check() {  # check HOW STATUS ERRFILE: the reports of the last run are whole
  local how=$1 status=$2 err=$3
  [ "$status" = 2 ] || { echo "$how: exit $status, expected 2"; cat "$err"; exit 1; }
  grep -q "cannot write to standard output" "$err" || { echo "$how: no message"; cat "$err"; exit 1; }
  python3 - "$how" "$count" <<'PY'
import json, sys, xml.dom.minidom
how = sys.argv[1]
cert = json.load(open("r.json"))
want = int(sys.argv[2])
assert len(cert["properties"]) == want, f"{how}: {len(cert['properties'])} of {want} properties in the certificate"
xml.dom.minidom.parse("r.xml")
assert "sortkey certify" in open("r.md").read(), f"{how}: no Markdown report"
print(f"ok: {how}: exit 2, reports whole")
PY
}
# Every property: the table is larger than a pipe's buffer, so writes fail before the run ends.
run() { "$sortkey" certify --cases 5 --no-progress --json r.json --junit r.xml --markdown r.md; }
count=$("$sortkey" certify --list | wc -l)

# The reader exits before the run writes anything: every write meets a broken pipe.
rm -f r.json r.xml r.md status.txt
( sleep 0.3; set +e; run 2>err.txt; echo $? >status.txt ) | true
check "reader gone" "$(cat status.txt)" err.txt

rm -f r.json r.xml r.md
set +e; run >&- 2>err.txt; status=$?; set -e
check "stdout closed" "$status" err.txt
