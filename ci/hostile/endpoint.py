#!/usr/bin/env python3
"""endpoint.py PORTFILE: a hostile DynamoDB endpoint on a free loopback port.
The first segment of the request's path names how it answers every request
(http://127.0.0.1:PORT/MODE); it writes its port to PORTFILE and serves until
killed (or for 300 s).

  html500        HTTP 500 with an HTML traceback page
  invalid_json   200 with a body that is not JSON
  truncated      a Content-Length of 1,000 and 10 bytes, then the connection closed
  huge_body      200 with a 40 MB body
  endless_body   200, chunked, a body that never ends
  slow           the answer after 5 s (the client waits 1 s)
  slowloris      one byte of the headers every 0.5 s
  empty          200 with an empty body
  duplicate_keys 400 {"__type": ..., "__type": ...}
  escape_message 400 ValidationException with escape sequences in its message
  invalid_utf8   400 with a message that is not UTF-8
  deep           400 with JSON nested 100,000 levels
  close          the connection closed without an answer
  garbage_status a status line that is not HTTP
  many_headers   200 with 10,000 headers
  redirect       302 to another host
  gzip_bomb      200, Content-Encoding: gzip, 100 MB of zeros in 100 KB
  endless_pages  a table that exists and a Query/Scan whose every page has a new LastEvaluatedKey
"""
import gzip
import http.server
import json
import socket
import sys
import threading
import time

TYPE = "com.amazonaws.dynamodb.v20120810#"
BOMB = []


def bomb():
    if not BOMB:
        import io
        buf = io.BytesIO()
        with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9) as f:
            block = b"\0" * (1 << 20)
            for _ in range(100):
                f.write(block)
        BOMB.append(buf.getvalue())
    return BOMB[0]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def send(self, status, body, content_type="application/x-amz-json-1.0", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        action = self.headers.get("X-Amz-Target", "").rsplit(".", 1)[-1]
        mode = self.path.strip("/").split("/")[0]
        try:
            getattr(self, "mode_" + mode)(action)
        except (BrokenPipeError, ConnectionResetError, OSError):
            self.close_connection = True

    def mode_html500(self, action):
        page = "<html><body><h1>500</h1><pre>" + "\n".join(f"  File x.py line {i}" for i in range(200))
        self.send(500, (page + "</pre></body></html>").encode(), "text/html")

    def mode_invalid_json(self, action):
        self.send(200, b'{"Table": {"TableName": "x", ')

    def mode_truncated(self, action):
        self.send_response(200)
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(b'{"Table": ')
        self.close_connection = True

    def mode_huge_body(self, action):
        self.send(200, b'{"Table":"' + b"x" * (40 << 20) + b'"}')

    def mode_endless_body(self, action):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"10000\r\n" + b"[" * 65536 + b"\r\n"
        while True:
            self.wfile.write(chunk)

    def mode_slow(self, action):
        time.sleep(5)
        self.send(400, json.dumps({"__type": TYPE + "ResourceNotFoundException", "message": "x"}).encode())

    def mode_slowloris(self, action):
        for b in b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n":
            self.wfile.write(bytes([b]))
            self.wfile.flush()
            time.sleep(0.5)

    def mode_empty(self, action):
        self.send(200, b"")

    def mode_duplicate_keys(self, action):
        self.send(400, ('{"__type":"' + TYPE + 'ResourceNotFoundException","__type":"' + TYPE +
                        'ValidationException","message":"x"}').encode())

    def mode_escape_message(self, action):
        self.send(400, json.dumps({"__type": TYPE + "ValidationException",
                                   "message": "\x1b]0;PWNED\x07\x1b[2J\nsecond line\r"}).encode())

    def mode_invalid_utf8(self, action):
        self.send(400, b'{"__type":"' + TYPE.encode() + b'ValidationException","message":"\xff\xfe"}')

    def mode_deep(self, action):
        self.send(400, b'{"__type":"x","m":' + b"[" * 100000 + b"]" * 100000 + b"}")

    def mode_close(self, action):
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def mode_garbage_status(self, action):
        self.wfile.write(b"\x1b]0;PWNED\x07 garbage\r\n\r\n")
        self.close_connection = True

    def mode_many_headers(self, action):
        self.send(200, b"{}", headers=[(f"X-H{i}", "v" * 100) for i in range(10000)])

    def mode_redirect(self, action):
        self.send(302, b"", headers=[("Location", "http://169.254.169.254/latest/meta-data/")])

    def mode_gzip_bomb(self, action):
        self.send(200, bomb(), headers=[("Content-Encoding", "gzip")])

    def mode_endless_pages(self, action):
        body = json.loads(b"{}")
        if action == "DescribeTable" or action == "CreateTable":
            table = {"TableName": "t", "TableStatus": "ACTIVE",
                     "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                                   {"AttributeName": "SK", "KeyType": "RANGE"}],
                     "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                              {"AttributeName": "SK", "AttributeType": "S"}]}
            if action == "DescribeTable" and "probe" in self.path:
                self.send(400, json.dumps({"__type": TYPE + "ResourceNotFoundException", "message": "no"}).encode())
                return
            body = {"Table": table, "TableDescription": table}
        elif action in ("Query", "Scan"):
            body = {"Items": [], "Count": 0, "ScannedCount": 0,
                    "LastEvaluatedKey": {"PK": {"S": "a"}, "SK": {"S": str(time.monotonic_ns())}}}
        self.send(200, json.dumps(body).encode())

    def log_message(self, *a):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
with open(sys.argv[1], "w") as f:
    f.write(str(server.server_address[1]))
threading.Timer(300, server.shutdown).start()
server.serve_forever()
