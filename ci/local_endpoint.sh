#!/usr/bin/env bash
# dir, url, port and got are set for the script that sources this file:
# shellcheck disable=SC2034
# What the scripts that run a local DynamoDB-compatible endpoint for the
# tests share (ci/dynalite.sh, ci/dynamodb_local.sh). Sourced only.
#
#   local_endpoint_port          a free loopback port, printed
#   local_endpoint_up NAME STATE URL PID LOG SECONDS [OWNER_PID]
#                                after the caller started the process PID
#                                (its output in LOG): writes "URL PID" to
#                                STATE, with OWNER_PID starts a watchdog that
#                                stops it when that process ends (a test
#                                killed on timeout), waits until it answers
#                                DynamoDB's protocol and prints URL; if it
#                                exits or stays silent for SECONDS, says so
#                                with its log, stops it, and returns 1
#   local_endpoint_stop STATE    stops the process named in STATE (if it
#                                runs), by its id, and removes STATE and
#                                its log
#   ddb ACTION JSON              a DynamoDB call to 127.0.0.1:$port (python3's
#                                stdlib posts the JSON), its answer on stdout
#   run_interrupted OUT CMD...   CMD with stdout and stderr to OUT, SIGINT
#                                after 3 s; its exit status in $got
#   fail MESSAGE...              "FAILED: MESSAGE" and exit 1

local_endpoint_port() {
  # Bind port 0 and read what the kernel gave. Another process could take it
  # before the endpoint binds; then the readiness wait fails cleanly.
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

local_endpoint_up() {
  local name=$1 state=$2 url=$3 pid=$4 log=$5 seconds=$6 owner=${7:-}
  local port=${url##*:}
  echo "$url $pid" >"$state"
  if [ -n "$owner" ]; then
    (while kill -0 "$owner" 2>/dev/null && kill -0 "$pid" 2>/dev/null; do sleep 1; done
     kill "$pid" 2>/dev/null || true) >/dev/null 2>&1 </dev/null &
  fi
  # Ready when a request gets DynamoDB's JSON answer (any __type will do).
  local tries=$((seconds * 10))
  for _ in $(seq 1 "$tries"); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name exited at start:" >&2
      cat "$log" >&2
      return 1
    fi
    if python3 - "$port" <<'PY' 2>/dev/null; then
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=1)
c.request("POST", "/", body="{}", headers={"X-Amz-Target": "DynamoDB_20120810.ListTables",
                                         "Content-Type": "application/x-amz-json-1.0"})
sys.exit(0 if c.getresponse().status in (200, 400) else 1)
PY
      echo "$url"
      return 0
    fi
    sleep 0.1
  done
  echo "$name did not answer on $url within $seconds s:" >&2
  cat "$log" >&2
  local_endpoint_stop "$state" >/dev/null 2>&1 || true
  return 1
}

local_endpoint_stop() {
  local state=$1 pid=""
  [ -f "$state" ] || return 0
  read -r _ pid <"$state" || true
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$state" "${state}.log"
}

ddb() {
  python3 - "$port" "$1" "$2" <<'PY'
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
c.request("POST", "/", body=sys.argv[3], headers={
    "X-Amz-Target": "DynamoDB_20120810." + sys.argv[2], "Content-Type": "application/x-amz-json-1.0",
    "Authorization": "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/dynamodb/aws4_request, "
                     "SignedHeaders=host, Signature=0", "X-Amz-Date": "20260101T000000Z"})
print(c.getresponse().read().decode())
PY
}

run_interrupted() {
  local out=$1 pid
  shift
  "$@" >"$out" 2>&1 &
  pid=$!
  sleep 3
  # SORTKEY_TEST_SIGNALS: the signals sent, 50 ms apart (default INT).
  for sig in ${SORTKEY_TEST_SIGNALS:-INT}; do
    kill -"$sig" "$pid" 2>/dev/null || true
    sleep 0.05
  done
  got=0
  wait "$pid" || got=$?
}

fail() {
  echo "FAILED: $*"
  # What the local endpoint said, and whether its process still runs: an
  # endpoint that died mid-run and one that never answered look alike.
  local log state pid
  for log in "${dir:-/nonexistent}"/*.log; do
    [ -f "$log" ] || continue
    state=${log%.log} pid=""
    [ -f "$state" ] && read -r _ pid <"$state"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      echo "--- $log (process $pid still running), last 20 lines:"
    else
      echo "--- $log (process ${pid:-?} gone), last 20 lines:"
    fi
    tail -n 20 "$log"
  done
  exit 1
}
