#!/usr/bin/env bash
# `sortkey certify --endpoint` against dynalite behind endpoint_proxy.py, which
# throttles, resets connections, stops answering or corrupts answers as each
# mode asks (ci/dynalite.sh starts dynalite; both are stopped whatever happens).
#
#   proxy_certify.sh SORTKEY SOURCE_DIR MODE
#
# MODE throttle     the same run straight to dynalite and through a proxy that
#                   throttles 30% of the requests above 40 per second and
#                   resets a connection halfway through its answer (a read's
#                   or a write's) after every 40th request, on four connections sharing one
#                   rate limiter: the same verdict and the same table, the
#                   throttles and broken connections survived and counted.
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
#                   each kind: exit 2 with a sentence naming it by its JSON
#                   pointer, never a property failure.
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
    assert w["settled"] in ("applied", "not applied", "unchanged", "unread"), w
    assert w["request"]["action"] in ("PutItem", "UpdateItem", "DeleteItem"), w
print("writes of unknown outcome:", u["count"], "settled", u["settled"])
PY
  echo "proxy: $requests requests, $reset writes reset"
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
  start_proxy --swallow Query:60
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
  for case in "Query:3:items_object|/Items is an object, not an array" \
              "Scan:3:count_string|/Count is a string, not a whole number" \
              "Query:2:attribute_number|/Items/0/[^ ]+/[SN] is a number, not a string" \
              "Scan:2:lek_string|/LastEvaluatedKey is a string, not an object" \
              "PutItem:5:message_number|/message is a number, not a string" \
              "BatchWriteItem:3:type_number|/__type is a number, not a string"; do
    corrupt=${case%%|*} pattern=${case#*|}
    start_proxy --corrupt "$corrupt"
    certify "$proxy_url" --cases 200 --known-divergences "$known"
    stop_proxy
    want_exit 2
    want_err "could not run the endpoint certification: .*HTTP [0-9]+: in the (error )?answer, $pattern"
    want_stopped "$pattern"
    if grep -q "json.exception" "$dir/err" "$dir/out"; then fail "raw JSON library text"; fi
    echo "ok: $corrupt"
  done
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
assert len(serial) == 7 and any(p.get("divergences") for p in serial), serial
for a, b in zip(serial, parallel):
    assert a == b, json.dumps([a, b], indent=1)[:4000]
PY
  read -r _ requests _ _ _ _ _ _ _ concurrent _ connections <"$dir/port.stats"
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
