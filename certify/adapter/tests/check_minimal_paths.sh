#!/usr/bin/env bash
# check_minimal_paths.sh SEGMENTS BYTES -- COMMAND...
# Runs COMMAND (a `sortkey certify --codec-cmd` run of one composite
# property, without --json) and fails unless it exits 1 with a counterexample
# whose every path has at most SEGMENTS segments of at most BYTES bytes each
# (UTF-8): a shrunk counterexample, not the path first drawn. Prints the run's
# output on failure.
set -u
segments=$1 bytes=$2
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
timeout 300 "$@" --json "$work/cert.json" >"$work/out" 2>&1
status=$?
if [ "$status" != 1 ]; then
  echo "exit status $status, expected 1"
  cat "$work/out"
  exit 1
fi
python3 - "$work/cert.json" "$segments" "$bytes" <<'PY' || { cat "$work/out"; exit 1; }
import json, sys

cert, max_segments, max_bytes = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3])
paths = []
for p in cert["properties"]:
    for part in p.get("counterexample", []):
        if not part["type"].endswith(("::Value", "::Batch")):
            continue
        value = json.loads(part["value"])
        batch = value if part["type"].endswith("::Batch") else [value]
        paths += [v for v in batch if isinstance(v, list)]
if not paths:
    sys.exit("no path in the counterexample")
for path in paths:
    longest = max(len(s.encode("utf-8")) for s in path)
    if len(path) > max_segments or longest > max_bytes:
        sys.exit("the counterexample path %s has %d segments, the longest of %d bytes: more than %d "
                 "and %d" % (json.dumps(path), len(path), longest, max_segments, max_bytes))
print("ok: %d counterexample paths, each of at most %d segments of at most %d bytes"
      % (len(paths), max_segments, max_bytes))
PY
