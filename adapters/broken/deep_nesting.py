#!/usr/bin/env python3
# Bug: the adapter answers one request with a 300 KB line of nested brackets
# (valid JSON, but deeper than any answer needs; printing it would overflow
# the certifier's stack).
# Expected: exit status 2, "nested deeper than 256 levels".
import json
import sys

from _base import reference

for line in sys.stdin:
    request = json.loads(line)
    if request["id"] == 5:
        depth = 150000
        print('{"id":5,"ok":' + "[" * depth + "]" * depth + "}", flush=True)
        continue
    try:
        reply = {"id": request["id"], "ok": reference.answer(request, {"padded": reference.CODECS["padded"]}, "broken: deep nesting")}
    except reference.Refuse as e:
        reply = {"id": request["id"], "error": str(e)}
    print(json.dumps(reply), flush=True)
