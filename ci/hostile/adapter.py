#!/usr/bin/env python3
"""adapter.py MODE: a codec adapter (adapters/PROTOCOL.md) that answers the
hello as an honest one, for the padded codec, then misbehaves as MODE says.
The certifier must stop it and say what it did in one line, within its
--timeout-ms, never crash, hang or read without bound."""
import json
import os
import sys
import time

mode = sys.argv[1] if __name__ == "__main__" else ""
HELLO = {"protocol": 1, "name": "hostile " + mode, "codecs": ["padded"]}


def say(text):
    sys.stdout.buffer.write(text if isinstance(text, bytes) else text.encode())
    sys.stdout.buffer.write(b"\n")
    sys.stdout.flush()


def answer(request):
    value = request.get("value", "")
    width = request.get("params", {}).get("width", 1)
    if request.get("op") == "encode":
        if len(value) > width:
            return {"id": request["id"], "error": "too wide"}
        return {"id": request["id"], "ok": value.zfill(width)}
    if request.get("op") == "decode":
        return {"id": request["id"], "ok": str(int(request["key"]))}
    return {"id": request["id"], "error": "unknown op"}


BAD_HELLO = {
    "hello_garbage": b"garbage",
    "hello_not_object": b"[1, 2]",
    "hello_protocol_2": json.dumps({"id": 0, "ok": dict(HELLO, protocol=2)}),
    "hello_no_name": json.dumps({"id": 0, "ok": dict(HELLO, name="")}),
    "hello_escape_name": json.dumps({"id": 0, "ok": dict(HELLO, name="\x1b]0;PWNED\x07\x1b[2J")}),
    "hello_huge_codec_list": json.dumps({"id": 0, "ok": dict(HELLO, codecs=["x\x1b%d" % i for i in range(100000)])}),
    "hello_duplicate_ok": b'{"id":0,"ok":{"protocol":2},"ok":' + json.dumps(HELLO).encode() + b"}",
    "hello_deep": b'{"id":0,"ok":' + b"[" * 200000 + b"]" * 200000 + b"}",
    "hello_wrong_id": json.dumps({"id": 7, "ok": HELLO}),
    "hello_invalid_utf8": b'{"id":0,"ok":{"protocol":1,"name":"\xff\xfe","codecs":["padded"]}}',
    "hello_nul": b'{"id":0,"ok":{"protocol":1,"name":"a\x00b","codecs":["padded"]}}',
}
BAD_ANSWER = {
    "garbage": lambda r: b"garbage \x1b]0;PWNED\x07",
    "huge_line": lambda r: b'{"id":%d,"ok":"' % r["id"] + b"0" * (4 << 20) + b'"}',
    "duplicate_ok": lambda r: b'{"id":%d,"ok":"garbage","ok":%s}' % (r["id"], json.dumps(answer(r).get("ok", "")).encode()),
    "both_ok_and_error": lambda r: json.dumps(dict(answer(r), ok="1", error="e")),
    "ok_a_number": lambda r: json.dumps({"id": r["id"], "ok": 5}),
    "error_a_number": lambda r: json.dumps({"id": r["id"], "error": 5}),
    "wrong_id": lambda r: json.dumps(dict(answer(r), id=r["id"] + 1000)),
    "id_a_string": lambda r: json.dumps(dict(answer(r), id=str(r["id"]))),
    "invalid_utf8": lambda r: b'{"id":%d,"ok":"\xff\xfe"}' % r["id"],
    "escape_in_key": lambda r: json.dumps({"id": r["id"], "ok": "\x1b]0;PWNED\x07"}),
    "deep": lambda r: b'{"id":%d,"ok":' % r["id"] + b"[" * 100000 + b"]" * 100000 + b"}",
    "two_answers": lambda r: json.dumps(answer(r)) + "\n" + json.dumps(answer(r)),
    "huge_number_id": lambda r: b'{"id":1e999,"ok":"1"}',
}


def main():
    stdin = sys.stdin.buffer
    hello = stdin.readline()
    if mode == "exit_at_once":
        sys.exit(0)
    if mode == "exit_3_at_once":
        print("adapter: cannot start", file=sys.stderr)
        sys.exit(3)
    if mode == "hang_at_hello":
        time.sleep(3600)
    if mode in BAD_HELLO:
        say(BAD_HELLO[mode])
        time.sleep(3600)  # whatever the certifier does next, it must not wait for this
    say(json.dumps({"id": json.loads(hello)["id"], "ok": HELLO}))
    if mode == "endless_line":
        block = b"0" * 65536
        while True:
            sys.stdout.buffer.write(block)
    if mode == "flood_of_lines":
        while True:
            sys.stdout.buffer.write(b'{"id":999999,"ok":"1"}\n' * 1000)
    if mode == "exit_3_child_holds_pipe":
        if os.fork() == 0:
            time.sleep(3600)
        sys.exit(3)
    n = 0
    for line in stdin:
        request = json.loads(line)
        n += 1
        if mode == "exit_after_answers" and n > 3:
            sys.exit(0)
        if mode == "kill_itself" and n > 3:
            os.kill(os.getpid(), 9)
        if mode == "hang_later" and n > 3:
            time.sleep(3600)
        if mode == "slow" and n > 3:
            time.sleep(2)
        if mode == "close_stdout" and n > 3:
            os.close(1)
            time.sleep(3600)
        if mode in BAD_ANSWER and n > 2:
            say(BAD_ANSWER[mode](request))
            continue
        say(json.dumps(answer(request)))


if __name__ == "__main__":
    main()
