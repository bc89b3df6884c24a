"""Runs every command of the README's `console` blocks and compares what it
prints with what the README shows under it, so that the README never shows an
output the tool does not print.

A block is a fence opened with ```console. In it, a line starting with "$ " is
a command (a line ending in a backslash continues on the next), and the lines
up to the next command are its output: standard output and standard error
as a terminal shows them together. Each command runs with bash in a scratch
directory that holds the repository's examples/, adapters/, corpus/ and docs/,
with the built sortkey first on PATH. Before comparing, times ("0.37s",
"in 1.7s") are replaced by "<t>s", progress lines ("[2/4] keys/unique
passed ...", which a terminal rewrites in place) are left out, and a line "..." in the README stands for
any number of lines. A block is not run when the line before its fence is
<!-- readme-test: skip REASON --> (commands that need the network, Docker,
an endpoint, or print new random IDs); the reason is printed.

Usage: readme_test.py README SORTKEY_DIR
Exit status 0 when every command's output matches, 1 otherwise (each
mismatch shown as a diff).
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile

TIME = re.compile(r"\b\d+(\.\d+)?s\b")
# The progress lines of certify and design check, which a terminal rewrites in place.
PROGRESS = re.compile(r"^\[\d+/\d+\] ")


def blocks(text):
    """(line number, skip reason or None, [lines]) of each console block."""
    lines = text.split("\n")
    out = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```console":
            prev = lines[i - 1].strip() if i > 0 else ""
            m = re.match(r"<!-- readme-test: skip (.*) -->$", prev)
            body = []
            j = i + 1
            while j < len(lines) and lines[j].strip() != "```":
                body.append(lines[j])
                j += 1
            out.append((i + 1, m.group(1) if m else None, body))
            i = j
        i += 1
    return out


def commands(body):
    """(command, [expected lines]) of a block."""
    out = []
    i = 0
    while i < len(body):
        if not body[i].startswith("$ "):
            raise ValueError(f"output before any command: {body[i]!r}")
        cmd = body[i][2:]
        while cmd.endswith("\\") and i + 1 < len(body):
            i += 1
            cmd = cmd[:-1] + " " + body[i].strip()
        i += 1
        expected = []
        while i < len(body) and not body[i].startswith("$ "):
            expected.append(body[i])
            i += 1
        out.append((cmd, expected))
    return out


def matches(expected, actual):
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def main(argv):
    if len(argv) != 3:
        print("usage: readme_test.py README SORTKEY_DIR", file=sys.stderr)
        return 2
    readme, sortkey_dir = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    root = os.path.dirname(readme)
    text = open(readme, encoding="utf-8").read()
    failures = ran = skipped = 0
    env = dict(os.environ, PATH=sortkey_dir + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    env.pop("GITHUB_STEP_SUMMARY", None)
    with tempfile.TemporaryDirectory() as work:
        for name in ("examples", "adapters", "corpus", "docs"):
            os.symlink(os.path.join(root, name), os.path.join(work, name))
        for line, skip, body in blocks(text):
            if skip is not None:
                print(f"README.md:{line}: not run: {skip}")
                skipped += 1
                continue
            for cmd, expected in commands(body):
                run = subprocess.run(["bash", "-c", cmd], cwd=work, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, timeout=300)
                actual = [l for l in run.stdout.rstrip("\n").split("\n") if not PROGRESS.match(l)]
                if actual == [""]:
                    actual = []
                norm = lambda ls: [TIME.sub("<t>s", l.rstrip()) for l in ls]
                want = norm([l for l in expected])
                while want and not want[-1]:
                    want.pop()
                ran += 1
                if not matches(want, norm(actual)):
                    failures += 1
                    print(f"README.md:{line}: $ {cmd}\n  (exit status {run.returncode}) prints, against the README:")
                    sys.stdout.writelines(
                        "  " + d + "\n" for d in difflib.unified_diff(want, norm(actual), "README", "sortkey", lineterm=""))
    print(f"readme_test.py: {ran} commands run, {failures} printing other than the README shows;"
          f" {skipped} blocks not run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
