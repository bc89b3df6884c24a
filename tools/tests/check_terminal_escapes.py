#!/usr/bin/env python3
"""check_terminal_escapes.py SORTKEY

A rejected input is quoted on standard error with its control characters
escaped: an OSC sequence (`ESC ] 0 ; title BEL`) would retitle the terminal,
a NUL would be written raw. No byte below 0x20 other than the newline may
reach standard error, and the escaped form is shown instead.
"""
import subprocess
import sys

sortkey = sys.argv[1]
failed = False
for line, shown in [(b"\x1b]0;PWNED\x07", b"\\x1B]0;PWNED\\x07"), (b"12\x003", b"12\\x003"),
                    (b"\xff\x9b2J", b"\\xFF\\x9B2J")]:
    r = subprocess.run([sortkey, "encode", "padded", "--width", "5"], input=line + b"\n",
                       capture_output=True, timeout=60)
    raw = [b for b in r.stderr if b < 0x20 and b != 0x0A]
    if r.returncode != 1 or raw or shown not in r.stderr:
        print(f"FAIL {line!r}: exit {r.returncode}, stderr {r.stderr!r}")
        failed = True
    else:
        print(f"ok: {line!r} is shown as {shown.decode()}")
sys.exit(1 if failed else 0)
