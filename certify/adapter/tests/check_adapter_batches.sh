#!/usr/bin/env bash
# check_adapter_batches.sh COMMAND
# A reference adapter (COMMAND, run with sh -c) answers pipelined requests as
# adapters/PROTOCOL.md asks: a batch sent in one write, a line split across
# two writes and a last line without its newline are all answered, in
# request order; a line that crashes the adapter mid-batch still lets the
# answers before it out (so the certifier names the request that crashed),
# then the adapter exits non-zero.
set -u
command=$1
enc() { printf '{"id":%s,"op":"encode","codec":"padded","params":{"width":5},"value":"%s"}' "$1" "$2"; }
fail=0
check() {  # check WHAT WANT GOT
  if [ "$2" != "$3" ]; then
    printf 'FAILED: %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fail=1
  else
    echo "ok: $1"
  fi
}
# The ids and keys of the answers, one "id key" per line, whatever the spacing.
ids_keys() { sed -E 's/^\{"id": ?([0-9]+), ?"ok": ?"([0-9]+)"\}$/\1 \2/'; }

want=$(printf '1 00157\n2 00009\n3 00042\n4 00007')
got=$( { enc 1 157; echo; enc 2 9; echo; enc 3 42 | head -c 30; sleep 0.3
         enc 3 42 | tail -c +31; echo; enc 4 7; } | timeout 20 sh -c "$command" | ids_keys)
check "a batch, a line split across writes, a last line without newline" "$want" "$got"

out=$(mktemp)
trap 'rm -f "$out"' EXIT
{ enc 1 1; echo; enc 2 2; echo; echo 'not json'; enc 4 4; echo; } | timeout 20 sh -c "$command" >"$out" 2>/dev/null
status=$?
check "the answers before a crashing line" "$(printf '1 00001\n2 00002')" "$(ids_keys <"$out")"
if [ "$status" = 0 ] || [ "$status" = 124 ]; then
  echo "FAILED: the adapter went on after a line that is not JSON (status $status)"
  fail=1
fi
exit $fail
