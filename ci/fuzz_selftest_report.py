#!/usr/bin/env python3
"""The fuzz self-test's report: reads what ci/fuzz_selftest.sh left in OUT
(per bug and seed, `sortkey fuzz`'s <bug>.seed-<n>.json and the control's
exit status in <bug>.seed-<n>.control) and writes selftest.md and
selftest.json there, prints the Markdown and appends it to
$GITHUB_STEP_SUMMARY when set.

    fuzz_selftest_report.py OUT SECONDS-PER-RUN SEEDS PATCH...

Exit status: 0 every bug was found in every seed, 1 otherwise.
"""
import json
import os
import sys


def patch_header(path):
    """The "Key: value" lines before the diff: Planted bug, Target."""
    meta = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("---"):
                break
            if ":" in line:
                key, value = line.split(":", 1)
                meta[key.strip()] = value.strip()
    return meta


def read_run(out, bug, seed):
    """One seed's campaign against one planted bug."""
    run = {"seed": seed, "found": False, "seconds": None, "executions": None, "property": "",
           "input": "", "input_size": None, "values": "", "why": "", "problem": "",
           "passes_without_bug": None}
    name = "%s.seed-%d" % (bug, seed)
    summary = os.path.join(out, name + ".json")
    if not os.path.exists(summary):
        run["problem"] = "no summary: the target did not build or the campaign did not run (see %s.build.log)" % bug
        return run
    with open(summary, encoding="utf-8") as f:
        report = json.load(f)
    targets = report.get("targets", [])
    if report.get("problem") or not targets:
        run["problem"] = report.get("problem", "no target ran")
        return run
    target = targets[0]
    failure = target.get("failure")
    if target.get("problem"):
        run["problem"] = target["problem"]
    if failure:
        run.update(found=failure["reproduced"], seconds=failure["seconds"], executions=failure["executions"],
                   property=failure["property"] or failure["headline"], input=failure["input"],
                   input_size=failure["input_size"], values=failure["values"], why=failure["why"])
        if not failure["reproduced"]:
            run["problem"] = "a crash that did not reproduce"
    else:
        run["seconds"], run["executions"] = target.get("seconds"), target.get("executions")
    control = os.path.join(out, name + ".control")
    if os.path.exists(control):
        with open(control) as f:
            run["passes_without_bug"] = f.read().strip() == "0"
        if run["found"] and not run["passes_without_bug"]:
            run["found"] = False
            run["problem"] += " The minimized input fails without the planted bug too (see %s.control.log)." % name
    return run


def median_and_worst(runs, field):
    """Over every seed, a miss counting as worse than any find: (median, worst),
    each a number or None when it falls on a miss."""
    values = sorted((r[field] for r in runs if r["found"]), key=float)
    ranked = values + [None] * (len(runs) - len(values))
    if not ranked:
        return None, None
    middle = len(ranked) // 2
    if len(ranked) % 2:
        median = ranked[middle]
    elif ranked[middle] is None:
        median = None
    else:
        median = (ranked[middle - 1] + ranked[middle]) / 2
    return median, ranked[-1]


def summarize(path, out, seeds):
    bug = os.path.basename(path)[: -len(".patch")]
    meta = patch_header(path)
    runs = [read_run(out, bug, seed) for seed in range(1, seeds + 1)]
    found = [r for r in runs if r["found"]]
    smallest = min(found, key=lambda r: r["input_size"]) if found else None
    seconds = median_and_worst(runs, "seconds")
    executions = median_and_worst(runs, "executions")
    return {"bug": bug, "planted": meta.get("Planted bug", ""), "target": meta.get("Target", ""),
            "found": len(found) == len(runs), "found_in": len(found), "seeds": len(runs),
            "seconds_median": seconds[0], "seconds_worst": seconds[1],
            "executions_median": executions[0], "executions_worst": executions[1],
            "properties": sorted({r["property"] for r in found}),
            "smallest": smallest, "problems": ["seed %d: %s" % (r["seed"], r["problem"].strip())
                                               for r in runs if r["problem"]],
            "runs": runs}


def code(text):
    text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    return "%s%s%s" % (fence, text, fence) if text else ""


def seconds_cell(value, budget):
    return "> %d s" % budget if value is None else "%.1f s" % value


def executions_cell(value):
    return "-" if value is None else "{:,}".format(int(value))


def markdown(rows, budget, seeds):
    found = sum(r["found"] for r in rows)
    lines = ["## Fuzz self-test: %d of %d planted bugs found in every seed" % (found, len(rows)), "",
             "Each bug planted in a copy of the library; its target fuzzed from an empty corpus for up to %d s "
             "in one libFuzzer process (clang, ASan+UBSan), once per seed (-seed=1..%d). Found: the target "
             "failed, and its minimized input passes once the patch is reverted. Median and worst are over "
             "the seeds; a seed that missed counts as more than the budget." % (budget, seeds), "",
             "| planted bug | target | found in | time to failure, median | worst | executions, median | worst "
             "| property | smallest minimized input | decoded values |",
             "|---|---|--:|--:|--:|--:|--:|---|---|---|"]
    for r in rows:
        small = r["smallest"]
        found_in = "%d of %d" % (r["found_in"], r["seeds"])
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            code(r["bug"]), code(r["target"]), found_in if r["found"] else "**%s**" % found_in,
            seconds_cell(r["seconds_median"], budget), seconds_cell(r["seconds_worst"], budget),
            executions_cell(r["executions_median"]), executions_cell(r["executions_worst"]),
            ", ".join(code(p) for p in r["properties"]),
            code('"%s" (%d byte%s)' % (small["input"], small["input_size"], "" if small["input_size"] == 1 else "s"))
            if small else "",
            code(small["values"]) if small else ""))
    lines.append("")
    for r in rows:
        why = r["smallest"]["why"] if r["smallest"] else ""
        lines.append("- %s: %s%s%s" % (code(r["bug"]), r["planted"], (" Why it failed: " + why) if why else "",
                                        (" **Problem:** " + " ".join(r["problems"])) if r["problems"] else ""))
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) < 5:
        print("usage: fuzz_selftest_report.py OUT SECONDS-PER-RUN SEEDS PATCH...", file=sys.stderr)
        return 2
    out, budget, seeds, patches = argv[1], int(argv[2]), int(argv[3]), argv[4:]
    rows = [summarize(path, out, seeds) for path in patches]
    text = markdown(rows, budget, seeds)
    with open(os.path.join(out, "selftest.md"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(out, "selftest.json"), "w", encoding="utf-8") as f:
        json.dump({"budget_seconds": budget, "seeds": seeds, "found": sum(r["found"] for r in rows),
                   "bugs": rows}, f, indent=2)
    step = os.environ.get("GITHUB_STEP_SUMMARY")
    if step:
        with open(step, "a", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0 if all(r["found"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
