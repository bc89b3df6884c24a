#!/usr/bin/env python3
# Bug: the adapter answers the requests of one read in reverse order (as a
# pool of workers answering whichever finishes first would), though the
# protocol wants answers in request order. Single requests still work; the
# certifier's pipelined batches expose it.
# Expected: exit status 2, "answered out of order".
import json
import os

from _base import Refuse, reference

codecs = {"padded": reference.CODECS["padded"]}
pending = b""
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        break
    pending += chunk
    *lines, pending = pending.split(b"\n")
    for line in reversed(lines):
        request = json.loads(line)
        try:
            reply = {"id": request["id"], "ok": reference.answer(request, codecs, "broken: out of order")}
        except Refuse as e:
            reply = {"id": request["id"], "error": str(e)}
        os.write(1, (json.dumps(reply) + "\n").encode())
