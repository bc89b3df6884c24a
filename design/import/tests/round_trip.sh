#!/usr/bin/env bash
# round_trip.sh SORTKEY SCHEMA_CHECK SCHEMA SOURCE EXIT STDOUT_PATTERN [IMPORT_OPTION...]
# Imports SOURCE with `sortkey design import` into a temporary design file,
# validates it against the design format's JSON Schema (SCHEMA_CHECK is
# design/tests/validate_schema.py), then checks it with `sortkey design
# check`, and fails unless the import succeeds, the file validates, the check
# exits with EXIT and some line of its standard output matches the extended
# regular expression STDOUT_PATTERN.
set -u
sortkey=$1 schema_check=$2 schema=$3 source=$4 want_exit=$5 want_out=$6
shift 6
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
if ! "$sortkey" design import "$source" -o "$dir/design.yaml" "$@" 2>"$dir/import.err"; then
  echo "the import failed:"; cat "$dir/import.err"; exit 1
fi
if ! python3 "$schema_check" "$schema" --valid "$dir/design.yaml"; then
  echo "the design does not validate against $schema:"; cat "$dir/design.yaml"; exit 1
fi
timeout 300 "$sortkey" design check "$dir/design.yaml" --no-progress >"$dir/out" 2>"$dir/err"
got_exit=$?
fail=0
if [ "$got_exit" != "$want_exit" ]; then echo "check exit status $got_exit, expected $want_exit"; fail=1; fi
if ! grep -Eq -- "$want_out" "$dir/out"; then echo "no line of stdout matches /$want_out/"; fail=1; fi
if [ $fail != 0 ]; then
  echo "--- design:"; cat "$dir/design.yaml"
  echo "--- stdout:"; cat "$dir/out"; echo "--- stderr:"; cat "$dir/err"
else
  echo "ok: $source"
fi
exit $fail
