#!/usr/bin/env bash
# install.sh: `npm ci` in design/import/node/ (the entity libraries the import
# tests load, pinned by package-lock.json) unless its node_modules already
# matches the lock file. Safe to run from several test runs at once.
set -euo pipefail
dir=$(cd "$(dirname "$0")" && pwd)
stamp=$dir/node_modules/.sortkey-lock.sha256
want=$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)
exec 9>"$dir/.install.lock"
flock -w 300 9 || { echo "install.sh: another install holds $dir/.install.lock" >&2; exit 1; }
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi
