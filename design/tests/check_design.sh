#!/usr/bin/env bash
# check_design.sh EXIT STDOUT_PATTERN STDERR_PATTERN MAX_ENTITIES -- COMMAND...
# Runs COMMAND and fails unless its exit status is EXIT, some line of its
# standard output matches the extended regular expression STDOUT_PATTERN
# ("*" accepts anything), its standard error matches STDERR_PATTERN ("" for
# none at all), and, unless MAX_ENTITIES is "-", no counterexample holds
# more than MAX_ENTITIES entities (a failure is shrunk to what it needs).
set -u
want_exit=$1 want_out=$2 want_err=$3 max_entities=$4
shift 5
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
timeout 300 "$@" >"$out" 2>"$err"
got_exit=$?
fail=0
if [ "$got_exit" != "$want_exit" ]; then echo "exit status $got_exit, expected $want_exit"; fail=1; fi
if [ "$want_out" != "*" ] && ! grep -Eq -- "$want_out" "$out"; then
  echo "no line of stdout matches /$want_out/"; fail=1
fi
if [ -z "$want_err" ]; then
  if [ -s "$err" ]; then echo "stderr is not empty"; fail=1; fi
elif ! grep -Eq -- "$want_err" "$err"; then
  echo "stderr does not match /$want_err/"; fail=1
fi
if [ "$max_entities" != "-" ]; then
  while read -r n; do
    if [ "$n" -gt "$max_entities" ]; then
      echo "a counterexample holds $n entities, more than $max_entities"; fail=1
    fi
  done < <(sed -nE 's/^  counterexample: population = ([0-9]+) entit.*/\1/p' "$out")
fi
if [ $fail != 0 ]; then
  echo "--- stdout:"; cat "$out"; echo "--- stderr:"; cat "$err"
else
  echo "ok: $*"
fi
exit $fail
