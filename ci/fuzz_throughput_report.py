#!/usr/bin/env python3
"""The fuzz throughput report: reads what ci/fuzz_throughput.sh left in OUT
(per target and build, <target>.<build>.log, libFuzzer's output with
-print_final_stats=1, and <target>.<build>.cpu, the run's user and system
seconds) and writes throughput.md and throughput.json there, prints the
Markdown and appends it to $GITHUB_STEP_SUMMARY when set.

    fuzz_throughput_report.py OUT SECONDS-PER-RUN TARGET...

The builds are "sanitized" (ASan+UBSan) and "plain" (-fsanitize=fuzzer only);
the target "trivial" is the engine's ceiling. A goal is judged on the
sanitized build's executions per CPU second.
Exit status: 0 every run was measured, 1 a run failed or left no figures,
2 bad arguments.
"""
import json
import os
import re
import sys

BUILDS = ("sanitized", "plain")
GOALS = ((re.compile(r"_decode_fuzzer$"), 200000), (re.compile(r"_order_fuzzer$"), 50000),
         (re.compile(r"^query_differential_fuzzer$"), 5000))
# What libFuzzer and the sanitizers print when a run stops on a failure
# (a crash, a leak, a timeout, out of memory, undefined behaviour).
FAILURE = re.compile(r"^(==\d+== ?ERROR: .*|.*runtime error: .*|SUMMARY: .*)$", re.MULTILINE)


def goal_of(target):
    for pattern, goal in GOALS:
        if pattern.search(target):
            return goal
    return None


def read_run(out, target, build):
    """One run's figures, or a problem saying why there are none."""
    run = {"executions": None, "wall_exec_per_sec": None, "cpu_seconds": None,
           "cpu_exec_per_sec": None, "problem": ""}
    name = os.path.join(out, "%s.%s" % (target, build))
    try:
        with open(name + ".log", encoding="utf-8", errors="replace") as f:
            log = f.read()
    except OSError:
        run["problem"] = "no log: the run did not start"
        return run
    failure = FAILURE.search(log)
    if failure:
        run["problem"] = "the run stopped on a failure: " + failure.group(1).strip()[:160]
        return run
    units = re.search(r"^stat::number_of_executed_units:\s+(\d+)\s*$", log, re.MULTILINE)
    rate = re.search(r"^stat::average_exec_per_sec:\s+(\d+)\s*$", log, re.MULTILINE)
    if not units or not rate:
        run["problem"] = "no final statistics in %s.log" % os.path.basename(name)
        return run
    run["executions"] = int(units.group(1))
    run["wall_exec_per_sec"] = int(rate.group(1))
    try:
        with open(name + ".cpu", encoding="utf-8") as f:
            user, system = (float(x) for x in f.read().split())
    except (OSError, ValueError):
        run["problem"] = "no CPU time in %s.cpu" % os.path.basename(name)
        return run
    run["cpu_seconds"] = user + system
    if run["cpu_seconds"] > 0:
        run["cpu_exec_per_sec"] = round(run["executions"] / run["cpu_seconds"])
    return run


def share(run, trivial):
    if run["cpu_exec_per_sec"] is None or not trivial["cpu_exec_per_sec"]:
        return None
    return run["cpu_exec_per_sec"] / trivial["cpu_exec_per_sec"]


def number(value):
    return "-" if value is None else "{:,}".format(value)


def percent(value):
    return "-" if value is None else "%.1f%%" % (100 * value)


def markdown(report):
    lines = ["# Fuzz throughput", "",
             "%d s a run from the seeds, one process; exec/s of wall time (libFuzzer's) and of CPU "
             "time (user+system); share: of the trivial target's CPU rate in the same build. "
             "Goals are judged on ASan+UBSan, CPU." % report["seconds_per_run"], "",
             "| target | ASan+UBSan wall | ASan+UBSan CPU | share | plain wall | plain CPU | share "
             "| goal | met |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    problems = []
    for row in report["targets"]:
        s, p = row["sanitized"], row["plain"]
        met = "-" if row["goal"] is None else ("yes" if row["met"] else "no")
        lines.append("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            row["target"], number(s["wall_exec_per_sec"]), number(s["cpu_exec_per_sec"]),
            percent(row["sanitized_share"]), number(p["wall_exec_per_sec"]),
            number(p["cpu_exec_per_sec"]), percent(row["plain_share"]), number(row["goal"]), met))
        for build in BUILDS:
            if row[build]["problem"]:
                problems.append("- `%s` (%s): %s" % (row["target"], build, row[build]["problem"]))
    goals = [r for r in report["targets"] if r["goal"] is not None]
    lines += ["", "goals met: %d of %d" % (sum(1 for r in goals if r["met"]), len(goals))]
    if problems:
        lines += ["", "runs without figures:"] + problems
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) < 3 or not argv[1].isdigit() or int(argv[1]) < 1:
        print("usage: fuzz_throughput_report.py OUT SECONDS-PER-RUN TARGET...", file=sys.stderr)
        return 2
    out, seconds, targets = argv[0], int(argv[1]), argv[2:]
    if not os.path.isdir(out):
        print("fuzz_throughput_report.py: %s is not a directory" % out, file=sys.stderr)
        return 2
    trivial = {build: read_run(out, "trivial", build) for build in BUILDS}
    report = {"seconds_per_run": seconds, "trivial": trivial, "targets": []}
    for target in ["trivial"] + targets:
        runs = trivial if target == "trivial" else {b: read_run(out, target, b) for b in BUILDS}
        goal = goal_of(target)
        rate = runs["sanitized"]["cpu_exec_per_sec"]
        report["targets"].append({
            "target": target, "goal": goal, "met": goal is not None and rate is not None and rate >= goal,
            "sanitized": runs["sanitized"], "plain": runs["plain"],
            "sanitized_share": share(runs["sanitized"], trivial["sanitized"]),
            "plain_share": share(runs["plain"], trivial["plain"])})
    text = markdown(report)
    with open(os.path.join(out, "throughput.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    with open(os.path.join(out, "throughput.md"), "w", encoding="utf-8") as f:
        f.write(text)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a", encoding="utf-8") as f:
            f.write(text)
    sys.stdout.write(text)
    failed = any(row[b]["problem"] for row in report["targets"] for b in BUILDS)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
