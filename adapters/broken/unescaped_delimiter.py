#!/usr/bin/env python3
# Bug: the composite codec joins the segments with the delimiter without
# escaping it, so ("A#B") and ("A", "B") share the key "A#B".
# Expected to fail: composite/round_trip (also composite/injective, composite/order).
from _base import Refuse, run


def encode_composite(params, value):
    if not isinstance(value, list) or not value:
        raise Refuse("a path is a non-empty array of strings")
    return params["delimiter"].join(value)


def decode_composite(params, key):
    return key.split(params["delimiter"])


run("unescaped delimiter", {"composite": (encode_composite, decode_composite)})
