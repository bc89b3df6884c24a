#!/usr/bin/env python3
# Bug: the adapter answers request 20 with the id of the request before it
# (an off-by-one in a request counter kept beside the protocol's ids).
# Expected: exit status 2, "answered with the wrong id".
import json
import sys

from _base import Refuse, reference

for line in sys.stdin:
    request = json.loads(line)
    id_ = request["id"]
    try:
        reply = {"ok": reference.answer(request, {"padded": reference.CODECS["padded"]}, "broken: wrong id")}
    except Refuse as e:
        reply = {"error": str(e)}
    reply["id"] = id_ - 1 if id_ == 20 else id_
    print(json.dumps(reply), flush=True)
