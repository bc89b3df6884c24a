#!/usr/bin/env python3
"""check_streaming_input.py SORTKEY

The codec commands read standard input a line at a time and answer each line
before reading the next: a line's answer comes out while the writer is still
holding the pipe open (a reader that waited for the end would block here, and
the test's alarm fails it); a reader that goes away (`| head -2`) ends an
endless input with exit 0; a full disk is exit 2 with the system's reason.
"""
import signal
import subprocess
import sys

sortkey = sys.argv[1]


def fail(message):
    print(f"check_streaming_input: {message}", file=sys.stderr)
    sys.exit(1)


def on_alarm(signum, frame):
    fail("no answer to a line while its writer held the pipe open: the input is not read line by line")


signal.signal(signal.SIGALRM, on_alarm)

# One line in, its answer out, with the writer still there; then the next.
for args, lines, answers in [
    (["encode", "padded", "--width", "5"], [b"1", b"22"], [b"00001", b"00022"]),
    (["decode", "padded", "--width", "5"], [b"00007", b"00123"], [b"7", b"123"]),
    (["decode", "ulid", "-o", "json"], [b"01ARZ3NDEKTSV4RRFFQ69G5FAV", b"nope"], None),
]:
    p = subprocess.Popen([sortkey, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    got = []
    for line in lines:
        p.stdin.write(line + b"\n")
        p.stdin.flush()
        signal.alarm(30)
        got.append(p.stdout.readline().rstrip(b"\n"))
        signal.alarm(0)
    p.stdin.close()
    rest = p.stdout.read()
    status = p.wait()
    if rest:
        fail(f"{args}: more output than lines: {rest!r}")
    if answers is not None and got != answers:
        fail(f"{args}: answers {got}, expected {answers}")
    if answers is None and not (b'"input"' in got[0] and b'"error"' in got[1]):
        fail(f"{args}: unexpected JSON lines {got}")
    print(f"ok: {' '.join(args)}: each line answered before the next was written (exit {status})")

# An endless input, a reader that stops after two lines: exit 0, promptly.
signal.alarm(60)
yes = subprocess.Popen(["yes", "1"], stdout=subprocess.PIPE)
enc = subprocess.Popen([sortkey, "encode", "padded", "--width", "9"], stdin=yes.stdout,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
yes.stdout.close()
head = [enc.stdout.readline() for _ in range(2)]
enc.stdout.close()
status = enc.wait()
err = enc.stderr.read()
yes.kill()
signal.alarm(0)
if head != [b"000000001\n"] * 2:
    fail(f"yes | encode | head -2: {head}")
if status != 0 or err:
    fail(f"yes | encode | head -2: exit {status}, {err!r}; expected a quiet exit 0")
print("ok: yes 1 | sortkey encode padded --width 9 | head -2: exit 0, nothing on standard error")

# A full disk is no quiet end.
with open("/dev/full", "wb") as full:
    r = subprocess.run([sortkey, "encode", "padded", "--width", "9"], input=b"1\n" * 100000,
                       stdout=full, stderr=subprocess.PIPE, timeout=60)
if r.returncode != 2 or b"cannot write to standard output: No space left on device" not in r.stderr:
    fail(f"encode > /dev/full: exit {r.returncode}, {r.stderr!r}")
print("ok: encode > /dev/full: exit 2, No space left on device")
