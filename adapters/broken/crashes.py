#!/usr/bin/env python3
# Bug: the adapter crashes in the middle of the run (a segmentation fault in
# a native extension, here raised by hand on the 50th request).
# Expected: exit status 2, "killed by signal 11" (or the shell's "exited with
# status 139") "before answering request".
import os
import signal

from _base import reference, run

served = 0


def encode_padded(params, value):
    global served
    served += 1
    if served == 50:
        os.kill(os.getpid(), signal.SIGSEGV)
    return reference.encode_padded(params, value)


run("crashes mid-run", {"padded": (encode_padded, reference.decode_padded)})
