#!/usr/bin/env bash
# children_die.sh SORTKEY SIGNAL: a credential_process that never ends (it
# starts a sleeping child of its own and waits) is running when `sortkey
# certify --endpoint` gets SIGNAL; sortkey must end at once and leave neither
# the process nor its child running.
set -u
sortkey=$1 sig=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '[default]\ncredential_process = sh -c '"'"'sleep 1000 & echo $! >%s/pid; wait'"'"'\n' "$dir" >"$dir/config"
env -u AWS_ACCESS_KEY_ID -u AWS_SECRET_ACCESS_KEY -u AWS_PROFILE HOME="$dir" \
  AWS_CONFIG_FILE="$dir/config" AWS_SHARED_CREDENTIALS_FILE="$dir/none" \
  "$sortkey" certify --endpoint http://127.0.0.1:9 --no-progress >"$dir/out" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -s "$dir/pid" ] && break; sleep 0.1; done
[ -s "$dir/pid" ] || { echo "FAILED: the credential_process never started"; cat "$dir/out"; exit 1; }
child=$(cat "$dir/pid")
kill -"$sig" "$pid"
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  echo "FAILED: sortkey still runs 5 s after SIG$sig"
  kill -KILL "$pid" "$child" 2>/dev/null
  exit 1
fi
for _ in $(seq 20); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$child" 2>/dev/null; then
  echo "FAILED: the credential_process's child ($child) outlived sortkey (SIG$sig)"
  kill -KILL "$child"
  exit 1
fi
echo "ok: SIG$sig ended sortkey and its credential_process"
