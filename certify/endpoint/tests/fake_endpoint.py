#!/usr/bin/env python3
# fake_endpoint.py KIND PORTFILE: an HTTP server on a free loopback port that
# answers every request with one hostile answer, for the endpoint client's
# tests; it writes its port to PORTFILE and serves until killed (the test
# kills it; it also exits by itself after 120 s).
#   type_error      400 {"__type": 123}
#   message_number  400 {"__type": "...ResourceNotFoundException", "message": 5}
#   table_number    200 {"Table": 5}
#   deep            400 with JSON nested 150,000 levels deep
#   huge            200 with a 40 MB body
import http.server
import sys
import threading

kind, portfile = sys.argv[1], sys.argv[2]
bodies = {
    "type_error": (400, b'{"__type": 123, "message": "x"}'),
    "message_number": (400, b'{"__type": "com.amazonaws.dynamodb.v20120810#'
                            b'ResourceNotFoundException", "message": 5}'),
    "table_number": (200, b'{"Table": 5}'),
    "deep": (400, b'{"__type":"x","m":' + b"[" * 150000 + b"]" * 150000 + b"}"),
    "huge": (200, b'{"Table":"' + b"x" * (40 << 20) + b'"}'),
}
status, body = bodies[kind]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(status)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(portfile, "w") as f:
    f.write(str(server.server_address[1]))
threading.Timer(120, server.shutdown).start()
server.serve_forever()
