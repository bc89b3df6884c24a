#!/usr/bin/env python3
"""measure.py RESULT COMMAND...: runs COMMAND under an address-space limit
(a guard for the machine) and writes "<exit status> <peak resident KB>" to
RESULT when it ends: its exit code, or minus the signal that ended it, and
the largest resident set of it and of the children it waited for. A process
of its own, small, so that the peak is COMMAND's and not that of the
campaign that forked it (a fork's resident pages count until its exec)."""
import os
import resource
import sys

ADDRESS_SPACE = 4 << 30

result, argv = sys.argv[1], sys.argv[2:]
pid = os.fork()
if pid == 0:
    try:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.execv(argv[0], argv)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
with open(result, "w") as f:
    f.write(f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}\n")
