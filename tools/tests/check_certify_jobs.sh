#!/usr/bin/env bash
# check_certify_jobs.sh SORTKEY SOURCE_DIR
# sortkey certify --jobs N runs the properties in N worker processes and
# reports what a serial run reports: the same exit status, the same verdict
# line, and certificates equal but for their timings (and the digest that
# covers them), the properties in the serial order. A failure's message quotes
# the exchange with the adapter, whose request ids count the requests of one
# adapter process: the ids are the one thing compared as "N". Checked on the built-in
# codecs, on a broken adapter whose failures must be the same
# counterexamples, and with --fail-fast, where the same properties are left
# unrun. A worker that cannot run stops the run (exit 2) with its reason.
set -u
sortkey=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0

# run NAME ARGS...: certify with --json $dir/NAME.json; stdout to NAME.out, status to NAME.status.
run() {
  local name=$1
  shift
  "$sortkey" certify --no-progress --json "$dir/$name.json" "$@" >"$dir/$name.out" 2>"$dir/$name.err"
  echo $? >"$dir/$name.status"
}

# same NAME A B: A and B ended alike and certified the same, timings apart.
same() {
  local name=$1 a=$2 b=$3
  if ! python3 - "$dir/$a" "$dir/$b" <<'PY'; then
import json, re, sys
TIMINGS = {"seconds", "seconds_to_failure", "started_at", "digest"}
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in TIMINGS}
    if isinstance(v, list):
        return [strip(x) for x in v]
    if isinstance(v, str):
        return re.sub(r'"id": ?[0-9]+', '"id":N', v)
    return v
a, b = sys.argv[1], sys.argv[2]
sa, sb = open(a + ".status").read(), open(b + ".status").read()
assert sa == sb, f"exit status {sa.strip()} with one job, {sb.strip()} with several"
ca, cb = json.load(open(a + ".json")), json.load(open(b + ".json"))
assert [p["id"] for p in ca["properties"]] == [p["id"] for p in cb["properties"]], "the order differs"
assert strip(ca) == strip(cb), "the certificates differ beyond their timings"
verdict = lambda path: [l for l in open(path + ".out") if "CERTIFIED" in l][-1].split(" in ")[0]
assert verdict(a) == verdict(b), f"verdicts differ: {verdict(a)!r} vs {verdict(b)!r}"
PY
    echo "FAIL $name: --jobs changed the result"; cat "$dir/$b.err"; fail=1
  else
    echo "ok: $name ($(tail -n 1 "$dir/$a.out"))"
  fi
}

props=(--property padded --property inverse --property number --property timestamp --property composite)
run builtin_1 --cases 40 "${props[@]}" --jobs 1
run builtin_3 --cases 40 "${props[@]}" --jobs 3
same builtin_codecs builtin_1 builtin_3
[ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["properties"]))' "$dir/builtin_3.json")" -gt 3 ] ||
  { echo "FAIL builtin_codecs: too few properties to spread over three workers"; fail=1; }

broken=(--codec-cmd "python3 $src/adapters/broken/unpadded_number.py" --cases 30 --seed 7)
run broken_1 "${broken[@]}" --jobs 1
run broken_2 "${broken[@]}" --jobs 2
same broken_adapter broken_1 broken_2
[ "$(cat "$dir/broken_2.status")" = 1 ] || { echo "FAIL broken_adapter: exit $(cat "$dir/broken_2.status"), expected 1"; fail=1; }

run fast_1 "${broken[@]}" --fail-fast --jobs 1
run fast_4 "${broken[@]}" --fail-fast --jobs 4
same fail_fast fast_1 fast_4
grep -Eq 'propert(y|ies) not run \(--fail-fast\)' "$dir/fast_4.out" || { echo "FAIL fail_fast: no properties left unrun"; fail=1; }

# An adapter that starts once only: the parent's starts, the workers' do not;
# the run stops, exit 2, with the worker's reason.
once="if [ -e $dir/started ]; then echo 'no second start' >&2; exit 3; fi; touch $dir/started; exec python3 $src/adapters/python/sortkey_adapter.py"
run worker_cannot_run --codec-cmd "$once" --cases 5 --jobs 2
if [ "$(cat "$dir/worker_cannot_run.status")" != 2 ] ||
  ! grep -q 'worker process [0-9]* exited with status 2: ' "$dir/worker_cannot_run.err"; then
  echo "FAIL worker_cannot_run: exit $(cat "$dir/worker_cannot_run.status"), expected 2 and the worker's reason:"
  cat "$dir/worker_cannot_run.err"; fail=1
else
  echo "ok: worker_cannot_run"
fi
exit $fail
