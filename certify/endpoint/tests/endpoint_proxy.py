#!/usr/bin/env python3
"""endpoint_proxy.py TARGET_URL PORTFILE [options]: an HTTP proxy on a free
loopback port in front of a DynamoDB-compatible endpoint (dynalite in the
tests), that misbehaves as told, for the endpoint client's tests. It writes
its port to PORTFILE, then its counts to PORTFILE.stats after every request
("requests N throttled N reset N corrupted N concurrent N connections N
server_errors N refused N repaged N": concurrent is the most requests it held
at once, connections the connections it accepted, the last three what
--misanswer and --fail-after did), and serves until killed (it also exits by itself
after --lifetime seconds, 600 by default).

  --throttle P          answer a fraction P of the requests with a throttling
                        error instead of forwarding them, cycling through
                        ProvisionedThroughputExceededException,
                        ThrottlingException and RequestLimitExceeded
  --capacity R          throttle only while more than R requests came in the
                        last second (a store at its provisioned capacity);
                        0 (default): whatever the rate
  --throttle-after N    throttle only after the first N requests
  --reset-every N       after every Nth request, forward the next request
                        of the actions --reset names to the endpoint, receive
                        its whole answer, then reset the connection (TCP RST)
                        halfway through sending it on: the endpoint applied
                        the request, and the client does not know it
  --reset WHAT          the actions whose answers --reset-every cuts: reads
                        (GetItem, Query, Scan, DescribeTable), writes
                        (PutItem, UpdateItem, DeleteItem, BatchWriteItem) or
                        all (the default); a write cut so is retried by the
                        client, and its retry meets the state the first
                        attempt left (a conditional write then fails)
  --reset-as WHAT       cut (the default): as above; 500: the answer
                        --reset-every cuts is replaced by an HTTP 500
                        InternalFailure instead (an endpoint that applied
                        the write, then failed: DynamoDB Local does so)
  --hang-after N        after N requests, never answer again
  --swallow ACTION:N    never answer the Nth request to ACTION (a hang of that
                        request alone); answer every other
  --die-on ACTION:N     on the Nth request to ACTION, exit at once without an
                        answer (an endpoint that crashes on one request: its
                        connection closes, later ones are refused)
  --corrupt ACTION:N:KIND
                        the Nth answer to ACTION is corrupted: items_object
                        ({"Items": {}}), count_string ("Count": "3"),
                        attribute_number (the first item's first S or N
                        becomes 5), lek_string ("LastEvaluatedKey": "k"),
                        message_number (400 {"__type": "...ValidationException",
                        "message": 5}), type_number (400 {"__type": 123}),
                        long_number (a consistent Scan of a table without
                        filter, from the Nth on: an attribute of its first
                        item becomes a Number of 60 significant digits)
  --misanswer           answer valid requests as a broken store does, each
                        deterministically: every Query whose
                        KeyConditionExpression holds a tab gets HTTP 500 with
                        an HTML traceback page; every PutItem or
                        BatchWriteItem that writes a string of 1,024 bytes or
                        more holding multibyte UTF-8 is refused with a 400
                        ValidationException (DynamoDB takes it); every Scan
                        of an index is paged endlessly (its last page gets a
                        LastEvaluatedKey, and every page from such a key is
                        empty with a new one)
  --endless-scans       page every Scan endlessly, a table's too: the Scan
                        that empties a table between cases never ends
  --refuse-deletes      refuse every BatchWriteItem that holds a DeleteRequest
                        with a 400 ValidationException, as a store that
                        cannot delete in batches does (DeleteItem is
                        forwarded)
  --fail-tables PROJECTION
                        answer every CreateTable with a global secondary index
                        of that projection (ALL, KEYS_ONLY or INCLUDE) with
                        HTTP 500 and an HTML page, as a store that cannot make
                        such an index does; every other request is forwarded
  --transactions        answer TransactWriteItems (which dynalite lacks) by
                        emulation: each action's condition, which must be
                        attribute_exists or attribute_not_exists of a name,
                        read with a consistent GetItem; any false: a 400
                        TransactionCanceledException with the reasons in
                        order; else each write forwarded as PutItem,
                        UpdateItem or DeleteItem. Not isolated from other
                        clients: for one client's tests only
  --stale-indexes-after-transactions
                        a store whose indexes miss what its transactions
                        write: after a TransactWriteItems it answers 200,
                        every Scan of an index (until the next write of
                        another action) is answered without the first item
                        of its page (counted as "stale")
  --plant-transactions  a store with a transaction bug behind an honest batch
                        read: every TransactWriteItems of two actions or more
                        is forwarded with its first action alone (it commits
                        only that one, and answers success); every
                        BatchGetItem of two keys or more in a table is
                        forwarded with the first key of each table, the others
                        answered as UnprocessedKeys (as DynamoDB may: the
                        client must send them again)
  --fail-after N        after N requests, answer every request but DeleteTable
                        (the cleanup) with HTTP 500 and an HTML page: an
                        endpoint gone bad, the harmless probe included
"""
import argparse
import http.client
import http.server
import json
import os
import random
import socket
import struct
import sys
import threading
import time
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("target")
parser.add_argument("portfile")
parser.add_argument("--throttle", type=float, default=0.0)
parser.add_argument("--capacity", type=float, default=0.0)
parser.add_argument("--throttle-after", type=int, default=0)
parser.add_argument("--reset-every", type=int, default=0)
parser.add_argument("--reset", choices=("reads", "writes", "all"), default="all")
parser.add_argument("--reset-as", choices=("cut", "500"), default="cut")
parser.add_argument("--hang-after", type=int, default=0)
parser.add_argument("--corrupt", default="")
parser.add_argument("--swallow", default="")
parser.add_argument("--die-on", default="")
parser.add_argument("--misanswer", action="store_true")
parser.add_argument("--endless-scans", action="store_true")
parser.add_argument("--fail-after", type=int, default=0)
parser.add_argument("--fail-tables", default="")
parser.add_argument("--refuse-deletes", action="store_true")
parser.add_argument("--transactions", action="store_true")
parser.add_argument("--plant-transactions", action="store_true")
parser.add_argument("--stale-indexes-after-transactions", action="store_true")
parser.add_argument("--lifetime", type=float, default=600)
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

target = urllib.parse.urlparse(args.target)
rng = random.Random(args.seed)
lock = threading.Lock()
counts = {"requests": 0, "throttled": 0, "reset": 0, "corrupted": 0, "concurrent": 0,
          "connections": 0, "server_errors": 0, "refused": 0, "repaged": 0}
in_flight = [0]
reset_due = [False]
READS = ("GetItem", "Query", "Scan", "DescribeTable")
WRITES = ("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem")
RESET = {"reads": READS, "writes": WRITES, "all": READS + WRITES}[args.reset]
per_action = {}
recent = []  # arrival times in the last second
THROTTLES = ["ProvisionedThroughputExceededException", "ThrottlingException",
             "RequestLimitExceeded"]
corrupt_action, corrupt_n, corrupt_kind = (args.corrupt.split(":") + ["", "", ""])[:3]
swallow_action, swallow_n = (args.swallow.split(":") + ["", ""])[:2]
die_action, die_n = (args.die_on.split(":") + ["", ""])[:2]


REPAGE = "sortkey_proxy_page"  # the attribute of the LastEvaluatedKeys --misanswer makes up


def html_page(action):
    """A traceback page as a web framework's debug handler serves it."""
    lines = ["<!DOCTYPE html>", "<html><head><title>500 Internal Server Error</title></head>",
             "<body><h1>Internal Server Error</h1><pre>", "Traceback (most recent call last):"]
    for i in range(40):
        lines.append(f'  File "/srv/store/handlers/{action.lower()}.py", line {100 + i}, '
                     f"in handle — état {i}")
    lines += [f"KeyError: 'expression' ({action})", "</pre></body></html>", ""]
    return "\n".join(lines).encode()


def strings(value):
    """The S strings of a DynamoDB JSON value or item, nested ones too."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "S" and isinstance(v, str):
                yield v
            elif k == "SS" and isinstance(v, list):
                yield from (s for s in v if isinstance(s, str))
            else:
                yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def big_multibyte(item):
    return any(len(s.encode()) >= 1024 and any(ord(c) > 127 for c in s) for s in strings(item))


def misanswered(action, request):
    """What --misanswer does with the request: "", "error500", "refuse" or "repage"."""
    if not isinstance(request, dict):
        return ""
    if action == "Query" and "\t" in str(request.get("KeyConditionExpression", "")):
        return "error500"
    if action == "PutItem" and big_multibyte(request.get("Item")):
        return "refuse"
    if action == "BatchWriteItem":
        puts = [r.get("PutRequest", {}).get("Item") for rs in request.get("RequestItems", {}).values()
                for r in rs if isinstance(r, dict)]
        if any(big_multibyte(i) for i in puts):
            return "refuse"
    if action == "Scan" and request.get("IndexName"):
        return "repage"
    return ""


def write_stats():
    with open(args.portfile + ".stats", "w") as f:
        f.write(" ".join(f"{k} {v}" for k, v in counts.items()) + "\n")


def emptying_scan(request):
    """Whether the request is a consistent Scan of a table without filter."""
    return isinstance(request, dict) and request.get("ConsistentRead") is True and \
        "FilterExpression" not in request and "IndexName" not in request


def corrupted(status, body, request=None):
    """The answer as KIND makes it: (status, body)."""
    if corrupt_kind == "long_number":
        # A Number DynamoDB cannot hold (60 significant digits) in the first
        # item of a consistent Scan of a table, as an endpoint that took a
        # write DynamoDB refuses serves it back.
        if not emptying_scan(request):
            return None
        for item in body.get("Items", []):
            for name, value in item.items():
                if "N" in value or "S" in value:
                    item[name] = {"N": "1" * 60}
                    return status, body
        return None
    if corrupt_kind == "message_number":
        return 400, {"__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                     "message": 5}
    if corrupt_kind == "type_number":
        return 400, {"__type": 123, "message": "x"}
    if corrupt_kind == "items_object":
        body["Items"] = {}
    elif corrupt_kind == "count_string":
        body["Count"] = str(body.get("Count", 3))
    elif corrupt_kind == "lek_string":
        body["LastEvaluatedKey"] = "k"
    elif corrupt_kind == "two_types":
        for item in body.get("Items", []):
            for value in item.values():
                if "S" in value:
                    value["N"] = "1"
                    return status, body
        return None  # nothing to corrupt in this answer: try the next one
    elif corrupt_kind == "attribute_number":
        for item in body.get("Items", []):
            for value in item.values():
                for t in ("S", "N"):
                    if t in value:
                        value[t] = 5
                        return status, body
        return None  # nothing to corrupt in this answer: try the next one
    return status, body


EXISTS = {"attribute_exists": True, "attribute_not_exists": False}
key_names = {}  # table -> its key attribute names, from DescribeTable


def condition_wants(expression, names):
    """(attribute, whether it must exist) of attribute_[not_]exists(#n), or None."""
    text = expression.strip()
    for fn, wants in EXISTS.items():
        if text.startswith(fn + "(") and text.endswith(")"):
            name = text[len(fn) + 1:-1].strip()
            return names.get(name, name), wants
    return None


def planted(action, request, payload):
    """--plant-transactions: the payload to forward, and the keys held back
    as UnprocessedKeys (by table)."""
    items = request.get("TransactItems")
    if action == "TransactWriteItems" and isinstance(items, list) and len(items) >= 2:
        with lock:
            counts["planted"] = counts.get("planted", 0) + 1
        return json.dumps(dict(request, TransactItems=items[:1])).encode(), {}
    tables = request.get("RequestItems")
    if action != "BatchGetItem" or not isinstance(tables, dict):
        return payload, {}
    held, sent = {}, {}
    for name, t in tables.items():
        keys = t.get("Keys") if isinstance(t, dict) else None
        distinct = isinstance(keys, list) and \
            len({json.dumps(k, sort_keys=True) for k in keys}) == len(keys)
        if distinct and len(keys) >= 2:
            sent[name] = dict(t, Keys=keys[:1])
            held[name] = dict(t, Keys=keys[1:])
        else:
            sent[name] = t
    if not held:
        return payload, {}
    with lock:
        counts["held_back"] = counts.get("held_back", 0) + 1
    return json.dumps(dict(request, RequestItems=sent)).encode(), held


WRITES = ("PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem")
after_transaction = [False]


def stale_index_page(action, request, status, data):
    """--stale-indexes-after-transactions: the page to answer instead, or None."""
    with lock:
        if action == "TransactWriteItems":
            after_transaction[0] = after_transaction[0] or status == 200
        elif action in WRITES:
            after_transaction[0] = False
        if not (after_transaction[0] and action == "Scan" and status == 200 and
                isinstance(request, dict) and request.get("IndexName")):
            return None
        body = json.loads(data)
        if not body.get("Items"):
            return None
        counts["stale"] = counts.get("stale", 0) + 1
    body["Items"] = body["Items"][1:]
    body["Count"] = len(body["Items"])
    return body


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with lock:
            counts["connections"] += 1

    def send(self, status, data, cut=None, content_type="application/x-amz-json-1.0"):
        """Sends the answer; with `cut`, only its first `cut` bytes, then a reset."""
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if cut is None:
            self.wfile.write(data)
            return
        self.wfile.write(data[:cut])
        self.wfile.flush()
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True

    def answer(self, status, body):
        self.send(status, json.dumps(body).encode())

    def forward(self, payload):
        conn = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in ("host", "connection", "content-length")}
        conn.request("POST", "/", body=payload, headers=headers)
        r = conn.getresponse()
        status, data = r.status, r.read()
        conn.close()
        return status, data

    def call(self, action, body):
        """`action` with `body`, sent to the endpoint with this request's headers."""
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in ("host", "connection", "content-length", "x-amz-target")}
        headers["X-Amz-Target"] = "DynamoDB_20120810." + action
        conn = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
        conn.request("POST", "/", body=json.dumps(body).encode(), headers=headers)
        r = conn.getresponse()
        status, data = r.status, r.read()
        conn.close()
        return status, json.loads(data or b"{}")

    def transact(self, request):
        """TransactWriteItems emulated: (status, body)."""
        kinds = {"Put": "PutItem", "Update": "UpdateItem", "Delete": "DeleteItem",
                 "ConditionCheck": None}
        reasons, writes = [], []
        for entry in request.get("TransactItems", []):
            (kind, a), = entry.items()
            table = a["TableName"]
            if table not in key_names:
                status, d = self.call("DescribeTable", {"TableName": table})
                if status != 200:
                    return status, d
                key_names[table] = [k["AttributeName"] for k in d["Table"]["KeySchema"]]
            key = a.get("Key") or {k: a["Item"][k] for k in key_names[table] if k in a["Item"]}
            holds = True
            if "ConditionExpression" in a:
                wants = condition_wants(a["ConditionExpression"],
                                        a.get("ExpressionAttributeNames", {}))
                if wants is None:
                    return 400, {"__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                                 "message": "the proxy's transactions take attribute_exists and "
                                            "attribute_not_exists only"}
                status, d = self.call("GetItem", {"TableName": table, "Key": key,
                                                  "ConsistentRead": True})
                if status != 200:
                    return status, d
                holds = (wants[0] in d.get("Item", {})) == wants[1]
            reasons.append({"Code": "None"} if holds else
                           {"Code": "ConditionalCheckFailed",
                            "Message": "The conditional request failed"})
            if kinds[kind]:
                writes.append((kinds[kind], dict(a)))
        if any(r["Code"] != "None" for r in reasons):
            codes = ", ".join(r["Code"] for r in reasons)
            return 400, {"__type": "com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
                         "message": f"Transaction cancelled, please refer cancellation reasons "
                                    f"for specific reasons [{codes}]",
                         "CancellationReasons": reasons}
        for action, body in writes:  # each condition holds: sent with it, every name used
            status, d = self.call(action, body)
            if status != 200:
                return status, d
        return 200, {}

    def decide(self, action, request):
        """What to do with this request: forward, throttle, reset, hang, ..."""
        with lock:
            counts["requests"] += 1
            n = counts["requests"]
            in_flight[0] += 1
            counts["concurrent"] = max(counts["concurrent"], in_flight[0])
            per_action[action] = per_action.get(action, 0) + 1
            now = time.monotonic()
            recent.append(now)
            while recent and recent[0] < now - 1:
                recent.pop(0)
            if args.hang_after and n > args.hang_after:
                return "hang", None
            if args.fail_after and n > args.fail_after and action != "DeleteTable":
                counts["server_errors"] += 1
                return "error500", None
            if args.fail_tables and action == "CreateTable" and isinstance(request, dict) and any(
                    isinstance(i, dict) and i.get("Projection", {}).get("ProjectionType") == args.fail_tables
                    for i in request.get("GlobalSecondaryIndexes", [])):
                counts["server_errors"] += 1
                return "error500", None
            if args.refuse_deletes and action == "BatchWriteItem" and isinstance(request, dict) and any(
                    isinstance(r, dict) and "DeleteRequest" in r
                    for rs in request.get("RequestItems", {}).values() if isinstance(rs, list) for r in rs):
                counts["refused"] += 1
                return "refuse", None
            if args.endless_scans and action == "Scan":
                counts["repaged"] += 1
                return "repage", None
            if args.misanswer:
                what = misanswered(action, request)
                if what:
                    counts[{"error500": "server_errors", "refuse": "refused",
                            "repage": "repaged"}[what]] += 1
                    return what, None
            if action == swallow_action and per_action[action] == int(swallow_n):
                return "hang", None
            if action == die_action and per_action[action] == int(die_n):
                return "die", None
            over = args.capacity <= 0 or len(recent) > args.capacity
            if n > args.throttle_after and over and rng.random() < args.throttle:
                counts["throttled"] += 1
                return "throttle", THROTTLES[counts["throttled"] % len(THROTTLES)]
            if args.reset_every and n % args.reset_every == 0:
                reset_due[0] = True
            if reset_due[0] and action in RESET:
                reset_due[0] = False
                counts["reset"] += 1
                return "reset", None
            if action == corrupt_action and per_action[action] >= int(corrupt_n or 0) and \
                    counts["corrupted"] == 0:
                return "corrupt", None
            return "forward", None

    def do_POST(self):
        payload = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        action = self.headers.get("X-Amz-Target", "").rsplit(".", 1)[-1]
        try:
            request = json.loads(payload)
        except ValueError:
            request = None
        what, throttle = self.decide(action, request)
        try:
            if what == "hang":
                time.sleep(3600)
            if what == "die":
                os._exit(3)
            if what == "throttle":
                self.answer(400, {"__type": "com.amazonaws.dynamodb.v20120810#" + throttle,
                                  "message": "Rate of requests exceeds the allowed throughput."})
                return
            if what == "error500":
                self.send(500, html_page(action), content_type="text/html; charset=utf-8")
                return
            if what == "refuse":
                self.answer(400, {"__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                                  "message": "Item size has exceeded the maximum allowed size"})
                return
            if args.transactions and action == "TransactWriteItems" and isinstance(request, dict):
                try:
                    self.answer(*self.transact(request))
                except (KeyError, ValueError, TypeError, AttributeError) as e:
                    self.answer(400, {"__type": "com.amazonaws.dynamodb.v20120810#"
                                                "ValidationException",
                                      "message": f"the proxy cannot read the transaction: {e!r}"})
                return
            start = request.get("ExclusiveStartKey", {}) if what == "repage" else {}
            if REPAGE in start:
                # A key this proxy made up: an empty page and the next key, for ever.
                n = int(start[REPAGE].get("N", "0")) + 1
                self.answer(200, {"Items": [], "Count": 0, "ScannedCount": 0,
                                  "LastEvaluatedKey": {REPAGE: {"N": str(n)}}})
                return
            held = {}
            if args.plant_transactions and isinstance(request, dict):
                payload, held = planted(action, request, payload)
            status, data = self.forward(payload)
            if args.stale_indexes_after_transactions:
                stale = stale_index_page(action, request, status, data)
                if stale is not None:
                    self.answer(status, stale)
                    return
            if held and status == 200:
                body = json.loads(data)
                body.setdefault("UnprocessedKeys", {}).update(held)
                self.answer(status, body)
                return
            if what == "repage" and status == 200:
                body = json.loads(data)
                body.setdefault("LastEvaluatedKey", {REPAGE: {"N": "1"}})
                self.answer(status, body)
                return
            if what == "reset" and args.reset_as == "500":
                # The request went through; its answer is a server error.
                self.answer(500, {"__type": "com.amazonaws.dynamodb.v20120810#InternalFailure",
                                  "message": "The request processing has failed because of an "
                                             "unknown error, exception or failure."})
                return
            if what == "reset":
                # The request went through; the connection breaks in the middle of its answer.
                self.send(status, data, cut=len(data) // 2)
                return
            if what == "corrupt" and status in (200, 400):
                made = corrupted(status, json.loads(data), request)
                if made is not None:
                    with lock:
                        counts["corrupted"] += 1
                    self.answer(*made)
                    return
            self.send(status, data)
        except (BrokenPipeError, ConnectionResetError, OSError):
            self.close_connection = True
        finally:
            with lock:
                in_flight[0] -= 1
                write_stats()

    def log_message(self, *a):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
write_stats()
with open(args.portfile, "w") as f:
    f.write(str(server.server_address[1]))
threading.Timer(args.lifetime, server.shutdown).start()
server.serve_forever()
sys.exit(0)
