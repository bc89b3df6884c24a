#!/usr/bin/env python3
"""check_closed_pipe.py SORTKEY SOURCE_DIR

A reader that went away (`sortkey ... | head -1`) wants no more: every
command that prints ends quietly, with the status it had (0 here), nothing on
standard error, as `git log | head` does. Each command runs with its standard
output a pipe whose reading end is already closed, so its every write fails
with EPIPE; the big outputs (100000 KSUIDs, an endless standard input) also
run into `head`.
"""
import os
import subprocess
import sys

sortkey, src = sys.argv[1], sys.argv[2]
ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv"
ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV"
org = ["--parent", "ORG", "--before", "TEAM", "--after", "USER"]
items = '{"PK":{"S":"A"},"SK":{"S":"EVT#1"}}\n'
commands = [
    (["--version"], ""), (["--help"], ""), (["help", "encode", "padded"], ""),
    (["encode", "padded", "--width", "5", "157"], ""), (["decode", "padded", "--width", "5", "00157"], ""),
    (["encode", "inverse", "--width", "5", "157"], ""), (["encode", "name", "--case", "upper", "x"], ""),
    (["encode", "composite", "A", "B"], ""), (["decode", "composite", "A#B"], ""),
    (["encode", "timestamp", "--precision", "3", "2026-06-23T00:00:00Z"], ""),
    (["encode", "epoch", "--unit", "s", "--width", "10", "1"], ""), (["encode", "number", "1"], ""),
    (["decode", "ulid", "-o", "json", ulid], ""), (["decode", "ksuid", ksuid], ""),
    (["ksuid", "generate", "-n", "100000"], ""), (["ksuid", "inspect", ksuid], ""),
    (["ksuid", "build", "--time", "1507608047", "--payload", "B5A1CD34B5F99D1154FB6853345C9735"], ""),
    (["ulid", "generate", "-n", "100000"], ""), (["ulid", "inspect", "-o", "json", ulid], ""),
    (["layout", "key", *org, "--role", "parent", "X"], ""), (["layout", "device", "D1"], ""),
    (["unique", "suffix", "--suffix", "abc", "K"], ""),
    (["query", "build", "--partition", "PK=A", "--compact"], ""),
    (["query", "run", "--items", "-", "--partition-key", "PK", "--sort-key", "SK", "--partition", "PK=A"], items),
    (["query", "build", "--operation", "UpdateItem", "--key", '{"PK":{"S":"A"}}', "--update-expression", "REMOVE a"], ""),
    (["query", "run", "--items", "-", "--partition-key", "PK", "--sort-key", "SK", "--operation", "PutItem",
      "--item", items.strip(), "--return-values", "ALL_OLD"], items),
    (["certify", "--list"], ""), (["certify", "--list", "-o", "json"], ""),
    (["certify", "--cases", "5", "--property", "padded", "--no-progress"], ""),
    (["certify", "--cases", "5", "--property", "padded/order", "--no-progress", "--json", "-"], ""),
    (["design", "check", f"{src}/examples/orders.yaml", "--cases", "5", "--no-progress"], ""),
    (["design", "check", f"{src}/examples/orders.yaml", "--list"], ""),
    (["completions", "bash"], ""), (["man"], ""),
]
fail = False
for args, stdin in commands:
    read_end, write_end = os.pipe()
    os.close(read_end)
    r = subprocess.run([sortkey, *args], input=stdin.encode(), stdout=write_end, stderr=subprocess.PIPE,
                       timeout=120)
    os.close(write_end)
    # With --json - the run's own lines are on standard error by design.
    noisy = r.stderr if "--json" not in args else (b"cannot write" in r.stderr and r.stderr)
    if r.returncode != 0 or noisy:
        print(f"FAIL: sortkey {' '.join(args)} | (reader gone): exit {r.returncode}, stderr {r.stderr[:300]!r}")
        fail = True
    else:
        print(f"ok: sortkey {' '.join(args)} | (reader gone): exit 0, quiet")

# The two command lines, as a shell runs them.
for line in [f"'{sortkey}' ksuid generate -n 100000 | head -1",
             f"yes 1 | '{sortkey}' encode padded --width 9 | head -2"]:
    r = subprocess.run(["bash", "-c", f"set -o pipefail; {line} >/dev/null; echo ${{PIPESTATUS[@]}}"],
                       capture_output=True, timeout=120)
    statuses = r.stdout.decode().split()
    if len(statuses) < 2 or statuses[-2] != "0" or r.stderr:
        print(f"FAIL: {line}: statuses {statuses}, stderr {r.stderr[:300]!r}")
        fail = True
    else:
        print(f"ok: {line}: sortkey exits 0, quietly")
sys.exit(1 if fail else 0)
