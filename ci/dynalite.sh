#!/usr/bin/env bash
# Starts and stops dynalite (npm, installed by ci/install_npm.sh into
# tools/node/) on a free loopback port, for the endpoint certification.
#
#   ci/dynalite.sh start STATE [OWNER_PID]
#                                start it, wait until it answers DynamoDB's
#                                protocol, write "URL PID" to STATE, print the
#                                URL; with OWNER_PID, a watchdog stops it when
#                                that process ends (a test killed on timeout)
#   ci/dynalite.sh stop STATE    stop the process named in STATE (if it runs)
#
# Tables become ACTIVE at once (--createTableMs 0 ...) so that tests do not
# wait; data lives in memory and goes with the process.
set -euo pipefail
cd "$(dirname "$0")/.."

cmd=${1:-}
state=${2:-}
if [ -z "$cmd" ] || [ -z "$state" ]; then
  echo "usage: ci/dynalite.sh start STATE_FILE [OWNER_PID] | stop STATE_FILE" >&2
  exit 2
fi

case "$cmd" in
start)
  cli=tools/node/node_modules/dynalite/cli.js
  if [ ! -f "$cli" ]; then
    bash ci/install_npm.sh >&2
  fi
  # A free port: bind port 0 and read what the kernel gave. Another process
  # could take it before dynalite binds; then the wait below fails cleanly.
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
  log="${state}.log"
  node "$cli" --host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 --updateTableMs 0 \
    >"$log" 2>&1 </dev/null &
  pid=$!
  owner=${3:-}
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
      exit 1
    fi
    if python3 - "$port" <<'PY' 2>/dev/null; then
import http.client, sys
c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=1)
c.request("POST", "/", body="{}", headers={"X-Amz-Target": "DynamoDB_20120810.ListTables",
                                         "Content-Type": "application/x-amz-json-1.0"})
sys.exit(0 if c.getresponse().status in (200, 400) else 1)
PY
      echo "$url"
      exit 0
    fi
    sleep 0.1
  done
  echo "ci/dynalite.sh: dynalite did not answer on $url within 10 s" >&2
  kill "$pid" 2>/dev/null || true
  exit 1
  ;;
stop)
  [ -f "$state" ] || exit 0
  read -r _ pid <"$state" || true
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$state" "${state}.log"
  ;;
*)
  echo "ci/dynalite.sh: unknown command $cmd (start or stop)" >&2
  exit 2
  ;;
esac
