#!/usr/bin/env bash
# signal_kills_adapter.sh SORTKEY SOURCE_DIR WORK_DIR
# A certifier stopped by SIGTERM (or Ctrl-C's SIGINT) takes its adapter with
# it, even one that hangs, though the adapter runs in a process group of its
# own that the terminal's signal never reaches. The adapter here is the
# shell's child, not the shell: only the group kill reaches it.
set -euo pipefail
sortkey=$1 src=$2 work=$3
mkdir -p "$work"
pid_file=$work/adapter.pid
rm -f "$pid_file"
"$sortkey" certify --no-progress --timeout-ms 600000 \
  --codec-cmd "exec 3<&0; python3 $src/adapters/broken/hangs.py <&3 & echo \$! > $pid_file; wait" >/dev/null 2>&1 &
certify=$!
for _ in $(seq 200); do [ -s "$pid_file" ] && break; sleep 0.05; done
adapter=$(cat "$pid_file")
sleep 1   # the certifier is now waiting on the hung adapter
kill -TERM "$certify"
wait "$certify" || true
for _ in $(seq 100); do
  state=$(awk '{print $3}' "/proc/$adapter/stat" 2>/dev/null || echo gone)
  if [ "$state" = gone ] || [ "$state" = Z ]; then echo "ok: the adapter $adapter went with the certifier"; exit 0; fi
  sleep 0.05
done
echo "the adapter $adapter (state $state) outlived the certifier"
kill -KILL "$adapter" 2>/dev/null || true
exit 1
