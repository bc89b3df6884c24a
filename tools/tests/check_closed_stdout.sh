#!/usr/bin/env bash
# check_closed_stdout.sh SORTKEY WORK_DIR
# A standard output that fails before the run ends leaves the report files
# written in full. A reader of the pipe that went away (`| head`) wants no
# more: the run ends quietly with the certification's own status (0 here,
# the built-in codecs certify), as `git log | head` does. A descriptor that
# is closed is exit 2 with the system's reason.
set -euo pipefail
sortkey=$1 work=$2
mkdir -p "$work"
cd "$work"
check() {  # check HOW STATUS WANT ERRFILE: exit WANT, and the reports of the last run are whole
  local how=$1 status=$2 want=$3 err=$4
  [ "$status" = "$want" ] || { echo "$how: exit $status, expected $want"; cat "$err"; exit 1; }
  if [ "$want" = 2 ]; then
    grep -q "cannot write to standard output: Bad file descriptor" "$err" ||
      { echo "$how: no message"; cat "$err"; exit 1; }
  else
    [ ! -s "$err" ] || { echo "$how: a quiet end expected, got:"; cat "$err"; exit 1; }
  fi
  python3 - "$how" "$count" <<'PY'
import json, sys, xml.dom.minidom
how = sys.argv[1]
cert = json.load(open("r.json"))
want = int(sys.argv[2])
assert len(cert["properties"]) == want, f"{how}: {len(cert['properties'])} of {want} properties in the certificate"
xml.dom.minidom.parse("r.xml")
assert "sortkey certify" in open("r.md").read(), f"{how}: no Markdown report"
print(f"ok: {how}: reports whole")
PY
}
# Every property: the table is larger than a pipe's buffer, so writes fail before the run ends.
run() { "$sortkey" certify --cases 5 --no-progress --json r.json --junit r.xml --markdown r.md; }
count=$("$sortkey" certify --list | wc -l)

# The reader exits before the run writes anything: every write meets a broken pipe.
rm -f r.json r.xml r.md status.txt
( sleep 0.3; set +e; run 2>err.txt; echo $? >status.txt ) | true
check "reader gone" "$(cat status.txt)" 0 err.txt

rm -f r.json r.xml r.md
set +e; run >&- 2>err.txt; status=$?; set -e
check "stdout closed" "$status" 2 err.txt
