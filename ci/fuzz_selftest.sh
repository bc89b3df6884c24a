#!/usr/bin/env bash
# Proves the fuzz targets find real bugs: for each planted bug in
# fuzz/selftest/<bug>.patch (a unified diff against the library, naming its
# target on a "Target:" line), copies the source tree to a temporary
# directory, applies the patch, builds that target with the fuzz preset
# (clang, libFuzzer, ASan+UBSan) and runs `sortkey fuzz` on it from an empty
# corpus, so that the fuzzer, not a seed, has to find the bug; at the end,
# with every patch reverted, each minimized input must pass (the control).
# Reports per bug: target, found or not, wall time and executions to the first failure,
# the minimized input and the decoded values the target printed, as Markdown
# (build/fuzz-selftest/selftest.md, also on stdout and appended to
# $GITHUB_STEP_SUMMARY when set) and JSON (build/fuzz-selftest/selftest.json).
#
#   ci/fuzz_selftest.sh [seconds-per-bug [bug...]]   default 60 s (at most 120), every bug
#
# Environment: SORTKEY_CLI_BUILD (default build/release), the g++ build that
# provides the `sortkey` tool. Exit status: 0 every planted bug was found,
# 1 one was missed, 2 the self-test could not run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

budget=${1:-60}
if ! [[ "$budget" =~ ^[0-9]+$ ]] || [ "$budget" -lt 1 ] || [ "$budget" -gt 120 ]; then
  echo "ci/fuzz_selftest.sh: seconds per bug must be a whole number from 1 to 120, got '$budget'" >&2
  exit 2
fi
[ $# -gt 0 ] && shift
shopt -s nullglob
patches=(fuzz/selftest/*.patch)
if [ $# -gt 0 ]; then
  patches=()
  for bug in "$@"; do
    if [ ! -f "fuzz/selftest/$bug.patch" ]; then
      echo "ci/fuzz_selftest.sh: no planted bug fuzz/selftest/$bug.patch" >&2
      exit 2
    fi
    patches+=("fuzz/selftest/$bug.patch")
  done
fi
if [ ${#patches[@]} -eq 0 ]; then
  echo "ci/fuzz_selftest.sh: no planted bugs in fuzz/selftest/*.patch" >&2
  exit 2
fi

bash ci/install_deps.sh
cli_build=${SORTKEY_CLI_BUILD:-build/release}
cmake --preset release -B "$cli_build" >/dev/null
cmake --build "$cli_build" --target sortkey_cli -j "$(nproc)"
sortkey=$root/$cli_build/tools/sortkey

out=$root/build/fuzz-selftest
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/sortkey-fuzz-selftest.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tree without build outputs or version control; one copy, each patch
# applied and reverted in turn, so the fuzz build recompiles only what it touches.
src=$work/src
mkdir "$src"
for entry in * .[!.]*; do
  case "$entry" in build | .git) continue ;; esac
  cp -r "$entry" "$src/"
done
if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=$work CCACHE_NOHASHDIR=1
fi
(cd "$src" && cmake --preset fuzz -B "$work/build" >/dev/null)

for patch_file in "${patches[@]}"; do
  bug=$(basename "$patch_file" .patch)
  target=$(sed -n 's/^Target: *//p' "$patch_file" | head -n 1)
  if [ -z "$target" ]; then
    echo "ci/fuzz_selftest.sh: $patch_file has no 'Target: <fuzz target>' line" >&2
    exit 2
  fi
  echo "== $bug: planting $patch_file, fuzzing $target for up to $budget s"
  (cd "$src" && patch -p1 --forward --quiet <"$root/$patch_file")
  status=0
  if cmake --build "$work/build" --target "$target" -j "$(nproc)" >"$out/$bug.build.log" 2>&1; then
    # One process (--jobs 1): its final stats count the executions to the
    # failure exactly. No merge and no capture: the corpus is the copy's.
    "$sortkey" fuzz --fuzzers "$work/build/fuzz" --target "$target" --seconds "$budget" --jobs 1 \
      --no-seeds --no-merge --no-capture --corpus "$src/corpus" --dicts "$src/fuzz" \
      --out "$out/$bug" --json "$out/$bug.json" >"$out/$bug.log" 2>&1 || status=$?
  else
    status=3
    echo "   the build failed; see $out/$bug.build.log"
  fi
  (cd "$src" && patch -p1 -R --quiet <"$root/$patch_file")
  echo "   sortkey fuzz exit status $status (1: crash found); log $out/$bug.log"
done

# The control: with every patch reverted, each minimized input must pass, or
# the failure was not the planted bug's.
targets=()
for patch_file in "${patches[@]}"; do targets+=("$(sed -n 's/^Target: *//p' "$patch_file" | head -n 1)"); done
cmake --build "$work/build" --target "${targets[@]}" -j "$(nproc)" >"$out/control.build.log" 2>&1 || true
for i in "${!patches[@]}"; do
  bug=$(basename "${patches[$i]}" .patch)
  [ -f "$out/$bug.json" ] || continue
  input=$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["targets"]; f=t[0].get("failure") if t else None; print(f["input_file"] if f else "")' "$out/$bug.json")
  [ -n "$input" ] || continue
  control=0
  timeout 60 "$work/build/fuzz/${targets[$i]}" "$input" >"$out/$bug.control.log" 2>&1 || control=$?
  echo "$control" >"$out/$bug.control"
done

python3 - "$out" "$budget" "${patches[@]}" <<'EOF'
import json, os, sys

out, budget, patches = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows = []
for path in patches:
    bug = os.path.basename(path)[: -len(".patch")]
    meta = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("---"):
                break
            if ":" in line:
                key, value = line.split(":", 1)
                meta[key.strip()] = value.strip()
    row = {"bug": bug, "planted": meta.get("Planted bug", ""), "target": meta.get("Target", ""),
           "found": False, "seconds": None, "executions": None, "property": "", "input": "",
           "input_size": None, "values": "", "why": "", "problem": "", "passes_without_bug": None}
    summary = os.path.join(out, bug + ".json")
    if not os.path.exists(summary):
        row["problem"] = "no summary: the target did not build or the campaign did not run (see %s.build.log)" % bug
    else:
        with open(summary, encoding="utf-8") as f:
            report = json.load(f)
        targets = report.get("targets", [])
        if report.get("problem") or not targets:
            row["problem"] = report.get("problem", "no target ran")
        else:
            t = targets[0]
            failure = t.get("failure")
            if t.get("problem"):
                row["problem"] = t["problem"]
            if failure:
                row.update(found=failure["reproduced"], seconds=failure["seconds"],
                           executions=failure["executions"], property=failure["property"] or failure["headline"],
                           input=failure["input"], input_size=failure["input_size"], values=failure["values"],
                           why=failure["why"])
                if not failure["reproduced"]:
                    row["problem"] = "a crash that did not reproduce"
            else:
                row["seconds"], row["executions"] = t.get("seconds"), t.get("executions")
    control = os.path.join(out, bug + ".control")
    if os.path.exists(control):
        with open(control) as f:
            row["passes_without_bug"] = f.read().strip() == "0"
        if row["found"] and not row["passes_without_bug"]:
            row["found"] = False
            row["problem"] += " The minimized input fails without the planted bug too (see %s.control.log)." % bug
    rows.append(row)

def code(text):
    text = text.replace("|", "\\|")
    fence = "``" if "`" in text else "`"
    return "%s%s%s" % (fence, text, fence) if text else ""

found = sum(r["found"] for r in rows)
lines = ["## Fuzz self-test: %d of %d planted bugs found" % (found, len(rows)), "",
         "Each bug planted in a copy of the library; its target fuzzed from an empty corpus "
         "for up to %d s in one libFuzzer process (clang, ASan+UBSan). Found: the target failed, and its "
         "minimized input passes once the patch is reverted." % budget, "",
         "| planted bug | target | found | time to failure | executions | property | minimized input | decoded values |",
         "|---|---|---|--:|--:|---|---|---|"]
for r in rows:
    lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
        code(r["bug"]), code(r["target"]), "yes" if r["found"] else "**NO**",
        "%.1f s" % r["seconds"] if r["seconds"] is not None else "-",
        "{:,}".format(r["executions"]) if r["executions"] is not None else "-",
        code(r["property"]),
        code('"%s" (%d byte%s)' % (r["input"], r["input_size"], "" if r["input_size"] == 1 else "s"))
        if r["input_size"] is not None else "",
        code(r["values"])))
lines.append("")
for r in rows:
    lines.append("- %s: %s%s%s" % (code(r["bug"]), r["planted"],
                                    (" Why it failed: " + r["why"]) if r["why"] else "",
                                    (" **Problem:** " + r["problem"]) if r["problem"] else ""))
markdown = "\n".join(lines) + "\n"
with open(os.path.join(out, "selftest.md"), "w", encoding="utf-8") as f:
    f.write(markdown)
with open(os.path.join(out, "selftest.json"), "w", encoding="utf-8") as f:
    json.dump({"budget_seconds": budget, "found": found, "bugs": rows}, f, indent=2)
step = os.environ.get("GITHUB_STEP_SUMMARY")
if step:
    with open(step, "a", encoding="utf-8") as f:
        f.write(markdown + "\n")
print(markdown)
sys.exit(0 if found == len(rows) else 1)
EOF
