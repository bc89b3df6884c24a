#!/usr/bin/env bash
# check_certify_progress.sh SORTKEY SOURCE_DIR
# The progress of `sortkey certify` in a log (stderr a pipe), and the
# adapter's request count, with and without --jobs:
# - streams: with --jobs 2, a property's line is written as soon as it ends,
#   while another property still runs in the other worker (held by
#   held_adapter.py until the test has seen that line), and the held one is
#   named on a "running" line after --progress-interval without a line;
# - held_serial: the same "running" line for a property held in a serial run;
# - requests: the closing note counts the requests of every process, so
#   --jobs 2 counts those of --jobs 1 (the same seed and cases, the same
#   requests) plus the hellos of the two workers;
# - shares_out: a worker that is free takes the next property, so one held
#   property does not hold up others behind it.
# Nothing here waits on a duration to pass: a held property is released only
# once the line the test waits for has come (120 s at the most, then FAIL).
set -u
sortkey=$1
src=$2
dir=$(mktemp -d)
trap 'touch "$dir/gate"; rm -rf "$dir"' EXIT
fail=0
adapter="python3 $src/adapters/python/sortkey_adapter.py"

# held NAME GATE PATTERN... -- ARGS...: certify ARGS (whose adapter holds a
# codec until GATE exists) until stderr has had a line matching each PATTERN
# (Python regular expressions), in order, then create GATE; afterwards the run must end with
# exit 0 and a line for every property.
held() {
  local name=$1 gate=$2
  shift 2
  if python3 - "$sortkey" "$gate" "$@" <<'PY'; then
import queue, re, subprocess, sys, threading, time
sortkey, gate, *rest = sys.argv[1:]
want, args = rest[:rest.index("--")], rest[rest.index("--") + 1:]
run = subprocess.Popen([sortkey, "certify", *args], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
lines = queue.Queue()
threading.Thread(target=lambda: [lines.put(l) for l in run.stderr] + [lines.put(None)],
                 daemon=True).start()
seen, ended = [], False
def next_line(deadline):
    global ended
    try:
        line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
    except queue.Empty:
        return None
    if line is None:
        ended = True
    else:
        seen.append(line.rstrip("\n"))
    return line
problem = None
for pattern in want:
    deadline = time.monotonic() + 120
    while not ended and time.monotonic() < deadline:
        line = next_line(deadline)
        if line and re.search(pattern, line):
            break
    else:
        problem = f"no line /{pattern}/ while a property was held"
        break
open(gate, "w").close()
while not ended:
    next_line(time.monotonic() + 600)
status = run.wait()
finished = [l for l in seen if re.match(r"\[\d+/\d+\] \S+ passed \(", l)]
if problem is None and status != 0:
    problem = f"exit status {status}"
if problem is None and not finished[-1].startswith("[%d/%d] " % (len(finished), len(finished))):
    problem = "not a line for every property"
if problem:
    print("  " + "\n  ".join(seen))
    sys.exit(problem)
PY
    echo "ok: $name"
  else
    echo "FAIL $name"; fail=1
  fi
}

passed='^\[1/2\] padded/order passed \(50 cases, .*elapsed\)$'
running='^\[1/2\] running number/order \(\d+s elapsed\)$'
held_cmd="python3 $src/tools/tests/held_adapter.py $dir/gate-streams number $adapter"
held streams "$dir/gate-streams" "$passed" "$running" -- --codec-cmd "$held_cmd" \
  --timeout-ms 600000 --cases 50 --property padded/order --property number/order --jobs 2 \
  --progress-interval 1
held_cmd="python3 $src/tools/tests/held_adapter.py $dir/gate-serial number $adapter"
held held_serial "$dir/gate-serial" "$passed" "$running" -- --codec-cmd "$held_cmd" \
  --timeout-ms 600000 --cases 50 --property padded/order --property number/order \
  --progress-interval 1

# shares_out: the workers share the properties out as they go. padded/order,
# the first, is held in worker 1; worker 2 must take and end every other
# property meanwhile (dealt out in turn, worker 1 would hold half of them).
held_cmd="python3 $src/tools/tests/held_adapter.py $dir/gate-share padded $adapter"
held shares_out "$dir/gate-share" '^\[7/8\] number/\S+ passed \(' -- --codec-cmd "$held_cmd" \
  --timeout-ms 600000 --cases 20 --property padded/order --property number --jobs 2

# requests JOBS: the adapter requests the closing note counts.
requests() {
  "$sortkey" certify --no-progress --codec-cmd "$adapter" --cases 30 --seed 11 --jobs "$1" |
    sed -nE 's/.* cases\/s over ([0-9]+) adapter requests$/\1/p'
}
one=$(requests 1)
two=$(requests 2)
if [ -n "$one" ] && [ "$one" -gt 1000 ] && [ "$two" = $((one + 2)) ]; then
  echo "ok: requests ($one with one process, $two with two workers and their hellos)"
else
  echo "FAIL requests: ${one:-none} with --jobs 1, ${two:-none} with --jobs 2 (expected $((${one:-0} + 2)))"
  fail=1
fi
exit $fail
