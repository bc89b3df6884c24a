#!/usr/bin/env python3
"""The check of ci/layout_check.py: in a scratch git repository, a tree that
keeps the rules passes, and each planted breach is reported by its rule."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "layout_check.py")


def run(root):
    return subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)


def repo(files):
    root = tempfile.mkdtemp()
    for path, text in files.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(text)
    subprocess.run(["git", "init", "-q", root], check=True)
    subprocess.run(["git", "-C", root, "add", "-A"], check=True)
    return root


def function(lines):
    return "int f(int x) {\n" + "  x += 1;\n" * (lines - 2) + "}\n"


CLEAN = {
    "support/text.h": '#include "sortkey/error.h"\n',
    "support/text.cc": '#include "support/text.h"\n\n' + function(100),
    "design/x.cc": '#include "certify/run.h"\n',
    "support/CMakeLists.txt": "add_library(s STATIC text.cc)\n",
}
BREACHES = [
    ("a bare include", {"support/text.cc": '#include "text.h"\n'}, "is not spelled from the repository root"),
    ("a room above", {"support/text.cc": '#include "certify/run.h"\n'}, "may not include"),
    ("design into certify/endpoint", {"design/x.cc": '#include "certify/endpoint/workload.h"\n'},
     "design/ may not include"),
    ("a long function", {"support/text.cc": function(101)}, "a function of 101 lines"),
    ("a long file", {"support/text.cc": "\n" * 1001}, "lines, over 1000"),
    ("another folder's source", {"support/CMakeLists.txt": "add_library(s STATIC ../src/x.cc)\n"},
     "outside its folder"),
]


def main():
    failed = 0
    clean = run(repo(CLEAN))
    if clean.returncode != 0:
        print("FAILED: a tree that keeps the rules is refused:\n" + clean.stdout + clean.stderr)
        failed += 1
    for name, change, want in BREACHES:
        got = run(repo({**CLEAN, **change}))
        if got.returncode != 1 or want not in got.stdout:
            print(f"FAILED: {name}: exit {got.returncode}, expected 1 and '{want}':\n{got.stdout}{got.stderr}")
            failed += 1
        else:
            print(f"ok: {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
