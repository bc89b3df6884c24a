#!/usr/bin/env python3
"""layout_check.py [ROOT]: the house's layout rules, checked on the tracked
files (README.md's folder table says what each room holds):

  1. every project include is spelled from the repository root
     ("support/text.h", "properties/runner.h"), sortkey/... for the
     installed API: no bare name of a header;
  2. no CMakeLists.txt compiles a source file outside its own folder;
  3. the rooms' layers hold: support/ and dynamodb/ include no room above
     them, design/ nothing of certify/endpoint/, the library nothing but
     itself;
  4. outside tests, no file is over 1,000 lines and no function over 100
     (a function: a line that opens a body at column 0 to the line that
     closes it there, as clang-format lays out a definition).

Prints one line per breach and exits 1 when there is one; 0 and a summary
otherwise."""
import os
import re
import subprocess
import sys

ROOMS = ("src/", "support/", "dynamodb/", "certify/", "design/", "properties/", "oracles/",
         "fuzz/", "tools/", "bench/", "sortkey/")
# room -> rooms it may include (besides itself and the installed API)
LAYERS = {
    "src/": (),
    "support/": (),
    "oracles/": (),
    "dynamodb/": ("support/",),
}
FORBIDDEN = {"design/": ("certify/endpoint/",)}
MAX_FILE_LINES = 1000
MAX_FUNCTION_LINES = 100
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE_IN_CMAKE = re.compile(r'(\.\./|\$\{PROJECT_SOURCE_DIR\}/)[^\s)]*\.(cc|cpp|c)\b')


def tracked(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True)
    return out.stdout.split()


def is_test(path):
    name = os.path.basename(path)
    return (name.endswith("_test.cc") or "/tests/" in path or path.startswith("bench/")
            or path.startswith("src/testing/"))


def check_includes(path, lines, breaches):
    room = next((r for r in ROOMS if path.startswith(r)), None)
    for n, line in enumerate(lines, 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        target = m.group(1)
        if not target.startswith(ROOMS):
            breaches.append(f"{path}:{n}: include \"{target}\" is not spelled from the repository root")
            continue
        if room in LAYERS and not is_test(path):
            allowed = (room, "sortkey/") + LAYERS[room]
            if not target.startswith(allowed):
                breaches.append(f"{path}:{n}: {room} may not include \"{target}\" (a room above it)")
        for r, banned in FORBIDDEN.items():
            if path.startswith(r) and target.startswith(banned):
                breaches.append(f"{path}:{n}: {r} may not include \"{target}\"")


def check_lengths(path, lines, breaches):
    if is_test(path) or path.startswith(("fuzz/tests/", "ci/")):
        return
    if len(lines) > MAX_FILE_LINES:
        breaches.append(f"{path}: {len(lines)} lines, over {MAX_FILE_LINES}")
    signature = None  # the column-0 line a definition starts on
    body = False
    for n, line in enumerate(lines, 1):
        if signature is None:
            if line[:1] not in ("", " ", "}", "#", "/", ")") and "(" in line \
                    and not line.startswith(("namespace", "extern", "using", "template")):
                signature = n
            else:
                continue
        if not body:
            stripped = line.rstrip()
            if stripped.endswith("{"):
                body = True
            elif stripped.endswith(";") or (n > signature and line[:1] not in (" ", ")")):
                signature = None  # a declaration, or not a function after all
            if not body:
                continue
        if line.startswith("}"):
            if n - signature + 1 > MAX_FUNCTION_LINES:
                breaches.append(f"{path}:{signature}: a function of {n - signature + 1} lines, "
                                f"over {MAX_FUNCTION_LINES}")
            signature, body = None, False
        elif n != signature and line[:1] not in ("", " ", "#", "/", ")") and not body:
            signature = None


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    breaches = []
    files = tracked(root)
    sources = [f for f in files if f.endswith((".cc", ".h"))]
    for path in sources:
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        check_includes(path, lines, breaches)
        check_lengths(path, lines, breaches)
    for path in (f for f in files if os.path.basename(f) == "CMakeLists.txt"):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.lstrip().startswith("#"):
                    continue
                for m in SOURCE_IN_CMAKE.finditer(line):
                    breaches.append(f"{path}:{n}: compiles {m.group(0)}, outside its folder")
    for b in breaches:
        print(b)
    if breaches:
        print(f"layout_check.py: {len(breaches)} breach(es) of the house's layout", file=sys.stderr)
        return 1
    print(f"layout_check.py: {len(sources)} sources and their CMakeLists.txt keep the layout")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
