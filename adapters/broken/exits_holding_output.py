#!/usr/bin/env python3
# Bug: the adapter exits with status 3 in the middle of the run, after it
# started a process that inherits its standard output and keeps it open
# (a helper, a daemon, a shell's background job).
# Expected: exit status 2, "exited with status 3" and the held output named,
# at once: not "timed out" once the answer's time limit has passed.
import os
import subprocess
import sys

from _base import reference, run

served = 0


def encode_padded(params, value):
    global served
    served += 1
    if served == 50:
        subprocess.Popen(["sleep", "30"], stdout=sys.stdout, stdin=subprocess.DEVNULL)
        sys.stdout.flush()
        os._exit(3)
    return reference.encode_padded(params, value)


run("exits while a child holds its output", {"padded": (encode_padded, reference.decode_padded)})
