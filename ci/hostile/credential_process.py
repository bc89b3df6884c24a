#!/usr/bin/env python3
"""credential_process.py MODE: an AWS credential_process that misbehaves:
garbage, a flood, JSON nested deep, duplicate keys, keys holding CR/LF, an
unknown Version, an exit with an error, or output while a child holds the pipe."""
import json
import os
import sys
import time

mode = sys.argv[1]
KEYS = {"Version": 1, "AccessKeyId": "AKIDPROCESS", "SecretAccessKey": "secret"}
out = {
    "garbage": b"\x1b]0;PWNED\x07 not json\n",
    "flood": b"x" * (10 << 20),
    "deep": b'{"Version":1,"x":' + b"[" * 100000 + b"]" * 100000 + b"}",
    "duplicate_keys": b'{"Version":1,"AccessKeyId":"A","AccessKeyId":"B","SecretAccessKey":"s"}',
    "crlf_in_key": json.dumps(dict(KEYS, AccessKeyId="AKID\r\nX-Injected: 1")).encode(),
    "crlf_in_token": json.dumps(dict(KEYS, SessionToken="t\r\nX-Injected: 1")).encode(),
    "version_2": json.dumps(dict(KEYS, Version=2)).encode(),
    "empty": b"",
    "invalid_utf8": b'{"Version":1,"AccessKeyId":"\xff","SecretAccessKey":"s"}',
    "expired": json.dumps(dict(KEYS, Expiration="2000-01-01T00:00:00Z")).encode(),
    "bad_expiration": json.dumps(dict(KEYS, Expiration="\x1b[2Jtomorrow")).encode(),
}.get(mode)
if mode == "fails":
    sys.stderr.write("credential helper: \x1b]0;PWNED\x07 no token\n")
    sys.exit(1)
if mode == "child_holds_pipe":
    sys.stdout.write(json.dumps(KEYS))
    sys.stdout.flush()
    if os.fork() == 0:
        time.sleep(3600)
    sys.exit(0)
sys.stdout.buffer.write(out)
sys.stdout.flush()
