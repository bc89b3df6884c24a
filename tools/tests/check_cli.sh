#!/usr/bin/env bash
# check_cli.sh EXIT STDOUT STDERR_PATTERN -- COMMAND...
# Runs COMMAND and fails unless its exit status is EXIT, its standard output
# is exactly STDOUT (use \n for new lines; "*" accepts anything) and its
# standard error matches the extended regular expression STDERR_PATTERN.
# An argument "<empty>" is passed as the empty string (CMake drops "" from
# test commands).
set -u
want_exit=$1 want_out=$2 want_err=$3
shift 4
args=()
for a in "$@"; do
  if [ "$a" = "<empty>" ]; then args+=(""); else args+=("$a"); fi
done
set -- "${args[@]}"
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
timeout 300 "$@" >"$out" 2>"$err"
got_exit=$?
fail=0
if [ "$got_exit" != "$want_exit" ]; then echo "exit status $got_exit, expected $want_exit"; fail=1; fi
if [ "$want_out" != "*" ] && [ "$(cat "$out")" != "$(printf '%b' "$want_out")" ]; then
  echo "stdout differs; expected:"; printf '%b\n' "$want_out"; echo "got:"; cat "$out"; fail=1
fi
if ! grep -Eq -- "$want_err" "$err" && ! { [ -z "$want_err" ] && [ ! -s "$err" ]; }; then
  echo "stderr does not match /$want_err/:"; cat "$err"; fail=1
fi
[ $fail = 0 ] && echo "ok: $*"
exit $fail
