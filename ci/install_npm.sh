#!/usr/bin/env bash
# Installs the npm packages the KSUID/ULID differential test and benchmark
# compare against, and dynalite, the DynamoDB emulator the endpoint
# certification runs against (ci/peers/package.json: ksuid, ulid, ulidx,
# dynalite, pinned exactly, with a committed package-lock.json), with `npm ci`, when ci/peers/node_modules
# is missing or older than the lock file; the same for the Node.js reference
# codec adapter (adapters/node/package.json: ksuid, ulid) and for DynamoDB
# Local (ci/dynamodb-local/package.json: amplify-dynamodb-simulator, which
# ships AWS's jar; ci/dynamodb_local.sh runs it). Safe to run again, and from
# several test runs at once (a lock serialises them).
#
# Node.js and npm come from the machine. When either is missing, Debian's
# nodejs and npm packages are installed; a Node.js that is already there
# (e.g. NodeSource's, which bundles npm) is left alone, because Debian's npm
# package would replace it.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=ci/peers

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "ci/install_npm.sh: node or npm is missing; installing Debian's nodejs and npm"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi

# install_dir DIR: npm ci in DIR unless its node_modules matches its lock file.
install_dir() {
  local dir=$1
  local stamp=$dir/node_modules/.sortkey-lock.sha256
  local want
  want=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
  exec 9>"$dir/.install.lock"
  flock -w 300 9 || { echo "ci/install_npm.sh: another install holds $dir/.install.lock" >&2; exit 1; }
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "ci/install_npm.sh: npm ci in $dir (node $(node --version), npm $(npm --version))"
    npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
    echo "$want" >"$stamp"
  fi
  exec 9>&-
}

install_dir "$dir"
# The packaging checks (ci/node/: action-validator, dockerfile-ast, yaml).
install_dir ci/node
# The Node.js reference codec adapter (adapters/node/: ksuid and ulid, as
# pinned for ci/peers), certified in the test run.
install_dir adapters/node
# DynamoDB Local (ci/dynamodb-local/: the jar inside amplify-dynamodb-simulator,
# pinned exactly), the second endpoint the test run certifies.
install_dir ci/dynamodb-local
