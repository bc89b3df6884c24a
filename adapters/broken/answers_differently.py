#!/usr/bin/env python3
# Bug: the padded codec answers differently to the same request: the first
# time it encodes a value it drops the leading zeros, every later time it
# pads. A failing case passes when it is replayed, so the certifier must keep
# the first failing exchange to explain the failure.
# Expected to fail: padded/order, with the failing request and response shown.
from _base import reference, run

seen = set()


def encode_padded(params, value):
    key = reference.encode_padded(params, value)
    if (params.get("width"), value) in seen:
        return key
    seen.add((params.get("width"), value))
    return str(int(value))


run("answers differently", {"padded": (encode_padded, reference.decode_padded)})
