#!/usr/bin/env python3
# Bug: the timestamp codec drops trailing zeros of the fraction, and the
# fraction itself when it is zero (what datetime.isoformat() does with zero
# microseconds), so "...:00Z" sorts after "...:00.1Z" ('Z' > '.').
# Expected to fail: timestamp/order (also timestamp/fixed_width, timestamp/matches_reference).
from _base import reference, run


def encode_timestamp(params, value):
    key = reference.encode_timestamp(params, value)
    if "." in key:
        key = key[:-1].rstrip("0").rstrip(".") + "Z"
    return key


def decode_timestamp(params, key):
    body = key[:-1]
    precision = params.get("precision", 0)
    if precision:
        whole, _, fraction = body.partition(".")
        body = whole + "." + fraction.ljust(precision, "0")
    return reference.decode_timestamp(params, body + "Z")


run("trimmed timestamp fraction", {"timestamp": (encode_timestamp, decode_timestamp)})
