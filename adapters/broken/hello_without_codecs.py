#!/usr/bin/env python3
# Bug: the hello answer leaves out "codecs" (the adapter assumes the
# certifier knows what it serves).
# Expected: exit status 2, "lacks \"codecs\"".
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], "ok": {"protocol": 1, "name": "broken: hello without codecs"}}), flush=True)
