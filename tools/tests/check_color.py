#!/usr/bin/env python3
"""check_color.py SORTKEY

Colour for the verdict words only, on a terminal: a pseudo-terminal gets
CERTIFIED and passed in colour; NO_COLOR, --color never, a pipe or a file
get none; --color always colours a pipe too.
"""
import os
import pty
import subprocess
import sys

sortkey = sys.argv[1]
run = ["certify", "--cases", "1", "--property", "padded/order", "--no-progress"]
GREEN = b"\x1b[1;32m"
env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
env["TERM"] = "xterm"


def on_terminal(args, extra_env=None):
    """The standard output of sortkey ARGS written to a pseudo-terminal."""
    leader, follower = pty.openpty()
    p = subprocess.Popen([sortkey, *args], stdout=follower, stderr=subprocess.DEVNULL,
                         env={**env, **(extra_env or {})})
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the follower side closed: the command ended
            break
        if not chunk:
            break
        out += chunk
    os.close(leader)
    status = p.wait(timeout=120)
    return status, out


fail = False


def check(name, ok, detail):
    global fail
    print(("ok: " if ok else "FAIL ") + name + ("" if ok else f": {detail!r}"))
    fail |= not ok


status, out = on_terminal(run)
check("terminal_colours_the_verdict", status == 0 and GREEN + b"CERTIFIED\x1b[0m: " in out
      and GREEN + b"passed\x1b[0m" in out, out[-300:])
# Only the verdict words: the target and the counts stay plain.
check("only_the_words", out.count(b"\x1b[") == 4, out[-300:])
status, out = on_terminal(run, {"NO_COLOR": "1"})
check("no_color_is_honoured", status == 0 and b"\x1b[" not in out and b"CERTIFIED: " in out, out[-300:])
status, out = on_terminal(["--color", "never", *run])
check("color_never", status == 0 and b"\x1b[" not in out, out[-300:])
status, out = on_terminal([*run, "--color=never"])
check("color_never_after_the_command", status == 0 and b"\x1b[" not in out, out[-300:])
r = subprocess.run([sortkey, *run], capture_output=True, env=env)
check("pipe_is_plain", r.returncode == 0 and b"\x1b[" not in r.stdout + r.stderr, r.stdout[-300:])
r = subprocess.run([sortkey, "--color", "always", *run], capture_output=True, env=env)
check("color_always_in_a_pipe", r.returncode == 0 and GREEN + b"CERTIFIED" in r.stdout, r.stdout[-300:])
r = subprocess.run([sortkey, "--color", "sometimes", *run], capture_output=True, env=env)
check("color_bad_value", r.returncode == 2 and b"--color" in r.stderr, r.stderr)
sys.exit(1 if fail else 0)
