#!/usr/bin/env bash
# `sortkey certify --endpoint` against dynalite behind endpoint_proxy.py, which
# throttles, resets connections, stops answering, corrupts answers or answers
# as a broken store does as each mode asks (ci/dynalite.sh starts dynalite; both are stopped whatever happens).
#
#   proxy_certify.sh SORTKEY SOURCE_DIR MODE
#
# MODE throttle     the same run straight to dynalite and through a proxy that
#                   throttles 30% of the requests above 40 per second and
#                   resets a connection halfway through its answer (a read's
#                   or a write's) after every 40th request, on four connections sharing one
#                   rate limiter: the same verdict and the same table, the
#                   throttles and broken connections survived and counted.
# MODE throttle_budget
#                   a default run with dynalite's known divergences through a
#                   proxy that throttles 30% of the requests whatever their
#                   rate, --budget 12: the adaptive rate limiter slows the
#                   run down to a few requests per second, so that the budget
#                   cannot explore every property: exit 2, each property it
#                   left "not explored" and none failed, the table, --json and
#                   --record-divergences kept, the throttling reported
#                   (requests, retries, throttled answers, the rate reached)
#                   in the text and in --json, and the run within 10% of the
#                   budget and its minimizing share (12 + 4.8 s) plus the
#                   cleanup's few requests.
# MODE table_errors a proxy that answers every CreateTable with a KEYS_ONLY
#                   index with HTTP 500 and an HTML page: the run goes on
#                   (exit 1, never 2), the refusal is one divergence whose
#                   feature is the KEYS_ONLY index (found by creating variants
#                   of the table), the other cases are run and judged, no
#                   table is left, and a file recorded with it makes the
#                   same run pass.
# MODE applied_500_writes endpoint/conditional_writes straight to dynalite, then
#                   through a proxy that applies every 3rd write and answers
#                   it HTTP 500: the same results, the writes of unknown
#                   outcome counted.
# MODE reset_writes the write scripts (endpoint/writes) straight to dynalite
#                   and through a proxy that, after every 3rd request, lets
#                   the next write through to dynalite and cuts its answer
#                   halfway: the client retries writes the endpoint applied,
#                   and the conditional ones among them are refused on the
#                   retry. The same results as the direct run (no false
#                   divergence), and the JSON report counts the writes whose
#                   outcome was unknown and how each was settled.
# MODE interrupt    SIGTERM a second into the run: exit 2, "interrupted
#                   (SIGTERM)", the JSON report says so with no failed
#                   property, and no sortkey-cert- table is left.
# MODE unreachable  the proxy killed mid-run: exit 2, could not run ("cannot
#                   reach"), the tables that remain named; no failed property,
#                   unless the request in flight is the divergence "no answer:
#                   connection lost".
# MODE timeout      the proxy stops answering mid-run, --request-timeout 1:
#                   exit 2 ("no answer within 1000 ms"), the tables named; no
#                   failed property, unless the request in flight is the
#                   divergence "no answer: timeout".
# MODE swallow      one Query mid-run is never answered, --request-timeout 1:
#                   that Query is a divergence "no answer: timeout" with its
#                   reproduction, the run goes on to its end (exit 1, not
#                   could-not-run), and the divergences met before it are in
#                   the report too; recorded, the same run passes.
# MODE die          the proxy exits on one Query mid-run (an endpoint that
#                   crashes): that Query is a divergence "no answer: connection
#                   lost" with its reproduction, the run stops (exit 2, "stopped
#                   answering"), and the report and --record-divergences hold
#                   it with those met before.
# MODE cleanup     the first DeleteTable of the cleanup is never answered,
#                   --request-timeout 1: the results of the cases run are
#                   kept (the property passed, in the table and the JSON
#                   report), the table left is named, and the run did not
#                   complete (exit 2, "the cleanup did not complete", and
#                   NOT CERTIFIED after the table).
# MODE exhausted    every request throttled after the 60th, AWS_MAX_ATTEMPTS=3
#                   and AWS_RETRY_MODE=legacy: exit 2, "still failing after 3
#                   attempts", no failed property.
# MODE hostile      one answer mid-run with a member of the wrong type, for
#                   each kind: a divergence of outcome malformed (error "HTTP
#                   <status>", the member named by its JSON pointer), its
#                   reproduction's actual answer the status and the body
#                   described; the run goes on (exit 1, never 2), and no JSON
#                   library text is printed.
# MODE emptying     the Scan emptying a table serves a Number DynamoDB cannot
#                   hold: a divergence of the emptying Scan; recorded, its
#                   entry lets the same run straight to dynalite pass.
# MODE misanswer    answers as a broken store gives them (endpoint_proxy.py
#                   --misanswer): an HTML 500 for every Query whose key
#                   condition holds a tab, a ValidationException for a valid
#                   write of a multibyte string of 1,024 bytes or more, and a
#                   Scan of an index paged endlessly. Each is a divergence
#                   with its reproduction (in the output, in --json and in
#                   --record-divergences): server_error with the status and
#                   the body described, never quoted whole; rejected with the
#                   classes multibyte+size-limit (the probes cut the string
#                   between characters); paging. The run ends NOT CERTIFIED
#                   (exit 1, never 2) within its --budget of 20 s and a
#                   generous margin.
# MODE failing      every request after the 300th but DeleteTable gets an
#                   HTML 500, the harmless probe included: exit 2, "the
#                   endpoint stopped answering" naming the request that
#                   failed and the probe; the report, --json and
#                   --record-divergences keep what was found; no table left.
# MODE config       the URL from the config file's services section and the
#                   keys from its credential_process: the run certifies and
#                   says where both came from.
# MODE keep         --keep-tables: the tables stay, and their names are printed.
# MODE expiring     credential_process keys about to expire are fetched again
#                   before the requests that need them.
# MODE connections  the same seed on one connection straight to dynalite and
#                   on four through a proxy that counts the requests it holds
#                   at once: the same results (every property's verdict,
#                   cases, distribution and divergences), requests that
#                   overlapped on four connections or more, no table left.
# MODE transactions endpoint/transactions on DynamoDB Local, straight and
#                   through a proxy that commits only the first action of
#                   every TransactWriteItems of several (a planted bug) and
#                   answers BatchGetItem a key a table at a time, the others
#                   as UnprocessedKeys: the same seed on one connection; the
#                   proxied run has a new divergence "TransactWriteItems
#                   result" (the items read back are not the oracle's) that
#                   the straight run has not, and neither run has a
#                   BatchGetItem divergence (the UnprocessedKeys were sent
#                   again and their items counted).
# MODE transaction_indexes
#                   endpoint/transactions on DynamoDB Local through a proxy
#                   whose indexes miss what its transactions write (every
#                   Scan of an index after a TransactWriteItems it commits
#                   lacks an item): the indexes are read back after the
#                   transactions, and the run is NOT CERTIFIED with a Scan
#                   divergence on an index.
set -euo pipefail
sortkey=$1 src=$2 mode=$3
here="$src/certify/endpoint/tests"
known="$src/corpus/divergences/dynalite.json"

dir=$(mktemp -d)
proxy=""
stop_proxy() {
  if [ -n "$proxy" ]; then
    kill "$proxy" 2>/dev/null || true
    wait "$proxy" 2>/dev/null || true
  fi
  proxy=""
}
cleanup() {
  stop_proxy
  if [ -f "$dir/ddblocal" ]; then bash "$src/ci/dynamodb_local.sh" stop "$dir/ddblocal" || true; fi
  bash "$src/ci/dynalite.sh" stop "$dir/dynalite" || true
  rm -rf "$dir"
}
trap cleanup EXIT
url=$(bash "$src/ci/dynalite.sh" start "$dir/dynalite" $$)

fail() {
  echo "FAILED ($mode): $*"
  echo "--- stdout"; cat "$dir/out" 2>/dev/null || true
  echo "--- stderr"; cat "$dir/err" 2>/dev/null || true
  exit 1
}

start_proxy() {  # start_proxy PROXY-OPTIONS...: sets $proxy_url
  rm -f "$dir/port" "$dir/port.stats"
  python3 "$here/endpoint_proxy.py" "$url" "$dir/port" "$@" &
  proxy=$!
  for _ in $(seq 100); do [ -s "$dir/port" ] && break; sleep 0.1; done
  [ -s "$dir/port" ] || fail "the proxy did not start"
  proxy_url="http://127.0.0.1:$(cat "$dir/port")"
}

certify() {  # certify URL ARGS...: sets $got
  local target=$1
  shift
  got=0
  timeout 170 "$sortkey" certify --endpoint "$target" --no-progress --json "$dir/cert.json" "$@" \
    >"$dir/out" 2>"$dir/err" || got=$?
}

want_exit() { [ "$got" = "$1" ] || fail "exit status $got, expected $1"; }
want_err() { grep -Eq -- "$1" "$dir/err" || fail "stderr does not match /$1/"; }
want_out() { grep -Eq -- "$1" "$dir/out" || fail "stdout does not match /$1/"; }

# The JSON report: stopped matches PATTERN and no property failed.
want_stopped() {
  python3 - "$dir/cert.json" "$1" <<'PY' || fail "the JSON report does not say the run stopped: $(cat "$dir/cert.json")"
import json, re, sys
c = json.load(open(sys.argv[1]))
assert c["stopped"] and re.search(sys.argv[2], c["stopped"]), c["stopped"]
assert c["failed"] == 0 and not c["certified"], c
PY
}

# No sortkey-cert- table left in dynalite.
want_no_tables() {
  local tables
  tables=$(python3 - "${url##*:}" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
c.request("POST", "/", body="{}", headers={
    "X-Amz-Target": "DynamoDB_20120810.ListTables", "Content-Type": "application/x-amz-json-1.0",
    "Authorization": "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/dynamodb/aws4_request, "
                     "SignedHeaders=host, Signature=0", "X-Amz-Date": "20260101T000000Z"})
print(c.getresponse().read().decode())
PY
)
  case "$tables" in *sortkey-cert-*) fail "tables were left behind: $tables" ;; esac
}

# The JSON report: a property lists a divergence whose signature's error is
# ERROR, with a reproduction (table, items, request, expected, actual), and
# at least MORE other divergences.
want_unanswered() {
  python3 - "$dir/cert.json" "$1" "$2" <<'PY' || fail "the JSON report does not list the request without an answer: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
found = [d for p in c["properties"] for d in p.get("divergences", [])]
mine = [d for d in found if d["signature"]["error"] == sys.argv[2]]
assert mine, [d["signature"] for d in found]
r = mine[0]["reproduction"]
assert all(k in r for k in ("table", "items", "request", "expected", "actual")), r
assert r["actual"]["error"] == sys.argv[2] and r["request"]["action"] == "Query", r
assert mine[0]["signature"]["outcome"] == "no_answer", mine[0]
assert len(found) - len(mine) >= int(sys.argv[3]), len(found)
PY
}

# The JSON report says the run stopped (matching PATTERN), and lists no failed
# property other than one that met the divergence "no answer: ..." (the
# request in flight when the endpoint went away).
want_stopped_unanswered() {
  python3 - "$dir/cert.json" "$1" <<'PY' || fail "the JSON report does not say the run stopped: $(head -c 3000 "$dir/cert.json")"
import json, re, sys
c = json.load(open(sys.argv[1]))
assert c["stopped"] and re.search(sys.argv[2], c["stopped"]), c["stopped"]
assert not c["certified"], c
for p in c["properties"]:
    if p["result"] == "FAILED":
        assert any(d["signature"]["outcome"] == "no_answer" for d in p["divergences"]), p
PY
}

# The table of property results without the times.
results() { grep -E '^endpoint/' "$dir/out" | awk '{print $1, $2, $3}'; }

case "$mode" in
throttle)
  # A budget far above what 10 cases take, so that a slow or throttled run
  # explores every case and the two tables compare results, not speed.
  certify "$url" --cases 10 --budget 3600 --known-divergences "$known"
  want_exit 0
  results >"$dir/direct"
  start_proxy --throttle 0.3 --capacity 40 --reset-every 40
  certify "$proxy_url" --cases 10 --budget 3600 --connections 4 --known-divergences "$known"
  want_exit 0
  results >"$dir/proxied"
  diff "$dir/direct" "$dir/proxied" || fail "the results differ with throttling"
  read -r _ requests _ throttled _ reset _ <"$dir/port.stats"
  [ "$throttled" -gt 0 ] && [ "$reset" -gt 0 ] || fail "the proxy throttled $throttled, reset $reset"
  want_out "[1-9][0-9]* answers? throttled, [1-9][0-9]* connections? broken"
  want_out "the rate limiter held requests back"
  echo "proxy: $requests requests, $throttled throttled, $reset reset"
  ;;
throttle_flat)
  # 30% of all requests throttled whatever their rate, not only above a
  # capacity: given a budget long enough, the verdict is dynalite's own,
  # CERTIFIED with its file. A few cases of two properties keep it short; a
  # whole default run needs about 700 s (its known-divergences replay alone
  # about 250 s at the pace the throttling leaves).
  start_proxy --throttle 0.3
  certify "$proxy_url" --cases 3 --budget 600 --property endpoint/query endpoint/writes \
    --known-divergences "$known"
  want_exit 0
  want_out "^CERTIFIED"
  read -r _ requests _ throttled _ <"$dir/port.stats"
  [ "$throttled" -gt 0 ] || fail "the proxy throttled nothing"
  want_out "[1-9][0-9]* answers? throttled"
  echo "proxy: $requests requests, $throttled throttled"
  want_no_tables
  ;;
table_errors)
  start_proxy --fail-tables KEYS_ONLY
  certify "$proxy_url" --cases 30 --property endpoint/query endpoint/scan \
    --known-divergences "$known" --record-divergences "$dir/recorded.json"
  want_exit 1
  want_out "CreateTable server_error HTTP 500 .*; an index of KEYS_ONLY projection"
  python3 - "$dir/cert.json" <<'PY' || fail "the JSON report does not keep the refused table and the other cases: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert not c["stopped"], c["stopped"]
tables = [d for p in c["properties"] for d in p.get("divergences", [])
          if d["signature"]["operation"] == "CreateTable"]
assert tables, [d["signature"] for p in c["properties"] for d in p.get("divergences", [])]
assert {d["signature"]["feature"] for d in tables} == {"an index of KEYS_ONLY projection"}, tables
r = tables[0]["reproduction"]
assert r["request"]["action"] == "CreateTable" and r["actual"]["status"] == 500, r
assert any(i["Projection"]["ProjectionType"] == "KEYS_ONLY"
           for i in r["request"]["params"]["GlobalSecondaryIndexes"]), r
for p in c["properties"]:
    if p["id"] != "endpoint/known_divergences":
        assert p["cases"] >= 20, p
PY
  want_no_tables
  certify "$proxy_url" --cases 30 --property endpoint/query endpoint/scan --known-divergences "$dir/recorded.json"
  want_exit 0
  want_no_tables
  ;;
throttle_budget)
  start_proxy --throttle 0.3
  started=$(date +%s)
  certify "$proxy_url" --budget 12 --known-divergences "$known" --record-divergences "$dir/recorded.json"
  took=$(($(date +%s) - started))
  want_exit 2
  # The bound is 18.5 s (12 s and the minimizing share, 10% over both); the
  # rest is the start and the cleanup of eleven properties' tables behind the
  # throttling, on a shared machine. Before --budget bounded the run it took
  # 335 s or more.
  [ "$took" -le 40 ] || fail "the run took $took s with --budget 12"
  want_out "^endpoint/[a-z_]+ +[0-9]+ +not explored "
  want_out "not explored: .*the endpoint answered [0-9]+ requests in [0-9.]+ s .*throttled [0-9]+ of them"
  want_out "^NOT CERTIFIED: .*[0-9]+ of 12 properties not explored"
  want_out "[1-9][0-9]* answers? throttled"
  want_out "budget: 12 s for exploring and replaying \\(spent [0-9.]+ s\\), 5 s for minimizing"
  want_err "could not run the endpoint certification: not explored within the 12 s budget: endpoint/"
  if grep -Eq "^endpoint/[a-z_]+ +[0-9]+ +(failed|FAILED|gave up)" "$dir/out"; then
    fail "a property failed or gave up"
  fi
  [ -s "$dir/recorded.json" ] || fail "--record-divergences wrote nothing"
  python3 - "$dir/cert.json" <<'PY' || fail "the JSON report does not keep the results and the throttling: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["stopped"].startswith("could not run the endpoint certification: not explored"), c["stopped"]
assert not c["certified"] and c["failed"] == 0 and c["not_explored"] > 0, c
assert len(c["properties"]) == 12, c["properties"]
for p in c["properties"]:
    assert p["result"] in ("passed", "not explored"), p
run = c["target"]["run"]
assert run["requests"] > 0 and run["throttled"] > 0 and run["retries"] >= run["throttled"], run
assert run["rate_limiter"]["enabled"] and run["rate_limiter"]["rate"] > 0, run
assert run["budget"]["seconds"] == 12 and run["budget"]["minimize_seconds"] > 0, run
assert len(run["not_explored"]) == c["not_explored"], run
print("requests", run["requests"], "throttled", run["throttled"], "rate", run["rate_limiter"]["rate"],
      "not explored", run["not_explored"])
PY
  stop_proxy
  want_no_tables
  echo "took $took s"
  ;;
refused_deletes)
  # A store that refuses the BatchWriteItem deletes emptying a table between
  # cases: a divergence with its reproduction, and the keys deleted one at a
  # time, so the cases go on (the run used to end at the first).
  start_proxy --refuse-deletes
  certify "$proxy_url" --cases 30 --property endpoint/query endpoint/scan \
    --known-divergences "$known" --record-divergences "$dir/recorded.json"
  want_exit 1
  want_out "BatchWriteItem rejected ValidationException .*; emptying a table: deletes of the keys its Scan returned"
  python3 - "$dir/cert.json" <<'PY' || fail "the JSON report does not keep the refused deletes and the other cases: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert not c["stopped"], c["stopped"]
found = [d for p in c["properties"] for d in p.get("divergences", [])
         if d["signature"]["operation"] == "BatchWriteItem"]
assert found, [d["signature"] for p in c["properties"] for d in p.get("divergences", [])]
r = found[0]["reproduction"]
assert r["request"]["action"] == "BatchWriteItem" and r["items"], r
assert all("DeleteRequest" in q for q in next(iter(r["request"]["params"]["RequestItems"].values()))), r
for p in c["properties"]:
    if p["id"] != "endpoint/known_divergences":
        assert p["cases"] >= 20, p
PY
  want_no_tables
  # Recorded, the same run passes: the refusal is one signature.
  certify "$proxy_url" --cases 30 --property endpoint/query endpoint/scan --known-divergences "$dir/recorded.json"
  want_exit 0
  want_no_tables
  ;;
reset_writes)
  # One connection: on several, the other connections' reads keep the
  # proxy's cut due, and one write's every retry can be the next write it
  # cuts (ten attempts cut, no answer), which tests the proxy, not the client.
  certify "$url" --cases 40 --seed 3 --budget 3600 --property endpoint/writes \
    --known-divergences "$known" --connections 1
  want_exit 0
  results >"$dir/direct"
  start_proxy --reset writes --reset-every 3
  certify "$proxy_url" --cases 40 --seed 3 --budget 3600 --property endpoint/writes \
    --known-divergences "$known" --connections 1
  results >"$dir/proxied"
  want_exit 0
  diff "$dir/direct" "$dir/proxied" || fail "the results differ with writes reset"
  read -r _ requests _ _ _ reset _ <"$dir/port.stats"
  [ "$reset" -gt 0 ] || fail "the proxy reset no write"
  want_out "[1-9][0-9]* writes? with an unknown outcome"
  python3 - "$dir/cert.json" <<'PY' || fail "the JSON report does not count the writes of unknown outcome: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
p = [p for p in c["properties"] if p["id"] == "endpoint/writes"][0]
u = p["unknown_outcomes"]
assert u["count"] > 0 and u["count"] == len(u["writes"]), u
assert u["settled"].get("applied", 0) > 0, u
assert u["settled"].get("neither", 0) == 0, u
for w in u["writes"]:
    assert w["settled"] in ("applied", "applied twice", "not applied", "unchanged", "unread"), w
    assert w["request"]["action"] in ("PutItem", "UpdateItem", "DeleteItem"), w
print("writes of unknown outcome:", u["count"], "settled", u["settled"])
PY
  echo "proxy: $requests requests, $reset writes reset"
  ;;
applied_500_writes)
  # Every 3rd write is applied, then answered HTTP 500: its retry meets the
  # state the first attempt left (a conditional write fails, an ADD applies
  # twice). The outcome is unknown and settled by reading the item back,
  # so the verdict is the one without the proxy.
  certify "$url" --cases 40 --seed 5 --budget 3600 --property endpoint/conditional_writes \
    --known-divergences "$known" --connections 1
  want_exit 0
  results >"$dir/direct"
  start_proxy --reset writes --reset-every 3 --reset-as 500
  certify "$proxy_url" --cases 40 --seed 5 --budget 3600 --property endpoint/conditional_writes \
    --known-divergences "$known" --connections 1
  results >"$dir/proxied"
  want_exit 0
  diff "$dir/direct" "$dir/proxied" || fail "the results differ with writes answered 500 once applied"
  read -r _ requests _ _ _ reset _ <"$dir/port.stats"
  [ "$reset" -gt 0 ] || fail "the proxy answered no write with a 500"
  want_out "[1-9][0-9]* writes? with an unknown outcome"
  echo "proxy: $requests requests, $reset writes applied and answered 500"
  ;;
interrupt)
  "$sortkey" certify --endpoint "$url" --no-progress --json "$dir/cert.json" --cases 1000000 \
    --known-divergences "$known" >"$dir/out" 2>"$dir/err" &
  pid=$!
  sleep 1.5
  kill -TERM "$pid"
  got=0
  wait "$pid" || got=$?
  want_exit 2
  want_err "could not run the endpoint certification: interrupted \(SIGTERM\)"
  want_stopped "interrupted \(SIGTERM\)"
  want_no_tables
  ;;
unreachable)
  start_proxy
  (certify "$proxy_url" --cases 1000000 --known-divergences "$known"; echo "$got" >"$dir/rc") &
  run=$!
  sleep 1.5
  stop_proxy
  wait "$run" || true
  got=$(cat "$dir/rc")
  want_exit 2
  want_err "could not run the endpoint certification: .*cannot reach $proxy_url/"
  want_err "tables? remains?: sortkey-cert-"
  want_stopped_unanswered "cannot reach"
  ;;
timeout)
  start_proxy --hang-after 150
  certify "$proxy_url" --cases 1000000 --request-timeout 1 --known-divergences "$known"
  want_exit 2
  want_err "could not run the endpoint certification: the endpoint stopped answering: .*no answer within 1000 ms"
  want_err "could not delete the table sortkey-cert-"
  want_err "tables? remains?: sortkey-cert-"
  want_stopped_unanswered "no answer within 1000 ms"
  ;;
swallow)
  start_proxy --swallow Query:30
  certify "$proxy_url" --cases 1000000 --budget 30 --request-timeout 1 --known-divergences "$known" \
    --record-divergences "$dir/recorded.json"
  want_exit 1
  want_out "Query no_answer no answer: timeout; .*"
  want_out "minimal reproduction \\(not minimized: a request without an answer is not replayed\\)"
  want_out "actual: \\{\"error\":\"no answer: timeout\""
  want_out "^NOT CERTIFIED"
  want_unanswered "no answer: timeout" 1
  grep -q '"no answer: timeout"' "$dir/recorded.json" || fail "the divergence was not recorded"
  ;;
die)
  start_proxy --die-on Query:60
  certify "$proxy_url" --cases 1000000 --budget 30 --known-divergences "$known" \
    --record-divergences "$dir/recorded.json"
  want_exit 2
  want_err "could not run the endpoint certification: the endpoint stopped answering: Query got no answer"
  want_out "Query no_answer no answer: connection lost; "
  want_stopped_unanswered "stopped answering"
  want_unanswered "no answer: connection lost" 1
  grep -q '"no answer: connection lost"' "$dir/recorded.json" || fail "the divergence was not recorded"
  ;;
cleanup)
  start_proxy --swallow DeleteTable:1
  certify "$proxy_url" --cases 3 --property endpoint/scan --request-timeout 1 \
    --known-divergences "$known"
  want_exit 2
  want_out "^endpoint/scan +3 +passed"
  want_out "^NOT CERTIFIED: .*: could not run the endpoint certification: the cleanup did not complete"
  want_err "could not delete the table sortkey-cert-.*no answer within 1000 ms"
  want_err "could not run the endpoint certification: the cleanup did not complete: could not delete the table"
  python3 - "$dir/cert.json" <<'PY' || fail "the JSON report does not keep the results: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["stopped"].startswith("could not run the endpoint certification: the cleanup did not"), c
assert not c["certified"] and c["failed"] == 0, c
p = [p for p in c["properties"] if p["id"] == "endpoint/scan"][0]
assert p["result"] == "passed" and p["cases"] == 3, p
PY
  ;;
exhausted)
  start_proxy --throttle 1 --throttle-after 60
  AWS_MAX_ATTEMPTS=3 AWS_RETRY_MODE=legacy certify "$proxy_url" --cases 1000000 \
    --known-divergences "$known"
  want_exit 2
  want_err "still failing after 3 attempts \(retry mode legacy, settings from AWS_RETRY_MODE, AWS_MAX_ATTEMPTS"
  want_stopped "still failing after 3 attempts"
  ;;
hostile)
  # Until this mode's change (server errors and answers that are not
  # DynamoDB's JSON read as the endpoint's answers), each of these ended the
  # run: exit 2, "could not run".
  for case in "Query:3:items_object|200|/Items is an object, not an array" \
              "Scan:3:count_string|200|/Count is a string, not a whole number" \
              "Query:2:attribute_number|200|/Items/0/[^ ]+/[SN] is a number, not a string" \
              "Scan:2:lek_string|200|/LastEvaluatedKey is a string, not an object" \
              "PutItem:5:message_number|400|/message is a number, not a string" \
              "BatchWriteItem:3:type_number|400|/__type is a number, not a string"; do
    corrupt=${case%%|*} rest=${case#*|}
    status=${rest%%|*} pattern=${rest#*|}
    start_proxy --corrupt "$corrupt"
    # The run goes on past the answer: a short budget keeps the six runs short
    # (the replay of the known divergences takes about 5 s of it).
    certify "$proxy_url" --cases 20 --budget 16 --known-divergences "$known"
    stop_proxy
    want_exit 1
    want_out "got HTTP $status that is not DynamoDB's JSON: $pattern \\(a JSON body of [0-9]+ bytes"
    python3 - "$dir/cert.json" "$status" "${corrupt%%:*}" <<'PY' || fail "the JSON report does not hold the malformed answer: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert not c.get("stopped"), c.get("stopped")
found = [d for p in c["properties"] for d in p.get("divergences", [])
         if d["signature"]["outcome"] == "malformed" and d["signature"]["error"] == "HTTP " + sys.argv[2]]
assert found, [d["signature"] for p in c["properties"] for d in p.get("divergences", [])]
r = found[0]["reproduction"]
assert all(k in r for k in ("table", "request", "expected", "actual")), r
assert r["actual"]["status"] == int(sys.argv[2]) and r["actual"]["body"]["type"] == "JSON", r["actual"]
PY
    if grep -q "json.exception\|type_error" "$dir/err" "$dir/out"; then fail "raw JSON library text"; fi
    echo "ok: $corrupt"
  done
  ;;
emptying)
  # The Scan emptying a table before a case serves a Number DynamoDB cannot
  # hold (as an endpoint that took a write DynamoDB refuses would): one
  # divergence named for the emptying Scan, the table given up for a fresh
  # one; recorded, its entry is not replayed (its reproduction starts from an
  # empty table) nor required to be met, so the same run straight to dynalite
  # passes with the file.
  # The project's file covers dynalite's other divergences, whichever case
  # the corrupted Scan cuts short; the run records what is new beside them.
  cp "$known" "$dir/recorded.json"
  start_proxy --corrupt Scan:4:long_number
  certify "$proxy_url" --cases 20 --property endpoint/query \
    --known-divergences "$dir/recorded.json" --record-divergences "$dir/recorded.json"
  want_exit 1
  want_out "recorded 1 new entry"

  want_out "Scan malformed; emptying a table: its consistent Scan"
  # Two lanes may both take the corruption before it counts.
  grep -Eq "corrupted [1-9]" "$dir/port.stats" || fail "the proxy corrupted nothing: $(cat "$dir/port.stats")"
  certify "$url" --cases 20 --property endpoint/query --known-divergences "$dir/recorded.json"
  want_exit 0
  want_out "^CERTIFIED"
  ;;
misanswer)
  start_proxy --misanswer
  started=$(date +%s)
  # The three properties that meet the three faults, so that each has a
  # share of the budget a loaded machine still explores.
  certify "$proxy_url" --budget 20 --known-divergences "$known" \
    --record-divergences "$dir/recorded.json" \
    --property endpoint/query --property endpoint/scan --property endpoint/limits
  took=$(($(date +%s) - started))
  want_exit 1
  # The budget bounds exploring; the known divergences' replays, the
  # minimizing and the cleanup come on top, on a shared machine.
  [ "$took" -le 90 ] || fail "the run took $took s with --budget 20"
  want_out "^NOT CERTIFIED"
  want_out "Query server_error HTTP 500 \"an HTML body\"; KeyConditionExpression holding a tab; values: -"
  want_out "a valid Query got HTTP 500: an HTML body of [0-9]+ bytes: <!DOCTYPE html>$"
  want_out "minimal reproduction \\(not minimized: a request answered with a server error is not replayed\\)"
  want_out "actual: \\{\"body\":\\{\"bytes\":[0-9]+,\"first_line\":\"<!DOCTYPE html>\",\"type\":\"HTML\"\\},\"error\":\"HTTP 500\",\"message\":\"an HTML body\",\"status\":500\\}"
  want_out "PutItem rejected ValidationException .*; values: multibyte\\+size-limit"
  want_out "Scan paging; scan of an index"
  if grep -q "Traceback\|json.exception\|type_error\|could not run" "$dir/err" "$dir/out"; then
    fail "a body quoted whole, JSON library text, or a run that could not go on"
  fi
  python3 - "$dir/cert.json" "$dir/recorded.json" <<'PY' || fail "the JSON report or the recorded file lacks the divergences: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert not c.get("stopped"), c.get("stopped")
found = [d for p in c["properties"] for d in p.get("divergences", [])]
def having(**want):
    return [d for d in found if all(d["signature"][k] == v for k, v in want.items())]
server = having(operation="Query", outcome="server_error", error="HTTP 500", message="an HTML body")
assert server, [d["signature"] for d in found]
r = server[0]["reproduction"]
assert all(k in r for k in ("table", "items", "request", "expected", "actual")), r
assert "\t" in r["request"]["params"]["KeyConditionExpression"], r["request"]
a = r["actual"]
assert a["status"] == 500 and a["body"]["type"] == "HTML" and a["body"]["bytes"] > 1000, a
assert a["body"]["first_line"] == "<!DOCTYPE html>", a
size = [d for d in having(operation="PutItem", outcome="rejected") if d["signature"]["values"] == "multibyte+size-limit"]
assert size, [d["signature"] for d in found]
assert having(operation="Scan", outcome="paging", feature="scan of an index"), [d["signature"] for d in found]
recorded = json.load(open(sys.argv[2]))["divergences"]
outcomes = {(e["signature"]["outcome"], e["signature"]["values"]) for e in recorded}
assert ("server_error", "") in outcomes or any(o == "server_error" for o, _ in outcomes), outcomes
assert ("rejected", "multibyte+size-limit") in outcomes, outcomes
assert any(o == "paging" for o, _ in outcomes), outcomes
print(len(found), "divergences,", len(server), "server errors of Query")
PY
  read -r _ requests _ _ _ _ _ _ _ _ _ _ _ errors _ refused _ repaged <"$dir/port.stats"
  echo "proxy: $requests requests, $errors server errors, $refused writes refused, $repaged pages made up; $took s"
  ;;
endless_scans)
  # Every Scan pages for ever, the one that empties a table between cases
  # too: the run stops reading it after 1,000 pages, records a divergence,
  # and keeps no more keys than a table of the workload could hold.
  start_proxy --endless-scans
  certify "$proxy_url" --cases 5 --budget 10 --property endpoint/scan
  want_exit 1
  want_out "the consistent Scan emptying the table did not end after 100 pages"
  if grep -q "could not run" "$dir/err" "$dir/out"; then fail "the run could not go on"; fi
  ;;
failing)
  start_proxy --fail-after 300
  certify "$proxy_url" --cases 1000000 --budget 60 --known-divergences "$known" \
    --record-divergences "$dir/recorded.json"
  want_exit 2
  want_err "could not run the endpoint certification: the endpoint stopped answering: [A-Za-z]+ got HTTP 500: an HTML body of [0-9]+ bytes: <!DOCTYPE html>, then http://127.0.0.1:[0-9]+/ DescribeTable: HTTP 500 after 3 attempts"
  want_out "the run stopped exploring: the endpoint stopped answering"
  want_out "^endpoint/"
  if grep -q "Traceback" "$dir/err" "$dir/out"; then fail "a body quoted whole"; fi
  python3 - "$dir/cert.json" <<'PY' || fail "the JSON report does not keep what was found: $(head -c 3000 "$dir/cert.json")"
import json, sys
c = json.load(open(sys.argv[1]))
assert c["stopped"] and "stopped answering" in c["stopped"] and "DescribeTable" in c["stopped"], c["stopped"]
assert not c["certified"], c
assert any(p["cases"] > 0 for p in c["properties"]), c["properties"]
for p in c["properties"]:
    if p["result"] == "FAILED":
        assert any(d["signature"]["outcome"] == "server_error" for d in p["divergences"]), p
PY
  [ -s "$dir/recorded.json" ] || fail "--record-divergences wrote nothing"
  stop_proxy
  want_no_tables
  ;;
config)
  cat >"$dir/config" <<EOF
[profile cert]
services = local
credential_process = printf '{"Version": 1, "AccessKeyId": "PROCESSKEY0042", "SecretAccessKey": "s3cr3t-from-process"}'

[services local]
dynamodb =
  endpoint_url = $url
EOF
  got=0
  AWS_CONFIG_FILE=$dir/config AWS_SHARED_CREDENTIALS_FILE=$dir/none AWS_PROFILE=cert \
    "$sortkey" certify --endpoint --no-progress --cases 5 --known-divergences "$known" \
    >"$dir/out" 2>"$dir/err" || got=$?
  want_exit 0
  want_out "access key \*+0042 from credential_process of config file $dir/config \[profile cert\]"
  want_out "URL from dynamodb.endpoint_url in the config file $dir/config \[services local\]"
  if grep -q "s3cr3t" "$dir/out" "$dir/err"; then fail "the secret was printed"; fi
  ;;
keep)
  certify "$url" --cases 3 --property endpoint/scan --keep-tables --known-divergences "$known"
  want_exit 0
  want_err "kept [1-9][0-9]* tables? \(--keep-tables\): sortkey-cert-"
  if (want_no_tables) >/dev/null 2>&1; then fail "--keep-tables deleted the tables"; fi
  ;;
expiring)
  # Keys that expire in 4 minutes: within the 5 minutes before expiry, so
  # every request fetches them again; the helper counts its runs.
  cat >"$dir/helper" <<HELPER
#!/bin/sh
echo run >>"$dir/helper.runs"
printf '{"Version": 1, "AccessKeyId": "EXPIRINGKEY1", "SecretAccessKey": "x", "Expiration": "%s"}' "\$(date -u -d '+4 min' +%Y-%m-%dT%H:%M:%SZ)"
HELPER
  chmod +x "$dir/helper"
  printf '[default]\ncredential_process = %s\n' "$dir/helper" >"$dir/config"
  AWS_CONFIG_FILE=$dir/config AWS_SHARED_CREDENTIALS_FILE=$dir/none \
    certify "$url" --cases 2 --property endpoint/scan --known-divergences "$known"
  want_exit 0
  want_out "credential_process renewed the keys [1-9][0-9]* time"
  [ "$(wc -l <"$dir/helper.runs")" -gt 2 ] || fail "the helper ran $(wc -l <"$dir/helper.runs") times"
  ;;
transactions)
  local_url=$(bash "$src/ci/dynamodb_local.sh" start "$dir/ddblocal" $$)
  url=$local_url
  signatures() {  # the signatures of the run's divergences, one a line
    python3 -c 'import json, sys
for d in json.load(open(sys.argv[1]))["divergences"]: print(json.dumps(d["signature"], sort_keys=True))' "$1"
  }
  certify "$url" --property endpoint/transactions --cases 60 --seed 3 --budget 3600 --connections 1 \
    --record-divergences "$dir/direct.json"
  [ "$got" = 0 ] || [ "$got" = 1 ] || fail "exit status $got on DynamoDB Local"
  if [ -f "$dir/direct.json" ]; then signatures "$dir/direct.json" >"$dir/direct"; else : >"$dir/direct"; fi
  start_proxy --plant-transactions
  certify "$proxy_url" --property endpoint/transactions --cases 60 --seed 3 --budget 3600 \
    --connections 1 --record-divergences "$dir/planted.json"
  want_exit 1
  want_out "^NOT CERTIFIED"
  grep -Eq "planted [1-9]" "$dir/port.stats" || fail "no TransactWriteItems was planted: $(cat "$dir/port.stats")"
  grep -Eq "held_back [1-9]" "$dir/port.stats" || fail "no BatchGetItem key was held back: $(cat "$dir/port.stats")"
  signatures "$dir/planted.json" >"$dir/planted"
  grep -vxFf "$dir/direct" "$dir/planted" >"$dir/new" || true
  grep -q '"operation": "TransactWriteItems", "outcome": "result"' "$dir/new" \
    || fail "no new TransactWriteItems result divergence through the planted proxy: $(cat "$dir/new")"
  want_out "TransactWriteItems \[.*\] then GetItem on t[01] reads"
  if grep -q '"operation": "BatchGetItem"' "$dir/direct" "$dir/planted"; then
    fail "a BatchGetItem divergence: UnprocessedKeys not followed up"
  fi
  ;;
transaction_indexes)
  url=$(bash "$src/ci/dynamodb_local.sh" start "$dir/ddblocal" $$)
  start_proxy --stale-indexes-after-transactions
  certify "$proxy_url" --property endpoint/transactions --cases 40 --seed 3 --budget 3600 \
    --connections 1
  want_exit 1
  want_out "^NOT CERTIFIED"
  grep -Eq "stale [1-9]" "$dir/port.stats" || fail "no index Scan followed a transaction: $(cat "$dir/port.stats")"
  want_out "^  [0-9a-f]{10} +[0-9]+x Scan; result; .*index"
  ;;
connections)
  certify "$url" --cases 40 --seed 1 --budget 3600 --connections 1 --known-divergences "$known"
  want_exit 0
  cp "$dir/cert.json" "$dir/serial.json"
  start_proxy
  certify "$proxy_url" --cases 40 --seed 1 --budget 3600 --connections 4 --known-divergences "$known"
  want_exit 0
  want_out "requests/s on 4 connections"
  python3 - "$dir/serial.json" "$dir/cert.json" "$url" "$proxy_url" <<'PY' || fail "the results differ on four connections"
import json, sys
def properties(path, url):
    text = open(path).read().replace(url, "URL")
    out = []
    for p in json.loads(text)["properties"]:
        out.append({k: v for k, v in p.items() if k not in ("seconds", "seconds_to_failure")})
    return out
serial, parallel = properties(sys.argv[1], sys.argv[3]), properties(sys.argv[2], sys.argv[4])
assert len(serial) == 12 and any(p.get("divergences") for p in serial), serial
def differences(x, y, path=""):
    if type(x) is not type(y) or not isinstance(x, (dict, list)):
        return [] if x == y else [f"{path}: {json.dumps(x)[:300]} | {json.dumps(y)[:300]}"]
    if isinstance(x, list):
        out = [] if len(x) == len(y) else [f"{path}: {len(x)} | {len(y)} elements"]
        return out + [d for i, (u, v) in enumerate(zip(x, y)) for d in differences(u, v, f"{path}/{i}")]
    return [d for k in sorted(set(x) | set(y))
            for d in differences(x.get(k), y.get(k), f"{path}/{k}")]
found = [d for a, b in zip(serial, parallel) for d in differences(a, b, "/" + a.get("name", "?"))]
assert not found, "\n".join(found[:20])
PY
  read -r _ requests _ _ _ _ _ _ _ concurrent _ connections _ <"$dir/port.stats"
  [ "$concurrent" -ge 2 ] && [ "$connections" -ge 4 ] ||
    fail "the proxy held at most $concurrent requests at once on $connections connections"
  stop_proxy
  want_no_tables
  echo "proxy: $requests requests, at most $concurrent at once, $connections connections"
  ;;
*)
  echo "unknown mode $mode"
  exit 2
  ;;
esac
echo "--- stderr of the last run"; cat "$dir/err"
echo "ok: $mode"
