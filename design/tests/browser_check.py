#!/usr/bin/env python3
"""The design page in a real browser: headless Chromium renders the page that
`sortkey design show` wrote, and this reads the DOM Chromium dumps (with
html.parser, a real HTML parser) and checks what the page claims against the
page's own rows, computed here independently of sortkey:

  page   the page holds no element but those the renderer writes (no <script>,
         no <img>, nothing a design's strings could have opened)
  order  every item collection's rows are in ascending UTF-8 byte order of
         their (String) sort keys; an ascending read is in that order, a descending
         one in the reverse
  range  (--le-partition PATTERN) the rows of PATTERN's reads that are read
         (returned, filtered or unread for the Limit) are exactly those whose
         sort key is <= the partition key (examples/saas.yaml's `SK <= ORG#<org>`), the
         declared read returns at least two and leaves one out, the answer's
         positions run 1, 2, ... down the declared read, and no page reads
         more than the Limit
  marks  (--marked PROPERTY) the failure of PROPERTY is drawn, and its
         declared read has a row marked missing, extra or out of order; every
         panel of the pattern is marked failing, each of its reads says in
         words how it stands against the declared answer (its caption's
         data-verdict), the sample's panel says the pattern failed; the
         failing case's rows show their expected place beside the actual,
         and each mark agrees with the two: missing has an expected place
         and none, extra a place and no expected one, out of order a place
         outside the expected one
  bounds (--bounds) every Query's panel shows the bounds its reads sent
         (data-sort-op, data-sort-value, data-sort-upper), not only its
         template, in its key condition's text; and every row of its reads is
         drawn inside the key condition (returned, filtered or unread) exactly
         when its sort key meets those bounds, computed here (String keys: by
         UTF-8 bytes; Number keys: numerically)
  index  (--index NAME) index NAME is drawn as its own item collections
         (<table class="collection" data-index=NAME>, in key order as above)
  sparse (--sparse NAME) index NAME is drawn, and so are the table's items it
         does not hold, each row saying "absent" in its text and naming the
         key attributes it lacks; no item is both in NAME and absent from it
  window (--window PATTERN) PATTERN's declared read, as the page's sample
         draws it, has items outside its range on both sides, and in every
         read of PATTERN a labelled edge row sits right above the first row
         inside the key condition and right under the last, naming the bound
  writes (--write NAME=VERDICT) the write NAME is drawn as a panel whose
         verdict is VERDICT (proven or failing) and says so in its text
         ("proven" on every proof, or "FAILED" on one and the failure's
         summary); every action row names its kind and entity in its text and
         says in words each index move it claims (data-moves); an action that
         enters an index carries every key attribute of that index in the
         example item drawn for it (data-item), one that leaves or moves
         within an index carries them too, and a put's example holds the
         table key; a failing write's panel is marked failing and the failure
         it names is drawn above it; an action that `refers` to another's
         item holds, in its example, that item's table key (data-refers
         against the other row's data-item), always for a proven write
  refers (--refers-disagree NAME) some action of the write NAME holds, in
         its example, another key than the item it refers to has: the
         lookup item that finds no item, shown on the sample
  text   (--text STRING) STRING appears in the page's text, as text
  lines  (--one-line) every drawn row is one line tall: no row of a table is
         taller than 1.25 times its shortest row, as Chromium lays the page
         out at 1280 pixels wide (a copy of the page with a script that
         writes each row's height into it; the page itself has no script),
         and the page holds a sort key of at least 200 bytes

It keeps a screenshot (--screenshot FILE.png) and prints its path.

Usage: browser_check.py --chromium CHROMIUM --page PAGE.html [checks] [--screenshot PNG]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from decimal import Decimal
from html.parser import HTMLParser


# The elements html_page.cc writes; any other one came from an unescaped string.
ALLOWED = {"html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "h3",
           "p", "div", "ul", "ol", "li", "span", "table", "caption", "thead", "tbody", "tr", "th",
           "td", "code", "pre", "details", "summary", "section", "b"}


class Dom(HTMLParser):
    """The elements that matter: tables of class read/collection and their rows."""

    def __init__(self):
        super().__init__()
        self.foreign = []  # elements the renderer never writes
        self.tables = []  # (attrs, rows)
        self.sections = []  # attrs of <section>
        self._open = []  # the <section>s the parser is in
        self.text = []
        self._table = None
        self._row = None  # the item row being read
        self._code = None  # the text of a <code class="condition"> being read
        self.conditions = []  # (the panel's attrs, the text of its key condition)
        self.failnotes = []  # data-failed of the notes that a sample's pattern failed
        self.writes = {}  # data-write -> (attrs, action rows, text, proofs, table attrs)
        self._write = None
        self._depth = 0  # of <section>s inside the write being read
        self._action = None  # the action row being read
        self._move = None  # the move span being read

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in ALLOWED:
            self.foreign.append(tag)
        if tag == "section":
            self.sections.append(a)
            self._open.append(a)
            if "write" in a.get("class", "").split() and "data-write" in a:
                self._write = (a, [], [], [], {})
                self.writes[a["data-write"]] = self._write
        if self._write is not None:
            if tag == "tr" and "action" in a.get("class", "").split():
                a["text"], a["spans"] = "", []
                self._action = a
                self._write[1].append(a)
            if tag == "span" and "move" in a.get("class", "").split() and self._action is not None:
                a["text"] = ""
                self._move = a
                self._action["spans"].append(a)
            if tag == "span" and "data-proof" in a:
                self._write[3].append(a)
            if tag == "table" and "write" in a.get("class", "").split():
                self._write[4].update(a)
        elif tag == "table":
            a["failure-of"] = next((s["data-property"] for s in self._open
                                    if "data-property" in s), None)
            a["panel"] = next((s for s in reversed(self._open) if "data-pattern" in s), None)
            a["seq"] = []  # its item and edge rows, in order
            self._table = (a, [])
            self.tables.append(self._table)
        elif tag == "tr" and self._table is not None and "item" in a.get("class", "").split():
            self._table[1].append(a)
            a["text"] = ""
            self._row = a
            self._table[0]["seq"].append(a)
        elif tag == "tr" and self._table is not None and "edge" in a.get("class", "").split():
            a["text"] = ""
            self._row = a
            self._table[0]["seq"].append(a)

        if tag == "span" and "data-verdict" in a and self._table is not None:
            self._table[0]["verdict"] = a["data-verdict"]
        if tag == "p" and "data-failed" in a:
            self.failnotes.append(a["data-failed"])
        if tag == "code" and "condition" in a.get("class", "").split():
            self._code = []

    def handle_endtag(self, tag):
        if tag == "span":
            self._move = None
        if tag == "tr":
            self._action = None
        if tag == "section" and self._write is not None:
            self._write = None
        if tag == "code" and self._code is not None:
            panel = next((s for s in reversed(self._open) if "data-pattern" in s), None)
            self.conditions.append((panel, "".join(self._code)))
            self._code = None
        if tag == "tr":
            self._row = None
        if tag == "table":
            self._table = None
        elif tag == "section" and self._open:
            self._open.pop()

    def handle_data(self, data):
        self.text.append(data)
        if self._write is not None:
            self._write[2].append(data)
        if self._action is not None:
            self._action["text"] += data
        if self._move is not None:
            self._move["text"] += data
        if self._code is not None:
            self._code.append(data)
        if self._row is not None:
            self._row["text"] += data


# Appended to a copy of the page: each row's laid-out height, then the script
# takes itself out, so that the dumped DOM holds only the renderer's elements.
MEASURE = ("<script>for (const tr of document.querySelectorAll('tr.item'))"
           " tr.setAttribute('data-height', tr.getBoundingClientRect().height);"
           " document.currentScript.remove();</script>")


def fail(why):
    print(f"browser_check: FAILED: {why}", file=sys.stderr)
    sys.exit(1)


def chromium(binary, profile, *args):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-crash-reporter", "--disable-extensions", f"--user-data-dir={profile}",
           *args]
    try:
        run = subprocess.run(cmd, capture_output=True, timeout=90)
    except subprocess.TimeoutExpired:
        fail(f"{' '.join(cmd)} did not finish in 90 s (a dialog a script opened?)")
    if run.returncode != 0:
        fail(f"{' '.join(cmd)} exited {run.returncode}: {run.stderr.decode(errors='replace')[-2000:]}")
    return run.stdout.decode("utf-8")


def key(sk):
    return sk.encode("utf-8")


def reads_of(dom, pattern):
    return [(a, rows) for a, rows in dom.tables
            if "read" in a.get("class", "").split() and a.get("data-pattern") == pattern]


def check_order(dom):
    checked = 0
    for a, rows in dom.tables:
        classes = a.get("class", "").split()
        sks = [key(r["data-sk"]) for r in rows]
        if a.get("data-sort-type") == "multi":
            pass  # a key of several attributes: its order is theirs, one by one
        elif "collection" in classes or a.get("data-direction") == "ascending":
            if sks != sorted(sks):
                fail(f"rows out of ascending key order in {a}: {sks}")
        elif a.get("data-direction") == "descending":
            if sks != sorted(sks, reverse=True):
                fail(f"rows out of descending key order in {a}: {sks}")
        checked += len(rows)
    if checked == 0:
        fail("the page draws no row")
    return checked


def check_le_partition(dom, pattern):
    reads = reads_of(dom, pattern)
    if len(reads) != 2:
        fail(f"{pattern}: expected an ascending and a descending read, got {len(reads)}")
    for a, rows in reads:
        limit = int(a["data-limit"])
        pages = {}
        for r in rows:
            in_range = key(r["data-sk"]) <= key(r["data-partition"])
            read = r["data-state"] in ("returned", "filtered", "unread")
            if in_range != read:
                fail(f"{pattern} {a['data-direction']}: row {r['data-sk']!r} is drawn "
                     f"{r['data-state']}, and SK <= PK is {in_range}")
            if r["data-page"] != "0":
                pages[r["data-page"]] = pages.get(r["data-page"], 0) + 1
        if any(n > limit for n in pages.values()):
            fail(f"{pattern}: a page reads more than the Limit {limit}: {pages}")
        if a.get("data-declared") != "true":
            continue
        returned = [r for r in rows if r["data-state"] == "returned"]
        if len(returned) < 2 or len(returned) == len(rows):
            fail(f"{pattern}: the declared read should return at least two rows and leave one "
                 f"out, it returns {len(returned)} of {len(rows)}")
        if [int(r["data-position"]) for r in returned] != list(range(1, len(returned) + 1)):
            fail(f"{pattern}: positions down the declared read are not 1, 2, ...")
        print(f"browser_check: {pattern} ({a['data-direction']}, as declared) returns "
              f"{[r['data-sk'] for r in returned]} over {len(pages)} page(s) of Limit {limit}")


def meets(op, sk, value, upper, number):
    """Whether the sort key `sk` meets `op` with these bounds, as DynamoDB compares them."""
    conv = Decimal if number else key
    x, v = conv(sk), conv(value)
    if op == "begins_with":
        return x.startswith(v)
    if op == "BETWEEN":
        return v <= x <= conv(upper)
    return {"=": x == v, "<": x < v, "<=": x <= v, ">": x > v, ">=": x >= v}[op]


def check_bounds(dom):
    checked = 0
    for panel, text in dom.conditions:
        if panel is None or "data-sort-op" not in panel or panel.get("data-sort-type") == "B":
            continue
        op, value, upper = panel["data-sort-op"], panel["data-sort-value"], panel.get("data-sort-upper")
        for bound in [value] + ([upper] if upper is not None else []):
            if json.dumps(bound, ensure_ascii=False) not in text and bound not in text:
                fail(f"{panel['data-pattern']}: the key condition {text!r} does not show the bound "
                     f"{bound!r} its reads sent")
        for a, rows in dom.tables:
            if a.get("panel") is not panel:
                continue
            for r in rows:
                drawn_in = r["data-state"] != "outside"
                if meets(op, r["data-sk"], value, upper, panel["data-sort-type"] == "N") != drawn_in:
                    fail(f"{panel['data-pattern']} {a['data-direction']}: row {r['data-sk']!r} is "
                         f"drawn {r['data-state']}, and {op} {value!r} {upper or ''} says otherwise")
                checked += 1
        print(f"browser_check: {panel['data-pattern']}: {text}")
    if checked == 0:
        fail("--bounds: no row of a Query with a sort-key condition to check")


def index_rows(dom, name, kind):
    return [r for a, rows in dom.tables
            if kind in a.get("class", "").split() and a.get("data-index") == name for r in rows]


def check_index(dom, name):
    held = index_rows(dom, name, "collection")
    if not held:
        fail(f"index {name} is not drawn as item collections of its own")
    print(f"browser_check: index {name}: {len(held)} items drawn in its collections")
    return held


def check_sparse(dom, name):
    held = {r["data-key"] for r in check_index(dom, name)}
    absent = index_rows(dom, name, "absent")
    if not absent:
        fail(f"index {name}: no item of the table is drawn absent from it")
    for r in absent:
        if r.get("data-state") != "absent" or "absent" not in r["text"] or not r.get("data-lacks"):
            fail(f"index {name}: the absent row {r['data-key']} does not say so in its text "
                 f"({r['text']!r}) or names no key attribute it lacks")
        if r["data-key"] in held:
            fail(f"index {name}: {r['data-key']} is drawn both in it and absent from it")
    print(f"browser_check: index {name}: {len(absent)} items drawn absent "
          f"({absent[0]['text'].strip()!r}, ...)")


def check_window(dom, pattern):
    reads = reads_of(dom, pattern)
    if not reads:
        fail(f"{pattern}: no read drawn")
    for a, rows in reads:
        seq = a["seq"]
        inside = [i for i, r in enumerate(seq)
                  if "edge" not in r.get("class", "") and r["data-state"] != "outside"]
        if not inside:
            continue
        first, last = inside[0], inside[-1]
        above = seq[first - 1] if first > 0 else {}
        under = seq[last + 1] if last + 1 < len(seq) else {}
        for where, edge in (("above its first row", above), ("under its last row", under)):
            if "edge" not in edge.get("class", "") or "bound" not in edge["text"] and \
                    "beginning with" not in edge["text"]:
                fail(f"{pattern} {a['data-direction']}: no labelled edge {where} inside the key "
                     f"condition")
        panel = a.get("panel") or {}
        for bound in (panel.get("data-sort-value"), panel.get("data-sort-upper")):
            if bound and not any(json.dumps(bound, ensure_ascii=False) in e["text"]
                                 for e in (above, under)):
                fail(f"{pattern} {a['data-direction']}: no edge names the bound {bound!r}")
        if a.get("data-declared") == "true" and a["failure-of"] is None:
            items = [r for r in seq if "edge" not in r.get("class", "")]
            below = items.index(seq[first])
            beyond = len(items) - 1 - items.index(seq[last])
            if below == 0 or beyond == 0:
                fail(f"{pattern}: the drawn window has {below} items before it and {beyond} after "
                     f"it; both of its edges should show")
            print(f"browser_check: {pattern}: {below} items before the window, "
                  f"{len(items) - below - beyond} in it, {beyond} after it; "
                  f"edges {above['text'].strip()!r}, {under['text'].strip()!r}")


def check_marked(dom, prop):
    if not any(s.get("data-property") == prop for s in dom.sections):
        fail(f"the page draws no failure of {prop}")
    pattern = prop.split("/", 1)[1]
    marked = [r for a, rows in reads_of(dom, pattern)
              if a.get("data-declared") == "true" and a["failure-of"] == prop
              for r in rows if r.get("data-mark")]
    if not marked:
        fail(f"{prop}: no row of its declared read is marked")
    panels = [s for s in dom.sections if s.get("data-pattern") == pattern]
    if not panels or any("failing" not in s.get("class", "").split() for s in panels):
        fail(f"{prop}: a panel of {pattern} is not marked failing: {panels}")
    if len(panels) > 1 and prop not in dom.failnotes:
        fail(f"{prop}: the sample's panel of {pattern} does not say that it failed")
    for a, rows in reads_of(dom, pattern):
        if not a.get("verdict"):
            fail(f"{prop}: the {a['data-direction']} read of {pattern} says nothing of how it "
                 f"stands against the declared answer")
        if a["failure-of"] != prop:
            continue
        for r in rows:
            if "data-expected" not in r:
                fail(f"{prop}: row {r['data-sk']!r} has no expected place")
            expected = [int(x) for x in r["data-expected"].split("\u2013") if x]
            position, mark = int(r["data-position"]), r.get("data-mark", "")
            if mark == "missing" and (not expected or position != 0):
                fail(f"{prop}: missing row {r['data-sk']!r} should be expected and not returned")
            if mark == "extra" and (expected or position == 0):
                fail(f"{prop}: extra row {r['data-sk']!r} should be returned and not expected")
            if mark == "out of order" and (not expected or expected[0] <= position <= expected[-1]):
                fail(f"{prop}: row {r['data-sk']!r} is marked out of order at {position}, "
                     f"expected {r['data-expected']}")
    print(f"browser_check: {prop}: marked {[(r['data-sk'], r['data-mark']) for r in marked]}; "
          f"verdicts {[a['verdict'] for a, _ in reads_of(dom, pattern)]}")


MOVE_WORDS = {"enters": "enters", "leaves": "leaves", "moves": "moves within",
              "enters-or-leaves": "enters, leaves or moves within", "stale": "stale in"}


def check_write(dom, name, verdict):
    if name not in dom.writes:
        fail(f"the write {name} is not drawn (drawn: {sorted(dom.writes)})")
    a, actions, text, proofs, _ = dom.writes[name]
    text = "".join(text)
    if a.get("data-verdict") != verdict:
        fail(f"the write {name} is drawn {a.get('data-verdict')}, expected {verdict}")
    if not proofs:
        fail(f"the write {name} names no proof")
    words = [p["data-verdict"] for p in proofs]
    if verdict == "proven" and (set(words) != {"proven"} or "FAILED" in text):
        fail(f"the write {name} is proven, and its proofs say {words}")
    if verdict == "failing":
        failed = [p["data-proof"] for p in proofs if p["data-verdict"] == "failing"]
        if not failed or f"FAILED {failed[0]}: " not in text:
            fail(f"the write {name} is failing, and its text does not say which proof failed how")
        if "failing" not in a.get("class", "").split():
            fail(f"the failing write {name}'s panel is not marked failing")
        if not any(s.get("data-property") == failed[0] for s in dom.sections):
            fail(f"the failure of {failed[0]} is not drawn on the page")
    for p in proofs:
        if f"{p['data-proof']}: " not in text:
            fail(f"the write {name}: the proof {p['data-proof']} is not named in its text")
    if not actions:
        fail(f"the write {name} has no action row")
    moves = 0
    for r in actions:
        if r["data-action"] not in r["text"] or r["data-entity"] not in r["text"]:
            fail(f"the write {name}: a row does not say its action and entity: {r['text']!r}")
        item = json.loads(r["data-item"]) if r.get("data-item") else None
        claimed = r["data-moves"].split()
        if len(claimed) != len(r["spans"]):
            fail(f"the write {name}: the row claims {claimed} and draws {len(r['spans'])} moves")
        for claim, span in zip(claimed, r["spans"]):
            move, index = claim.split(":", 1)
            if span.get("data-index") != index or MOVE_WORDS[move] not in span["text"] \
                    or index not in span["text"]:
                fail(f"the write {name}: the move {claim} is not said in words: {span['text']!r}")
            keys = span["data-keys"].split()
            if item is not None and move in ("enters", "leaves", "moves") \
                    and not all(k in item for k in keys):
                fail(f"the write {name}: {r['data-action']} {r['data-entity']} {move} {index}, "
                     f"and its example item lacks some of {keys}: {sorted(item)}")
            moves += 1
        if item is not None and r["data-action"] == "Put" and len(item) < 1:
            fail(f"the write {name}: the example of a put has no key")
    agree = refers_agree(dom, name)
    if verdict == "proven" and False in agree:
        fail(f"the write {name} is proven, and an action's example refers to another key than "
             f"its item's")
    print(f"browser_check: write {name}: {verdict} ({', '.join(words)}), {len(actions)} action(s), "
          f"{moves} index move(s): {[r['data-moves'] for r in actions]}")


def stored_text(value):
    """The text of a DynamoDB JSON value of a key: {"S": "A"} -> "A"."""
    return next(iter(value.values()))


def refers_agree(dom, name):
    """For each action of NAME with `refers`: whether its example holds the
    table key of the example of the item it refers to."""
    _, actions, _, _, table = dom.writes[name]
    key_names = table.get("data-table-key", "").split()
    out = []
    for r in actions:
        if not r.get("data-refers-to") or not r.get("data-refers"):
            continue
        held = json.loads(r["data-refers"])
        to = next((x for x in actions if x["data-entity"] == r["data-refers-to"]
                   and x.get("data-item")), None)
        if to is None:
            fail(f"the write {name}: {r['data-entity']} refers to {r['data-refers-to']}, "
                 f"which no action with an example writes")
        item = json.loads(to["data-item"])
        wanted = [stored_text(item[k]) for k in key_names if k in item]
        agree = [v for _, v in held] == wanted
        print(f"browser_check: write {name}: {r['data-entity']} holds {held}, its "
              f"{r['data-refers-to']}'s key is {wanted}: {'agree' if agree else 'DISAGREE'}")
        out.append(agree)
    return out


def measured(binary, profile, page):
    """The DOM of `page` laid out at 1280 pixels, each row with its data-height."""
    with open(page, encoding="utf-8") as f:
        html = f.read()
    if "</body>" not in html:
        fail(f"{page} has no </body>")
    copy = os.path.join(profile, "measured.html")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", MEASURE + "</body>", 1))
    dom = Dom()
    dom.feed(chromium(binary, profile, "--window-size=1280,2200", "--dump-dom",
                      "file://" + copy))
    return dom


def check_one_line(dom):
    longest = max((len(key(r["data-sk"])) for _, rows in dom.tables for r in rows), default=0)
    if longest < 200:
        fail(f"--one-line needs a page with a long sort key; its longest is {longest} bytes")
    for a, rows in dom.tables:
        if not rows:
            continue
        if any("data-height" not in r for r in rows):
            fail("a row was not measured (did the measuring script run?)")
        heights = [(float(r["data-height"]), r["data-sk"]) for r in rows]
        low = min(h for h, _ in heights)
        tall = [(h, sk) for h, sk in heights if h > low * 1.25]
        if low <= 0 or tall:
            fail(f"rows taller than one line ({low:.1f} px) in {a.get('class')} "
                 f"{a.get('data-pattern', a.get('data-partition', ''))}: "
                 f"{[(h, sk[:40] + '...') for h, sk in tall]}")
    print(f"browser_check: every row is one line tall; the longest sort key is {longest} bytes")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--chromium", required=True)
    p.add_argument("--page", required=True)
    p.add_argument("--le-partition")
    p.add_argument("--marked")
    p.add_argument("--bounds", action="store_true")
    p.add_argument("--index", action="append", default=[])
    p.add_argument("--window", action="append", default=[])
    p.add_argument("--sparse", action="append", default=[])
    p.add_argument("--text", action="append", default=[])
    p.add_argument("--write", action="append", default=[], help="NAME=proven or NAME=failing")
    p.add_argument("--refers-disagree", action="append", default=[])
    p.add_argument("--one-line", action="store_true")
    p.add_argument("--screenshot")
    args = p.parse_args()
    url = "file://" + os.path.abspath(args.page)
    with tempfile.TemporaryDirectory() as profile:
        dom = Dom()
        dom.feed(chromium(args.chromium, profile, "--dump-dom", url))
        if dom.foreign:
            fail(f"the page holds elements the renderer never writes: {dom.foreign}")
        rows = check_order(dom)
        if args.le_partition:
            check_le_partition(dom, args.le_partition)
        if args.marked:
            check_marked(dom, args.marked)
        if args.bounds:
            check_bounds(dom)
        for name in args.window:
            check_window(dom, name)
        for name in args.index:
            check_index(dom, name)
        for name in args.sparse:
            check_sparse(dom, name)
        for spec in args.write:
            name, _, verdict = spec.partition("=")
            check_write(dom, name, verdict)
        for name in args.refers_disagree:
            if name not in dom.writes or False not in refers_agree(dom, name):
                fail(f"--refers-disagree {name}: no action of the write holds another key than "
                     f"its item's")
        if args.one_line:
            check_one_line(measured(args.chromium, profile, args.page))
        text = "".join(dom.text)
        for t in args.text:
            if t not in text:
                fail(f"the page's text does not hold {t!r}")
        if args.screenshot:
            shot = os.path.abspath(args.screenshot)
            chromium(args.chromium, profile, f"--screenshot={shot}", "--window-size=1280,2200",
                     "--hide-scrollbars", url)
            with open(shot, "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n":
                    fail(f"{shot} is not a PNG")
            print(f"browser_check: screenshot: {shot} ({os.path.getsize(shot)} bytes)")
    print(f"browser_check: ok: {rows} rows checked in {args.page}")


if __name__ == "__main__":
    main()
