#!/usr/bin/env bash
# check_reports.sh SORTKEY: runs a small certification with every report and
# reads each back with an independent reader (python3's json and xml.etree):
# the JUnit file has one test case per certificate property, the Markdown
# states the verdict, the certificate's digest verifies, and a tampered copy
# is refused.
set -euo pipefail
sortkey=$1
corpus="$(cd "$(dirname "$0")/../.." && pwd)/corpus"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$sortkey" certify --cases 20 --property padded --no-progress --corpus "$corpus" \
  --json "$dir/cert.json" --junit "$dir/junit.xml" --markdown "$dir/summary.md" >"$dir/out.txt"
grep -q '^CERTIFIED: sortkey built-in codecs' "$dir/out.txt"
grep -q '^## sortkey certify: CERTIFIED' "$dir/summary.md"
commit=$(git -C "$(dirname "$0")" rev-parse HEAD)
python3 - "$dir" "$commit" <<'PY'
import json, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
cert = json.load(open(f"{d}/cert.json"))
suite = ET.parse(f"{d}/junit.xml").getroot().find("testsuite")
cases = suite.findall("testcase")
assert len(cases) == len(cert["properties"]) > 0, (len(cases), len(cert["properties"]))
for case, prop in zip(cases, cert["properties"]):
    assert case.get("name") == prop["id"], (case.get("name"), prop["id"])
    props = {p.get("name"): p.get("value") for p in case.find("properties")}
    assert props["seed"] == str(cert["seed"]) and props["replay"] == prop["replay"], props
assert cert["certified"] is True and len(cert["corpus"]["sha256"]) == 64, cert["corpus"]
assert cert["source_commit"] == sys.argv[2], (cert["source_commit"], sys.argv[2])
cert["seed"] += 1
json.dump(cert, open(f"{d}/tampered.json", "w"))
PY
"$sortkey" verify-certificate "$dir/cert.json" | grep -q 'digest ok; CERTIFIED'
if "$sortkey" verify-certificate "$dir/tampered.json" 2>"$dir/err.txt"; then
  echo "a tampered certificate verified"; exit 1
fi
grep -q 'digest mismatch' "$dir/err.txt"
# Without --corpus the certificate vouches for no corpus, and says so.
"$sortkey" certify --cases 5 --property padded/order --no-progress --json "$dir/bare.json" >/dev/null
python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); assert c["corpus"] is None, c["corpus"]' "$dir/bare.json"
# An intact certificate that does not certify: digest ok, but exit 1 unless --allow-failed.
status=0
"$sortkey" certify --codec-cmd "python3 $corpus/../adapters/broken/unpadded_number.py" --cases 50 \
  --property padded/order --no-progress --json "$dir/failed.json" >/dev/null || status=$?
[ "$status" = 1 ] || { echo "the broken adapter's certification exited $status, not 1"; exit 1; }
status=0
"$sortkey" verify-certificate "$dir/failed.json" >"$dir/verify.txt" || status=$?
[ "$status" = 1 ] && grep -q 'digest ok; NOT CERTIFIED' "$dir/verify.txt" ||
  { echo "verify-certificate of a NOT CERTIFIED certificate exited $status"; exit 1; }
"$sortkey" verify-certificate --allow-failed "$dir/failed.json" | grep -q 'digest ok; NOT CERTIFIED'
# A run that cannot be completed (the adapter dies) still writes its reports, saying why.
status=0
"$sortkey" certify --codec-cmd "python3 $corpus/../adapters/broken/crashes.py" --cases 150 \
  --no-progress --json "$dir/stopped.json" --junit "$dir/stopped.xml" >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || { echo "the crashing adapter's certification exited $status, not 2"; exit 1; }
python3 - "$dir" <<'PY'
import json, sys, xml.etree.ElementTree as ET
d = sys.argv[1]
cert = json.load(open(f"{d}/stopped.json"))
assert cert["certified"] is False and "could not run the adapter" in cert["stopped"], cert["stopped"]
suite = ET.parse(f"{d}/stopped.xml").getroot().find("testsuite")
errors = [c.find("error") for c in suite.findall("testcase") if c.find("error") is not None]
assert suite.get("errors") == "1" and len(errors) == 1, suite.attrib
assert "could not run the adapter" in errors[0].get("message"), errors[0].get("message")
PY
echo "ok: reports"
