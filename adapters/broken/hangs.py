#!/usr/bin/env python3
# Bug: after 50 requests the adapter stops answering (a deadlock, a lost
# flush), and never exits.
# Expected: exit status 2, "timed out: no answer to request".
import time

from _base import reference, run

served = 0


def encode_padded(params, value):
    global served
    served += 1
    if served > 50:
        time.sleep(3600)
    return reference.encode_padded(params, value)


run("hangs", {"padded": (encode_padded, reference.decode_padded)})
