#!/usr/bin/env python3
# Bug: the KSUID codec's base-62 alphabet has the lower-case letters before
# the upper-case ones (0-9a-zA-Z, as some base-62 libraries order it), so
# digit order is no longer byte order.
# Expected to fail: ksuid/order (also ksuid/matches_reference).
from _base import reference, run

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
BASE62 = reference._BASE62


def encode_ksuid(params, value):
    key = reference.encode_ksuid(params, value)
    return key.translate(str.maketrans(BASE62, ALPHABET))


def decode_ksuid(params, key):
    return reference.decode_ksuid(params, key.translate(str.maketrans(ALPHABET, BASE62)))


run("wrong base-62 alphabet order", {"ksuid": (encode_ksuid, decode_ksuid)})
