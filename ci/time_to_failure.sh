#!/usr/bin/env bash
# How soon `sortkey certify --codec-cmd` rejects each broken adapter of
# adapters/broken/: runs it once per seed (the default seed and the ones after
# it) and prints, as a Markdown table, the property that failed, the cases
# and the seconds until the first failing case (median and worst; shrinking
# excluded) and how many seeds failed it.
#
#   ci/time_to_failure.sh [--seeds N] [--cases N] [ADAPTER[:PROPERTY]...]
#
# ADAPTER is a file name in adapters/broken/ without .py; PROPERTY is the
# property to run (default: the first one its "Expected to fail:" line
# names). Without adapters: every broken adapter that has such a line; the
# protocol breakers, which stop the run (exit 2) rather than fail a property,
# are measured only when named. --seeds defaults to 20, --cases to certify's
# default. A seed that did not fail makes the worst column ">N". For a
# protocol breaker the seconds are the whole run's wall time (the adapter's
# start and, for `hangs`, the 5 s answer timeout included).
#
# Environment: SORTKEY (default build/ci/tools/sortkey), the tool to run.
# Exit status: 0 every run was measured (failed or not), 2 it could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: ci/time_to_failure.sh [--seeds N] [--cases N] [ADAPTER[:PROPERTY]...]" >&2
  exit 2
}
seeds=20
cases=()
adapters=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) [ $# -ge 2 ] || usage; seeds=$2; shift 2 ;;
    --cases) [ $# -ge 2 ] || usage; cases=(--cases "$2"); shift 2 ;;
    -*) usage ;;
    *) adapters+=("$1"); shift ;;
  esac
done
if ! [[ "$seeds" =~ ^[1-9][0-9]*$ ]]; then
  echo "ci/time_to_failure.sh: --seeds must be a positive whole number, got '$seeds'" >&2
  exit 2
fi
if [ ${#adapters[@]} -eq 0 ]; then
  for f in adapters/broken/*.py; do
    grep -q '^# Expected to fail:' "$f" && adapters+=("$(basename "$f" .py)")
  done
fi
sortkey=${SORTKEY:-build/ci/tools/sortkey}
if [ ! -x "$sortkey" ]; then
  echo "ci/time_to_failure.sh: no sortkey tool at $sortkey (build it, or set SORTKEY)" >&2
  exit 2
fi
default_seed=20260623  # props::kDefaultSeed
work=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-ttf.XXXXXX")
trap 'rm -rf "$work"' EXIT

row=0
for spec in "${adapters[@]}"; do
  adapter=${spec%%:*}
  file=adapters/broken/$adapter.py
  if [ ! -f "$file" ]; then
    echo "ci/time_to_failure.sh: no broken adapter $file" >&2
    exit 2
  fi
  property=
  [ "$spec" != "$adapter" ] && property=${spec#*:}
  if [ -z "$property" ]; then
    property=$(sed -n 's/^# Expected to fail: *\([a-z0-9_]*\/[a-z0-9_]*\).*/\1/p' "$file" | head -n 1)
  fi
  only=()
  [ -n "$property" ] && only=(--property "$property")
  row=$((row + 1))
  echo "$row $adapter ${property:--}" >>"$work/rows"
  for ((i = 0; i < seeds; i++)); do
    seed=$((default_seed + i))
    status=0
    start=$(date +%s.%N)
    "$sortkey" certify --no-progress --codec-cmd "python3 $file" --seed "$seed" "${cases[@]}" \
      "${only[@]}" --json "$work/$row.$seed.json" >"$work/$row.$seed.log" 2>&1 || status=$?
    end=$(date +%s.%N)
    echo "$row $seed $status $start $end" >>"$work/runs"
  done
done

python3 - "$work" <<'EOF'
import json, os, statistics, sys

work = sys.argv[1]

def measure(row, seed, status, wall):
    """One run: (failed, property, cases, seconds). A pass gives the cases and
    seconds it ran without failing; a run that stopped (exit 2), its wall time."""
    if status == 2:
        return (True, "could not run (exit 2)", None, wall)
    path = os.path.join(work, "%s.%s.json" % (row, seed))
    if status not in (0, 1) or not os.path.exists(path):
        sys.exit("ci/time_to_failure.sh: %s seed %s: exit status %d and no certificate (%s.%s.log)"
                 % (rows[row][0], seed, status, row, seed))
    with open(path, encoding="utf-8") as f:
        props = json.load(f)["properties"]
    for p in props:
        if p["result"] == "FAILED":
            return (True, p["id"], p["cases"], p["seconds_to_failure"])
    return (False, None, max(p["cases"] for p in props), sum(p["seconds"] for p in props))

rows = {}
with open(os.path.join(work, "rows")) as f:
    for line in f:
        row, adapter, asked = line.split()
        rows[row] = (adapter, asked)
runs = {row: [] for row in rows}
with open(os.path.join(work, "runs")) as f:
    for line in f:
        row, seed, status, start, end = line.split()
        runs[row].append(measure(row, seed, int(status), float(end) - float(start)))

def column(failed, passed, fmt):
    values = [v for v in failed if v is not None]
    median = fmt(statistics.median(values)) if values else "-"
    if passed:
        return median, ">" + fmt(max(passed))
    return median, fmt(max(values)) if values else "-"

print("| adapter | property that fails | median cases | worst cases | median s | worst s | seeds failed/total |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
for row, (adapter, asked) in rows.items():
    got = runs[row]
    failed = [g for g in got if g[0]]
    passed = [g for g in got if not g[0]]
    names = sorted({g[1] for g in failed}) or [asked]
    shown = ", ".join("`%s`" % n if "/" in n else n for n in names)
    mc, wc = column([g[2] for g in failed], [g[2] for g in passed], lambda c: "%g" % c)
    ms, ws = column([g[3] for g in failed], [g[3] for g in passed], lambda s: "%.3f" % s)
    print("| `%s` | %s | %s | %s | %s | %s | %d/%d |" % (adapter, shown, mc, wc, ms, ws, len(failed), len(got)))
EOF
