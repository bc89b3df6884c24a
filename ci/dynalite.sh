#!/usr/bin/env bash
# dir, url and port are set for the script that sources this file:
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
# what the tests that run a command against it share (ci/local_endpoint.sh):
#   dynalite_start STATE [OWNER_PID], dynalite_stop STATE
#   dynalite_session             a scratch directory $dir and a dynalite for
#                                this shell ($url, $port), both gone at exit
#   ddb ACTION JSON              a DynamoDB call (python3's stdlib posts the
#                                JSON), its answer on stdout
#   run_interrupted OUT CMD...   CMD with stdout and stderr to OUT, SIGINT
#                                (or $SORTKEY_TEST_SIGNALS, 50 ms apart) after
#                                3 s; its exit status in $got
#   fail MESSAGE...              "FAILED: MESSAGE" and exit 1
#
# Tables become ACTIVE at once (--createTableMs 0 ...) so that tests do not
# wait; data lives in memory and goes with the process.

dynalite_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=ci/local_endpoint.sh
source "$dynalite_root/ci/local_endpoint.sh"

dynalite_start() {
  local state=$1 owner=${2:-} cli="$dynalite_root/ci/peers/node_modules/dynalite/cli.js"
  if [ ! -f "$cli" ]; then
    bash "$dynalite_root/ci/install_npm.sh" >&2
  fi
  local port pid
  port=$(local_endpoint_port)
  node "$cli" --host 127.0.0.1 --port "$port" --createTableMs 0 --deleteTableMs 0 --updateTableMs 0 \
    >"${state}.log" 2>&1 </dev/null &
  pid=$!
  local_endpoint_up "ci/dynalite.sh: dynalite" "$state" "http://127.0.0.1:$port" "$pid" \
    "${state}.log" 10 "$owner"
}

dynalite_stop() { local_endpoint_stop "$1"; }

dynalite_session() {
  dir=$(mktemp -d)
  trap 'dynalite_stop "$dir/dynalite" || true; rm -rf "$dir"' EXIT
  url=$(dynalite_start "$dir/dynalite" $$)
  port=${url##*:}
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
