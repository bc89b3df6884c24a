#!/usr/bin/env bash
# dir, url, port and got are set for the script that sources this file:
# shellcheck disable=SC2034
# Starts and stops dynalite (npm, installed by ci/install_npm.sh into
# ci/peers/) on a free loopback port, for the endpoint tests.
#
#   ci/dynalite.sh start STATE [OWNER_PID]
#                                start it, wait until it answers DynamoDB's
#                                protocol, write "URL PID" to STATE, print the
#                                URL; with OWNER_PID, a watchdog stops it when
#                                that process ends (a test killed on timeout)
#   ci/dynalite.sh stop STATE    stop the process named in STATE (if it runs)
#
# Sourced (`source ci/dynalite.sh`), it defines the same as functions, and
# what the tests that run a command against it share:
#   dynalite_start STATE [OWNER_PID], dynalite_stop STATE
#   dynalite_session             a scratch directory $dir and a dynalite for
#                                this shell ($url, $port), both gone at exit
#   ddb ACTION JSON              a DynamoDB call (python3's stdlib posts the
#                                JSON), its answer on stdout
#   run_interrupted OUT CMD...   CMD with stdout and stderr to OUT, SIGINT
#                                after 3 s (SORTKEY_TEST_SIGNALS: the signals
#                                to send instead, 50 ms apart, e.g. "HUP" or
#                                "INT INT"); its exit status in $got
#   fail MESSAGE...              "FAILED: MESSAGE" and exit 1
#
# Tables become ACTIVE at once (--createTableMs 0 ...) so that tests do not
# wait; data lives in memory and goes with the process.

dynalite_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

dynalite_start() {
  local state=$1 owner=${2:-} cli="$dynalite_root/ci/peers/node_modules/dynalite/cli.js"
  if [ ! -f "$cli" ]; then
    bash "$dynalite_root/ci/install_npm.sh" >&2
  fi
  # A free port: bind port 0 and read what the kernel gave. Another process
  # could take it before dynalite binds; then the wait below fails cleanly.
  local port pid url log="${state}.log"
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  node "$cli" --host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 --updateTableMs 0 \
    >"$log" 2>&1 </dev/null &
  pid=$!
  if [ -n "$owner" ]; then
    (while kill -0 "$owner" 2>/dev/null && kill -0 "$pid" 2>/dev/null; do sleep 1; done
     kill "$pid" 2>/dev/null || true) >/dev/null 2>&1 </dev/null &
  fi
  url="http://127.0.0.1:$port"
  echo "$url $pid" >"$state"
  # Ready when a request gets DynamoDB's JSON answer (any __type will do).
  for _ in $(seq 1 100); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "ci/dynalite.sh: dynalite exited at start:" >&2
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
  echo "ci/dynalite.sh: dynalite did not answer on $url within 10 s" >&2
  kill "$pid" 2>/dev/null || true
  return 1
}

dynalite_stop() {
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

dynalite_session() {
  dir=$(mktemp -d)
  trap 'dynalite_stop "$dir/dynalite" || true; rm -rf "$dir"' EXIT
  url=$(dynalite_start "$dir/dynalite" $$)
  port=${url##*:}
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
  for sig in ${SORTKEY_TEST_SIGNALS:-INT}; do
    kill -"$sig" "$pid" 2>/dev/null || true
    sleep 0.05
  done
  got=0
  wait "$pid" || got=$?
}

fail() {
  echo "FAILED: $*"
  exit 1
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cmd=${1:-}
  state=${2:-}
  if [ -z "$cmd" ] || [ -z "$state" ]; then
    echo "usage: ci/dynalite.sh start STATE_FILE [OWNER_PID] | stop STATE_FILE" >&2
    exit 2
  fi
  case "$cmd" in
  start) dynalite_start "$state" "${3:-}" ;;
  stop) dynalite_stop "$state" ;;
  *)
    echo "ci/dynalite.sh: unknown command $cmd (start or stop)" >&2
    exit 2
    ;;
  esac
fi
