#!/usr/bin/env python3
"""The default `sortkey certify` timed: wall and CPU seconds of interleaved
runs of each setting, their medians, and the slowest properties.

  python3 bench/certify_speed.py [--runs N] [--sortkey BIN] [--jobs J ...] [--baseline BIN]
                                 [--property P ...]   (only these, as certify takes them)

Each round runs, one after another, `BIN certify --no-progress -q --json F`
with each --jobs setting ("default" is no --jobs at all, as a user types
it), and the same for --baseline (an earlier build) when given, so every
setting sees the same machine. CPU is the user + system time of the run and
its workers (resource.RUSAGE_CHILDREN). The table's last column is each
setting's median wall time as a multiple of the first setting's. The five
slowest properties of the first setting's last run close the report: in a
worker run, the longest property bounds the wall time.

Exit status: 0 every run certified, 1 a run did not, 2 bad options or a run
that could not start.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(binary, jobs, properties, json_path):
    """Wall and CPU seconds of one certify run, and its exit status."""
    args = [binary, "certify", "--no-progress", "-q", "--json", json_path]
    for p in properties:
        args += ["--property", p]
    if jobs != "default":
        args += ["--jobs", jobs]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        status = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode
    except OSError as e:
        sys.exit(f"certify_speed.py: cannot run {binary}: {e}")
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--sortkey", default="build/release/tools/sortkey")
    parser.add_argument("--jobs", action="append", help="a --jobs setting, or default (repeatable)")
    parser.add_argument("--baseline", help="an earlier sortkey binary, run in the same rounds")
    parser.add_argument("--property", action="append", default=[], help="run only these (repeatable)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    jobs = args.jobs or ["default", "1"]
    for j in jobs:
        if j != "default" and not (j.isdigit() and 1 <= int(j) <= 256):
            parser.error(f"--jobs {j}: a whole number from 1 to 256, or default")
    binaries = [("sortkey", args.sortkey)] + ([("baseline", args.baseline)] if args.baseline else [])
    for _, b in binaries:
        if not os.access(b, os.X_OK):
            parser.error(f"{b} is not an executable (build it: cmake --preset release && "
                         "cmake --build --preset release --target sortkey_cli)")
    settings = [(name, b, j) for name, b in binaries for j in jobs]
    walls = {s: [] for s in settings}
    cpus = {s: [] for s in settings}
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        first_json = os.path.join(scratch, "first.json")
        for _ in range(args.runs):
            for k, s in enumerate(settings):
                path = first_json if k == 0 else os.path.join(scratch, "other.json")
                wall, cpu, status = run_once(s[1], s[2], args.property, path)
                walls[s].append(wall)
                cpus[s].append(cpu)
                failed = failed or status != 0
        with open(first_json) as f:
            properties = json.load(f)["properties"]
    base = statistics.median(walls[settings[0]])
    chosen = " ".join(f"--property {p}" for p in args.property) or "the defaults"
    print(f"sortkey certify ({chosen}), {args.runs} interleaved rounds, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f} at the end")
    print()
    print("| binary | --jobs | wall s, median | wall s, min | CPU s, median | wall / first |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for s in settings:
        w = statistics.median(walls[s])
        print(f"| {s[0]} | {s[2]} | {w:.2f} | {min(walls[s]):.2f} | "
              f"{statistics.median(cpus[s]):.2f} | {w / base:.2f} |")
    print()
    print("slowest properties (first setting, last round):")
    for p in sorted(properties, key=lambda p: -p["seconds"])[:5]:
        print(f"  {p['seconds']:6.2f} s  {p['id']}")
    if failed:
        print("certify_speed.py: a run did not certify", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
