#!/usr/bin/env python3
# Bug: the padded decoder accepts a key shorter than the width ("157" for
# width 5, read as if it were "00157"), so one number has several keys, each
# sorting somewhere else in DynamoDB. The encoder is right: only a decode of
# a key the encoder never produces shows it.
# Expected to fail: padded/refuses_foreign_keys.
from _base import reference, run


def decode_padded(params, key):
    width = reference._int_param(params, "width", 1, 38)
    if isinstance(key, str) and 0 < len(key) < width:
        key = key.zfill(width)
    return reference.decode_padded(params, key)


run("lenient padded width", {"padded": (reference.encode_padded, decode_padded)})
