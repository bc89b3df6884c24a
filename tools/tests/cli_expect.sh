# Sourced by the cli test scripts: expect NAME STATUS STDOUT STDIN -- ARGS...
# runs $sortkey ARGS with STDIN (printf %b) on its standard input and fails
# the script (fail=1) unless it exits STATUS and prints exactly STDOUT
# (printf %b); its standard error goes to $err_file (default /dev/null).
fail=0
expect() {
  local name=$1 want_status=$2 want_out=$3 input=$4
  shift 5
  local out status
  out=$(printf '%b' "$input" | "$sortkey" "$@" 2>"${err_file:-/dev/null}")
  status=$?
  if [ "$status" != "$want_status" ] || [ "$out" != "$(printf '%b' "$want_out")" ]; then
    echo "FAIL $name: exit $status (expected $want_status), stdout:"; echo "$out"
    echo "expected:"; printf '%b\n' "$want_out"; fail=1
  else
    echo "ok: $name"
  fi
}
# expect_error NAME STATUS PATTERN STDIN -- ARGS...: exit STATUS and standard
# error matching the extended regular expression PATTERN.
expect_error() {
  local name=$1 want_status=$2 pattern=$3 input=$4
  shift 5
  local err status
  err=$(printf '%b' "$input" | "$sortkey" "$@" 2>&1 >/dev/null)
  status=$?
  if [ "$status" != "$want_status" ] || ! grep -Eq -- "$pattern" <<<"$err"; then
    echo "FAIL $name: exit $status (expected $want_status), stderr:"; echo "$err"
    echo "expected to match: $pattern"; fail=1
  else
    echo "ok: $name"
  fi
}
