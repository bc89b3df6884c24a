#!/usr/bin/env python3
# Bug: the padded codec pads to the width but never refuses a wider value:
# 100000 at width 5 becomes the 6-digit key "100000", which sorts before
# "99999" and breaks every fixed-width reader.
# Expected to fail: padded/refuses_out_of_range.
from _base import reference, run


def encode_padded(params, value):
    return str(int(value)).zfill(params["width"])


run("accepts out-of-range width", {"padded": (encode_padded, reference.decode_padded)})
