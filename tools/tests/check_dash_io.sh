#!/usr/bin/env bash
# check_dash_io.sh SORTKEY SOURCE_DIR
# "-" is standard input for every input and standard output for every
# report: query run --items -, design check -, and --json/--junit/--markdown
# - of certify and design check, which then hold standard output alone (the
# run's own lines go to standard error), never a file named "-". certify and
# design check take the same -q and report options.
set -u
sortkey=$(realpath "$1") src=$(realpath "$2")
# shellcheck source=tools/tests/cli_expect.sh
source "$(dirname "$0")/cli_expect.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
pass() { echo "ok: $1"; }
flunk() { echo "FAIL $1"; shift; printf '%s\n' "$@"; fail=1; }

i1='{"PK":{"S":"A"},"SK":{"S":"EVT#1"}}'
i2='{"PK":{"S":"A"},"SK":{"S":"EVT#2"}}'
expect query_run_items_from_stdin 0 "{\"Items\":[$i1,$i2],\"Count\":2,\"ScannedCount\":2}" "$i2\n$i1\n" \
  -- query run --items - --partition-key PK --sort-key SK --partition PK=A --compact
expect_error query_run_stdin_named 2 '^sortkey: standard input: line 1: not valid JSON' 'nope\n' \
  -- query run --items - --partition-key PK --partition PK=A

out=$("$sortkey" design check - --no-progress -q <"$src/examples/orders.yaml" 2>&1); status=$?
[ $status = 0 ] && [[ "$out" == "CERTIFIED: design orders (standard input): "* ]] &&
  pass design_check_reads_stdin || flunk design_check_reads_stdin "exit $status" "$out"

for cmd in "certify --property padded/order --cases 5" "design check $src/examples/orders.yaml --cases 5"; do
  name=${cmd%% *}
  # shellcheck disable=SC2086
  "$sortkey" $cmd --no-progress --json - >out.json 2>err.txt; status=$?
  if [ $status = 0 ] && python3 -c 'import json,sys; json.load(open("out.json"))["digest"]' &&
     grep -q 'CERTIFIED' err.txt && [ ! -e ./- ]; then
    pass "${name}_json_to_stdout"
  else
    flunk "${name}_json_to_stdout" "exit $status" "$(head -c 300 out.json)" "$(cat err.txt)" "$(ls)"
  fi
  # shellcheck disable=SC2086
  "$sortkey" $cmd --no-progress --junit - >out.xml 2>/dev/null; status=$?
  [ $status = 0 ] && python3 -c 'import xml.dom.minidom; xml.dom.minidom.parse("out.xml")' && [ ! -e ./- ] &&
    pass "${name}_junit_to_stdout" || flunk "${name}_junit_to_stdout" "exit $status" "$(head -c 300 out.xml)"
  # shellcheck disable=SC2086
  "$sortkey" $cmd --no-progress --markdown - >out.md 2>/dev/null; status=$?
  [ $status = 0 ] && head -1 out.md | grep -q '^#' && ! grep -q '^CERTIFIED' out.md &&
    pass "${name}_markdown_alone_on_stdout" || flunk "${name}_markdown_alone_on_stdout" "exit $status" "$(cat out.md)"
  # shellcheck disable=SC2086
  err=$("$sortkey" $cmd --no-progress --json - --markdown - 2>&1 >/dev/null); status=$?
  [ $status = 2 ] && [[ "$err" == *"only one report can go to standard output"* ]] &&
    pass "${name}_one_report_on_stdout" || flunk "${name}_one_report_on_stdout" "exit $status" "$err"
  # shellcheck disable=SC2086
  err=$("$sortkey" $cmd --no-progress --json - 2>&1 >/dev/full); status=$?
  [ $status = 2 ] && [[ "$err" == *"cannot write the report to standard output: No space left on device"* ]] &&
    pass "${name}_report_to_full_disk" || flunk "${name}_report_to_full_disk" "exit $status" "$err"
  # shellcheck disable=SC2086
  out=$("$sortkey" $cmd --no-progress -q 2>&1); status=$?
  [ $status = 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [[ "$out" == "CERTIFIED: "* ]] &&
    pass "${name}_quiet" || flunk "${name}_quiet" "exit $status" "$out"
done
exit $fail
