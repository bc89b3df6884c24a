#!/usr/bin/env bash
# every_seed.sh SEEDS EXIT STDOUT_PATTERN -- COMMAND...
# Runs COMMAND --seed S for S = 1..SEEDS and fails unless every run exits
# with EXIT and some line of its standard output matches the extended
# regular expression STDOUT_PATTERN: a verdict that holds whatever the seed.
set -u
seeds=$1 want_exit=$2 want_out=$3
shift 4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
for seed in $(seq 1 "$seeds"); do
  timeout 300 "$@" --seed "$seed" >"$out" 2>&1
  got=$?
  if [ "$got" != "$want_exit" ] || ! grep -Eq -- "$want_out" "$out"; then
    echo "seed $seed: exit status $got (expected $want_exit), or no line matches /$want_out/"
    sed -n '1,60p' "$out"
    fail=1
  fi
done
[ $fail = 0 ] && echo "ok: $seeds seeds: $*"
exit $fail
