#!/usr/bin/env python3
"""Where a Node.js process spent its time: a V8 CPU profile (the .cpuprofile
that `node --cpu-prof` writes at exit) summed by package and by function.

  python3 bench/cpuprofile_summary.py PROFILE.cpuprofile [--top N]

Each sample's time (timeDeltas) goes to the function on top of the stack
when it was taken (its self time). The first table groups it by where the
function lives: an npm package (node_modules/NAME), a module of Node.js
itself, or V8's own entries ((garbage collector), (program), and native
functions such as writev, the socket writes). The second lists the
functions. Shares are of the busy time: the samples that were not (idle),
the waits for a request. bench/endpoint_profile.sh profiles dynalite with it.

Exit status: 0, or 2 for a file that is not a CPU profile.
"""
import argparse
import collections
import json
import re
import sys

V8_ENTRIES = ("(idle)", "(garbage collector)", "(program)", "(root)")


def where(call_frame):
    name, url = call_frame.get("functionName") or "(anonymous)", call_frame.get("url") or ""
    if name in V8_ENTRIES:
        return name
    m = re.search(r"node_modules/([^/]+)", url)
    if m:
        return "npm " + m.group(1)
    if url.startswith("node:"):
        return "node " + url[len("node:"):].split("/")[0]
    return "native" if not url else url


def summarize(profile, top):
    nodes = {n["id"]: n["callFrame"] for n in profile["nodes"]}
    self_time = collections.Counter()
    for node_id, delta in zip(profile["samples"], profile["timeDeltas"]):
        self_time[node_id] += max(delta, 0)
    by_place, by_function = collections.Counter(), collections.Counter()
    for node_id, micros in self_time.items():
        frame = nodes[node_id]
        place = where(frame)
        by_place[place] += micros
        by_function[(frame.get("functionName") or "(anonymous)", place)] += micros
    total = sum(self_time.values())
    busy = total - by_place["(idle)"]
    lines = [f"sampled {total / 1e6:.2f} s, busy {busy / 1e6:.2f} s "
             f"({100 * busy / total if total else 0:.1f}%)", "", "| where | share of busy |",
             "| --- | ---: |"]
    share = lambda micros: f"{100 * micros / busy:.1f}%" if busy else "-"
    for place, micros in by_place.most_common():
        if place != "(idle)" and len(lines) < top + 4:
            lines.append(f"| {place} | {share(micros)} |")
    lines += ["", "| function | where | share of busy |", "| --- | --- | ---: |"]
    shown = 0
    for (name, place), micros in by_function.most_common():
        if place == "(idle)" or shown == top:
            continue
        lines.append(f"| {name} | {place} | {share(micros)} |")
        shown += 1
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("profile")
    p.add_argument("--top", type=int, default=12)
    args = p.parse_args()
    try:
        with open(args.profile, encoding="utf-8") as f:
            profile = json.load(f)
        if not isinstance(profile, dict) or not all(
                isinstance(profile.get(k), list) for k in ("nodes", "samples", "timeDeltas")):
            raise ValueError("no nodes, samples and timeDeltas")
        print(summarize(profile, max(args.top, 1)))
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"cpuprofile_summary: {args.profile}: not a CPU profile: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
