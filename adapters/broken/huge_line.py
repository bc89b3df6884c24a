#!/usr/bin/env python3
# Bug: the adapter answers one request with a 2 MiB line (an error message
# that embeds a whole buffer).
# Expected: exit status 2, "too long".
import json
import sys

from _base import reference

for line in sys.stdin:
    request = json.loads(line)
    if request["id"] == 5:
        reply = {"id": 5, "error": "x" * (2 << 20)}
    else:
        try:
            reply = {"id": request["id"], "ok": reference.answer(request, {"padded": reference.CODECS["padded"]}, "broken: huge line")}
        except reference.Refuse as e:
            reply = {"id": request["id"], "error": str(e)}
    print(json.dumps(reply), flush=True)
