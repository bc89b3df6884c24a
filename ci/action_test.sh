#!/usr/bin/env bash
# Runs the sortkey certify Action (action.yml) as a job would, with no Actions
# runner: ci/node/run_action.mjs runs its steps, which call ci/action_certify.sh.
# Four uses in one job, sharing its cache and its artifact names:
#   1. the Python reference adapter: builds sortkey, or installs SORTKEY (cache
#      miss), CERTIFIED;
#   2. the Node.js reference adapter: sortkey restored from the cache, CERTIFIED;
#   3. a broken adapter (adapters/broken/unpadded_number.py): NOT CERTIFIED, the
#      job fails, the reports are uploaded all the same;
#   4. an input sortkey refuses (cases: many): could not run, the job fails,
#      the job summary says why;
#   5. design: every example (examples/*.yaml), as this repository's workflow
#      gates on them: each CERTIFIED, its page in the artifact, certify not run;
#   6. design: a broken example beside a right one: the job fails, with an
#      ::error annotation on the line of each failing pattern, both pages
#      uploaded and both verdicts in the job summary;
#   7. design: a file that is not a design: could not run, annotated at the
#      line the loader names.
# Each time the job summary, the artifact and the Action's outputs are checked.
#
#
#   ci/action_test.sh [SORTKEY]   (needs ci/install_npm.sh's ci/node/node_modules)
#
# With SORTKEY (the test run passes the sortkey it built), every use gives it
# as the sortkey-binary input: the steps are the same, the build step
# installs it instead of compiling the release preset from scratch.
set -euo pipefail
prebuilt=${1:+$(realpath "$1")}
cd "$(dirname "$0")/.."
root=$(pwd)
job=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-action-job.XXXXXX")
workspace=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-action-workspace.XXXXXX")
trap 'rm -rf "$job" "$workspace"' EXIT

fail() {
  echo "ci/action_test.sh: $*" >&2
  exit 1
}

# use WANT_EXIT INPUT...: one use of the Action in the workspace.
run=0
use() {
  local want=$1 status=0
  shift
  run=$((run + 1))
  local inputs=()
  for input in "$@"; do inputs+=(--input "$input"); done
  [ -z "$prebuilt" ] || inputs+=(--input "sortkey-binary=$prebuilt")
  echo "== use $run of the Action: $*"
  (cd "$workspace" && node "$root/ci/node/run_action.mjs" --action "$root" --job "$job" "${inputs[@]}") \
    >"$job/log-$run.txt" 2>&1 || status=$?
  cat "$job/log-$run.txt"
  [ "$status" = "$want" ] || fail "use $run ($*) exited $status, expected $want"
}

# result EXPRESSION: a value from the last run's record (result-<n>.json).
result() {
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(eval(sys.argv[2], {"r": r}))' \
    "$job/result-$run.json" "$1"
}

# artifact NAME CERTIFIED: the uploaded reports agree with each other and with the verdict.
artifact() {
  local dir=$job/artifacts/$1
  for f in certificate.json junit.xml summary.md; do [ -s "$dir/$f" ] || fail "artifact $1 lacks $f"; done
  python3 - "$dir" "$2" "$(git rev-parse HEAD 2>/dev/null || true)" <<'PY' ||
import json, sys, xml.etree.ElementTree as ET
d, want, commit = sys.argv[1], sys.argv[2] == "true", sys.argv[3]
cert = json.load(open(f"{d}/certificate.json"))
assert cert["certified"] is want, cert["certified"]
assert len(cert["corpus"]["sha256"]) == 64, cert["corpus"]
assert cert["source_commit"] == commit, (cert["source_commit"], commit)
cases = ET.parse(f"{d}/junit.xml").getroot().find("testsuite").findall("testcase")
assert len(cases) == len(cert["properties"]) > 0
failed = [c for c in cases if c.find("failure") is not None]
assert (len(failed) == 0) is want, len(failed)
PY
    fail "artifact $1 does not hold the reports of its verdict"
}

summary_has() {
  grep -qF -- "$1" "$job/summary.md" || fail "the job summary lacks \"$1\""
}

use 0 "codec-cmd=python3 $root/adapters/python/sortkey_adapter.py" cases=100 artifact-name=python
[ "$(result 'r["steps"]["cache"]["outputs"].get("cache-hit", "")')" = "" ] || fail "use 1 found a cache entry"
[ "$(result 'r["outputs"]["status"]')" = 0 ] || fail "use 1: the status output is not 0"
ls "$job"/cache/sortkey-*/bin/sortkey >/dev/null || fail "use 1 saved no sortkey in the cache"
summary_has "## sortkey certify: CERTIFIED"
artifact python true

use 0 "codec-cmd=node $root/adapters/node/adapter.js" cases=100 artifact-name=node
[ "$(result 'r["steps"]["cache"]["outputs"]["cache-hit"]')" = true ] || fail "use 2 did not restore sortkey from the cache"
[ "$(result 'r["steps"].get("save", {"outcome": "skipped"})["outcome"]')" = skipped ] ||
  fail "use 2 saved the cache again"
[ "$(grep -c '^## sortkey certify: CERTIFIED' "$job/summary.md")" = 2 ] || fail "the job summary lacks use 2's report"
artifact node true

use 1 "codec-cmd=python3 $root/adapters/broken/unpadded_number.py" property=padded/order seed=fresh \
  artifact-name=broken
[ "$(result 'r["outputs"]["status"]')" = 1 ] || fail "use 3: the status output is not 1"
[ "$(result 'r["steps"]["certify"]["outcome"]')" = failure ] || fail "use 3: the certify step did not fail"
summary_has "## sortkey certify: NOT CERTIFIED"
artifact broken false

use 1 cases=many artifact-name=refused
[ "$(result 'r["outputs"]["status"]')" = 2 ] || fail "use 4: the status output is not 2"
summary_has "## sortkey certify: could not run (exit status 2)"
summary_has "--cases: must be a decimal integer"
[ ! -e "$job/artifacts/refused" ] || fail "use 4 uploaded reports of a run that never started"

# The designs are read from the workspace, as a job's checkout.
cp -R "$root/examples" "$workspace/examples"
log_has() {
  grep -qF -- "$1" "$job/log-$run.txt" || fail "use $run's log lacks \"$1\""
}
summary_count() {
  grep -c "^## sortkey ${2:-certify}: $1\$" "$job/summary.md" || true
}
certified_before=$(summary_count CERTIFIED "design check")

use 0 "design=examples/*.yaml" artifact-name=designs
[ "$(result 'r["outputs"]["design-status"]')" = 0 ] || fail "use 5: the design-status output is not 0"
[ "$(result 'r["steps"].get("certify", {"outcome": "skipped"})["outcome"]')" = skipped ] ||
  fail "use 5 certified the built-in codecs too"
examples=$(find "$root/examples" -maxdepth 1 -name '*.yaml' | wc -l)
[ "$(summary_count CERTIFIED "design check")" = $((certified_before + examples)) ] ||
  fail "the job summary lacks a CERTIFIED report for each of the $examples examples"
for f in "$root"/examples/*.yaml; do
  name=$(basename "$f" .yaml)
  for ext in html json md; do
    [ -s "$job/artifacts/designs/design/$name.$ext" ] || fail "artifact designs lacks design/$name.$ext"
  done
done
! grep -q '^::error' "$job/log-$run.txt" || fail "use 5 annotated a passing design"

broken=examples/broken/audit_log_display_timestamp.yaml
use 1 "design=$broken, examples/saas.yaml" "args=--cases 50" artifact-name=broken-design
[ "$(result 'r["outputs"]["design-status"]')" = 1 ] || fail "use 6: the design-status output is not 1"
[ "$(result 'r["steps"]["design"]["outcome"]')" = failure ] || fail "use 6: the design step did not fail"
# The lines that name the two patterns in the broken file, as a person reads them.
newest_line=$(grep -n '^  newest_first:' "$root/$broken" | cut -d: -f1)
window_line=$(grep -n '^  window:' "$root/$broken" | cut -d: -f1)
log_has "::error file=$broken,line=$newest_line,title=sortkey design check%3A pattern/newest_first::the access pattern newest_first returns what it does not declare"
log_has "::error file=$broken,line=$window_line,title=sortkey design check%3A pattern/window::the request is refused"
[ "$(grep -c '^::error file=' "$job/log-$run.txt")" = 2 ] || fail "use 6: not exactly the two failing patterns annotated"
log_has "50 cases each"
for name in audit_log_display_timestamp saas; do
  [ -s "$job/artifacts/broken-design/design/$name.html" ] || fail "artifact broken-design lacks $name.html"
done
summary_has "## sortkey design check: NOT CERTIFIED"

printf 'table:\n  partition_key: PK\nentities:\n  E:\n    colour: red\n' >"$workspace/bad.yaml"
use 1 design=bad.yaml artifact-name=bad-design
[ "$(result 'r["outputs"]["design-status"]')" = 2 ] || fail "use 7: the design-status output is not 2"
log_has "::error file=bad.yaml,line=5,title=sortkey design check::could not check it (exit status 2)"
summary_has "## sortkey design check: bad.yaml could not be checked (exit status 2)"

echo "ci/action_test.sh: 7 uses of the Action: 2 reference adapters CERTIFIED (the second from the cache)," \
  "a broken adapter NOT CERTIFIED, a refused input could not run; the $examples example designs CERTIFIED," \
  "a broken one annotated on its failing patterns' lines, a file that is no design refused; each failing" \
  "the job as it should"
