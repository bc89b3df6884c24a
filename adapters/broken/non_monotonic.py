#!/usr/bin/env python3
# Bug: the ULID generator draws fresh random bits for every ID, also within
# one millisecond, so IDs of the same millisecond come in random order.
# Expected to fail: ulid/generate_monotonic.
import secrets
import time

from _base import reference, run


class Random:
    def next(self):
        return reference.encode_ulid({}, {"time": time.time_ns() // 1000000, "random": secrets.token_hex(10)})


reference._GENERATORS["ulid"] = Random()
run("non-monotonic generator", {"ulid": reference.CODECS["ulid"]})
