#!/usr/bin/env python3
# Bug: a debugging print left on standard output (logs belong on standard
# error), which the certifier reads as the answer.
# Expected: exit status 2, "a line that is not JSON".
from _base import reference, run

served = 0


def encode_padded(params, value):
    global served
    served += 1
    if served == 30:
        print(f"DEBUG encode_padded {params} {value}", flush=True)
    return reference.encode_padded(params, value)


run("garbage line", {"padded": (encode_padded, reference.decode_padded)})
