#!/usr/bin/env python3
# Bug: the name codec writes the normalized name as its UTF-16 code units in
# hex (as a Java or JavaScript codec comparing strings by code units would
# order them), so U+FFFF ("FFFF") sorts above U+10000 ("D800DC00"), where
# DynamoDB's UTF-8 byte order, the code points' order, puts it below.
# Round trip, injectivity and refusals all hold: only two names that differ
# in a code point on either side of U+10000 show it.
# Expected to fail: name/neighbours (and no other property at the default settings).
from _base import Refuse, reference, run


def encode_name(params, value):
    name = reference.encode_name(params, value)
    return name.encode("utf-16-be").hex().upper()


def decode_name(params, key):
    if len(key) % 4 or any(c not in "0123456789ABCDEF" for c in key):
        raise Refuse(f"{key!r} is not UTF-16 in upper-case hex")
    try:
        name = bytes.fromhex(key).decode("utf-16-be")
    except UnicodeDecodeError as e:
        raise Refuse(f"{key!r} is not UTF-16: {e}")
    return reference.decode_name(params, name)


run("name ordered by UTF-16 code units", {"name": (encode_name, decode_name)})
