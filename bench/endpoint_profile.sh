#!/usr/bin/env bash
# Where dynalite spends endpoint certification's time: runs `sortkey certify
# --endpoint` against a dynalite started under `node --cpu-prof`, then sums
# the profile by package and function (bench/cpuprofile_summary.py).
#
#   bash bench/endpoint_profile.sh SORTKEY [certify options...]
#   e.g. bash bench/endpoint_profile.sh build/ci/tools/sortkey --cases 100 --connections 4
#        bash bench/endpoint_profile.sh build/ci/tools/sortkey --property endpoint/limits
#
# dynalite's known divergences (corpus/divergences/dynalite.json) are passed,
# so that the profile is of the checks, not of minimizing known ones. The
# profile is kept in build/endpoint-profile/. Exit status: certify's when
# it is 0 or 1, else 2.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: bash bench/endpoint_profile.sh SORTKEY [certify options...]" >&2
  exit 2
fi
sortkey=$1
shift
module="$root/ci/peers/node_modules/dynalite"
[ -d "$module" ] || bash "$root/ci/install_npm.sh" >&2
out="$root/build/endpoint-profile"
rm -rf "$out" && mkdir -p "$out"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
# A SIGTERM handler, so that node exits normally and writes its profile.
node --cpu-prof --cpu-prof-dir="$out" -e "
  const server = require(process.argv[1])({createTableMs: 0, deleteTableMs: 0, updateTableMs: 0});
  server.listen(Number(process.argv[2]), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  setTimeout(() => process.exit(0), 3600 * 1000).unref();" "$module" "$port" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  if python3 -c "import socket,sys; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null; then break; fi
  kill -0 "$pid" 2>/dev/null || { echo "endpoint_profile: dynalite exited at start" >&2; exit 2; }
  sleep 0.1
done
status=0
"$sortkey" certify --endpoint "http://127.0.0.1:$port" \
  --known-divergences "$root/corpus/divergences/dynalite.json" --no-progress "$@" || status=$?
kill -TERM "$pid"
wait "$pid" || true
trap - EXIT
profile=$(ls "$out"/*.cpuprofile 2>/dev/null | head -1)
if [ -z "$profile" ]; then
  echo "endpoint_profile: dynalite wrote no profile" >&2
  exit 2
fi
echo
echo "dynalite's profile ($profile):"
python3 "$root/bench/cpuprofile_summary.py" "$profile"
[ "$status" -le 1 ] || exit 2
exit "$status"
