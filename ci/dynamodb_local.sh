#!/usr/bin/env bash
# dir, url and port are set for the script that sources this file:
# shellcheck disable=SC2034
# Starts and stops DynamoDB Local, AWS's own Java implementation of
# DynamoDB, on a free loopback port for the endpoint tests, as
# ci/dynalite.sh does for dynalite. The jar (DynamoDB Local 1.25.1) comes in
# the npm package amplify-dynamodb-simulator, pinned exactly in
# ci/dynamodb-local/package.json with a committed package-lock.json and
# installed by ci/install_npm.sh; Java is Debian's openjdk-17-jre-headless,
# installed by ci/install_deps.sh. Neither is kept in git.
#
#   ci/dynamodb_local.sh install  install Java and the npm package when missing
#   ci/dynamodb_local.sh start STATE [OWNER_PID]
#                                start it (installing first what is missing),
#                                wait until it answers DynamoDB's protocol,
#                                write "URL PID" to STATE, print the URL; with
#                                OWNER_PID, a watchdog stops it when that
#                                process ends (a test killed on timeout)
#   ci/dynamodb_local.sh stop STATE
#                                stop the process named in STATE (if it runs)
#
# Sourced (`source ci/dynamodb_local.sh`), it defines the same as functions
# (dynamodb_local_install, dynamodb_local_start STATE [OWNER_PID],
# dynamodb_local_stop STATE) and dynamodb_local_session: a scratch directory
# $dir and a DynamoDB Local for this shell ($url, $port), both gone at exit;
# and ddb, run_interrupted and fail (ci/local_endpoint.sh).
#
# It runs in memory (-inMemory: the data goes with the process), with one
# database for every access key and region (-sharedDb: `ddb` and sortkey
# sign with different placeholder keys and must see the same tables), and
# without telemetry (-disableTelemetry: nothing leaves the machine). It
# listens on every interface (it has no option to bind one); the tests
# speak to it on loopback only. A JVM starts in a few seconds; the wait
# allows 60 on a loaded machine.

dynamodb_local_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dynamodb_local_emulator="$dynamodb_local_root/ci/dynamodb-local/node_modules/amplify-dynamodb-simulator/emulator"
# shellcheck source=ci/local_endpoint.sh
source "$dynamodb_local_root/ci/local_endpoint.sh"

dynamodb_local_install() {
  command -v java >/dev/null 2>&1 || bash "$dynamodb_local_root/ci/install_deps.sh" openjdk-17-jre-headless
  [ -f "$dynamodb_local_emulator/DynamoDBLocal.jar" ] || bash "$dynamodb_local_root/ci/install_npm.sh"
}

dynamodb_local_start() {
  local state=$1 owner=${2:-}
  dynamodb_local_install >&2
  local port pid
  port=$(local_endpoint_port)
  # From the jar's folder, which holds DynamoDBLocal_lib (sqlite4java's
  # native library); exec, so that $! is the JVM itself.
  (cd "$dynamodb_local_emulator" &&
    exec java -Djava.library.path=DynamoDBLocal_lib -jar DynamoDBLocal.jar \
      -inMemory -sharedDb -disableTelemetry -port "$port") >"${state}.log" 2>&1 </dev/null &
  pid=$!
  local_endpoint_up "ci/dynamodb_local.sh: DynamoDB Local" "$state" "http://127.0.0.1:$port" \
    "$pid" "${state}.log" 60 "$owner"
}

dynamodb_local_stop() { local_endpoint_stop "$1"; }

dynamodb_local_session() {
  dir=$(mktemp -d)
  trap 'dynamodb_local_stop "$dir/dynamodb-local" || true; rm -rf "$dir"' EXIT
  url=$(dynamodb_local_start "$dir/dynamodb-local" $$)
  port=${url##*:}
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cmd=${1:-}
  state=${2:-}
  if [ "$cmd" = install ]; then
    dynamodb_local_install
    exit 0
  fi
  if [ -z "$cmd" ] || [ -z "$state" ]; then
    echo "usage: ci/dynamodb_local.sh install | start STATE_FILE [OWNER_PID] | stop STATE_FILE" >&2
    exit 2
  fi
  case "$cmd" in
  start) dynamodb_local_start "$state" "${3:-}" ;;
  stop) dynamodb_local_stop "$state" ;;
  *)
    echo "ci/dynamodb_local.sh: unknown command $cmd (install, start or stop)" >&2
    exit 2
    ;;
  esac
fi
