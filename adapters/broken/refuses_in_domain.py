#!/usr/bin/env python3
# Bug: the number codec goes through a binary double and refuses what a
# double cannot hold exactly (more than 15 significant digits), though
# DynamoDB Numbers carry 38.
# Expected to fail: number/refuses_out_of_range ("a value inside the domain").
from _base import Refuse, reference, run


def encode_number(params, value):
    _, digits, _ = reference._parse_number(value)
    if len(digits) > 15:
        raise Refuse(f"{value} has {len(digits)} significant digits; a double holds 15")
    return reference.encode_number(params, value)


run("refuses in-domain numbers", {"number": (encode_number, reference.decode_number)})
