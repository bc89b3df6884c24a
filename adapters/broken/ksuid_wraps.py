#!/usr/bin/env python3
# Bug: the KSUID decoder reduces 27 base-62 digits modulo 2^160 instead of
# refusing a key above the largest KSUID ("aWgEPTl1tmebfsQzFP4bxwgy80V"), so
# "aWgEPTl1tmebfsQzFP4bxwgy80W" reads as the KSUID of "000000000000000000000000000":
# two keys, far apart in DynamoDB, for one ID.
# Expected to fail: ksuid/refuses_foreign_keys.
from _base import reference, run


def decode_ksuid(params, key):
    n = reference._from_base(key, reference._BASE62, 27, 27 * 6) % (1 << 160)
    return {"timestamp": (n >> 128) + reference._KSUID_EPOCH, "payload": f"{n & ((1 << 128) - 1):032x}"}


run("KSUID decode wraps above the maximum", {"ksuid": (reference.encode_ksuid, decode_ksuid)})
