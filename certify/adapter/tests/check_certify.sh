#!/usr/bin/env bash
# check_certify.sh EXIT PATTERN -- COMMAND...
# Runs COMMAND (a `sortkey certify` run) and fails unless its exit status is
# EXIT and its standard output and error together match the extended regular
# expression PATTERN (grep -E, line by line). Prints the output on failure.
set -u
want_exit=$1 pattern=$2
shift 3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
timeout 300 "$@" >"$out" 2>&1
got_exit=$?
fail=0
if [ "$got_exit" != "$want_exit" ]; then echo "exit status $got_exit, expected $want_exit"; fail=1; fi
if ! grep -Eq -- "$pattern" "$out"; then echo "the output does not match /$pattern/"; fail=1; fi
if [ $fail = 1 ]; then echo "--- output of: $*"; cat "$out"; else echo "ok: exit $got_exit, /$pattern/"; fi
exit $fail
