#!/usr/bin/env python3
# Bug: the padded codec writes the number without its leading zeros
# (str(n) instead of str(n).zfill(width)), so "10" sorts before "9".
# Expected to fail: padded/order (also padded/fixed_width, padded/matches_reference).
from _base import reference, run


def encode_padded(params, value):
    reference.encode_padded(params, value)  # the same refusals
    return str(int(value))


run("unpadded number", {"padded": (encode_padded, reference.decode_padded)})
