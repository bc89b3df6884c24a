#!/usr/bin/env python3
"""A sortkey codec adapter in Python (standard library only): protocol v1.

Copy this file next to your own codecs, replace the functions of the codecs
you have, delete the rest from CODECS, and certify them:

    sortkey certify --codec-cmd "python3 sortkey_adapter.py" --cases 1000

The certifier writes one JSON request per line to standard input and reads
one JSON answer per line from standard output, in order (adapters/PROTOCOL.md):

    {"id":0,"op":"hello"}
        -> {"id":0,"ok":{"protocol":1,"name":"...","codecs":["padded",...]}}
    {"id":1,"op":"encode","codec":"padded","params":{"width":5},"value":"157"}
        -> {"id":1,"ok":"00157"}
    {"id":2,"op":"decode","codec":"padded","params":{"width":5},"key":"00157"}
        -> {"id":2,"ok":"157"}
    {"id":3,"op":"encode","codec":"padded","params":{"width":5},"value":"100000"}
        -> {"id":3,"error":"100000 needs 6 digits, more than the width 5"}
    {"id":4,"op":"generate","codec":"ulid","params":{"count":2}}
        -> {"id":4,"ok":["01J...","01J..."]}

A codec refuses a value by raising Refuse: that is the right answer outside
its domain (a value wider than the width, a year outside 0001-9999, ...).
Standard error is free for logging: it passes through to the certifier's.

Each codec below writes the same keys as sortkey's built-in codec of that
name (include/sortkey/*.h states the formats).
"""

import datetime
import io
import json
import os
import re
import secrets
import sys
import time
import unicodedata


class Refuse(Exception):
    """The codec refuses the value or key; the message says why."""


def _int_param(params, name, lo, hi):
    v = params.get(name)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise Refuse(f'"{name}" must be an integer from {lo} to {hi}, got {v!r}')
    return v


def _count(value):
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        raise Refuse(f"{value!r} is not the decimal string of a non-negative integer")
    return int(value)


def _digits_key(key, width):
    if not isinstance(key, str) or len(key) != width or not key.isascii() or not key.isdigit():
        raise Refuse(f"{key!r} is not {width} digits")
    return int(key)


# ---- padded, inverse, epoch: fixed-width decimal ---------------------------

def encode_padded(params, value):
    width = _int_param(params, "width", 1, 38)
    text = str(_count(value))
    if len(text) > width:
        raise Refuse(f"{text} needs {len(text)} digits, more than the width {width}")
    return text.zfill(width)


def decode_padded(params, key):
    return str(_digits_key(key, _int_param(params, "width", 1, 38)))


def encode_inverse(params, value):
    width = _int_param(params, "width", 1, 38)
    n = _count(value)
    if n >= 10 ** width:
        raise Refuse(f"{n} needs {len(str(n))} digits, more than the width {width}")
    return str(10 ** width - 1 - n).zfill(width)


def decode_inverse(params, key):
    width = _int_param(params, "width", 1, 38)
    return str(10 ** width - 1 - _digits_key(key, width))


def _epoch_unit(params):
    if params.get("unit") not in ("s", "ms", "us", "ns"):
        raise Refuse(f'"unit" must be s, ms, us or ns, got {params.get("unit")!r}')


def encode_epoch(params, value):
    _epoch_unit(params)
    return encode_padded(params, value)


def decode_epoch(params, key):
    _epoch_unit(params)
    return decode_padded(params, key)


# ---- timestamp: RFC 3339 UTC, fixed fraction --------------------------------

_EPOCH = datetime.datetime(1970, 1, 1)
_MIN_SECONDS = -62135596800    # 0001-01-01T00:00:00Z
_MAX_SECONDS = 253402300799    # 9999-12-31T23:59:59Z


def encode_timestamp(params, value):
    precision = _int_param(params, "precision", 0, 9)
    seconds, nanos = value.get("seconds"), value.get("nanos")
    if not isinstance(seconds, int) or not isinstance(nanos, int) or not 0 <= nanos <= 999999999:
        raise Refuse(f"{value!r} is not {{seconds, nanos}}")
    if not _MIN_SECONDS <= seconds <= _MAX_SECONDS:
        raise Refuse(f"Unix second {seconds} is outside the years 0001-9999")
    t = _EPOCH + datetime.timedelta(seconds=seconds)
    fraction = "." + f"{nanos:09d}"[:precision] if precision else ""  # cut, never rounded
    return f"{t.year:04d}-{t.month:02d}-{t.day:02d}T{t.hour:02d}:{t.minute:02d}:{t.second:02d}{fraction}Z"


def decode_timestamp(params, key):
    precision = _int_param(params, "precision", 0, 9)
    fraction = rf"\.(\d{{{precision}}})" if precision else "()"
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)" + fraction + "Z", key, re.ASCII)
    if not m:
        raise Refuse(f"{key!r} is not YYYY-MM-DDTHH:MM:SS with {precision} fraction digits and Z")
    try:
        t = datetime.datetime(*(int(g) for g in m.groups()[:6]))
    except ValueError as e:
        raise Refuse(f"{key!r}: {e}") from None
    delta = t - _EPOCH
    return {"seconds": delta.days * 86400 + delta.seconds, "nanos": int(m.group(7).ljust(9, "0"))}


# ---- number: DynamoDB Numbers, order-preserving -----------------------------
# Zero is "2"; a positive 0.d1...dn x 10^E is "3", E + 129 in 3 digits, the
# digits; a negative is "1", 255 - (E + 129) in 3 digits, the nines'
# complement of the digits, ":".

_NUMBER = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?", re.ASCII)


def _parse_number(text):
    m = _NUMBER.fullmatch(text) if isinstance(text, str) else None
    if not m or not (m.group(2) or m.group(3)):
        raise Refuse(f"{text!r} cannot be converted to a numeric value")
    negative = m.group(1) == "-"
    whole, frac = m.group(2), m.group(3) or ""
    digits = (whole + frac).lstrip("0")
    point = len(whole) - (len(whole + frac) - len((whole + frac).lstrip("0")))
    digits = digits.rstrip("0")
    if digits:
        exponent = point + int(m.group(4) or "0")   # value = 0.digits x 10^exponent
    else:  # a zero's range is that of its last written digit: DynamoDB refuses 0e126
        exponent = int(m.group(4) or "0") - len(frac) + 1
    if exponent > 126:
        raise Refuse("Number overflow. Attempting to store a number with magnitude larger than supported range")
    if exponent < -129:
        raise Refuse("Number underflow. Attempting to store a number with magnitude smaller than supported range")
    if not digits:
        return False, "", 0
    if len(digits) > 38:
        raise Refuse("Attempting to store more than 38 significant digits in a Number")
    return negative, digits, exponent


def encode_number(params, value):
    negative, digits, exponent = _parse_number(value)
    if not digits:
        return "2"
    if not negative:
        return f"3{exponent + 129:03d}{digits}"
    return f"1{255 - (exponent + 129):03d}" + "".join(str(9 - int(d)) for d in digits) + ":"


def decode_number(params, key):
    if key == "2":
        return "0"
    m = re.fullmatch(r"3(\d{3})([1-9]|[1-9]\d*[1-9])|1(\d{3})([0-8]|[0-8]\d*[0-8]):", key, re.ASCII)
    if not m or len(key) > 43:
        raise Refuse(f"{key!r} is not a number key")
    if m.group(1) is not None:
        negative, exponent, digits = False, int(m.group(1)) - 129, m.group(2)
    else:
        negative, exponent = True, 255 - int(m.group(3)) - 129
        digits = "".join(str(9 - int(d)) for d in m.group(4))
    if not -129 <= exponent <= 126 or len(digits) > 38:
        raise Refuse(f"{key!r} is outside DynamoDB's range")
    if exponent <= 0:
        text = "0." + "0" * -exponent + digits
    elif exponent >= len(digits):
        text = digits + "0" * (exponent - len(digits))
    else:
        text = digits[:exponent] + "." + digits[exponent:]
    return ("-" if negative else "") + text


# ---- name: case-normalized, NFC(case(NFD(name))) ----------------------------

_CASE = {"upper": str.upper, "lower": str.lower, "fold": str.casefold}


def encode_name(params, value):
    mapping = _CASE.get(params.get("case"))
    if mapping is None:
        raise Refuse(f'"case" must be upper, lower or fold, got {params.get("case")!r}')
    if not isinstance(value, str) or not value:
        raise Refuse("the name is empty")
    if any(unicodedata.category(c) == "Cc" for c in value):
        raise Refuse("the name holds a control character")
    return unicodedata.normalize("NFC", mapping(unicodedata.normalize("NFD", value)))


def decode_name(params, key):
    if encode_name(params, key) != key:
        raise Refuse(f"{key!r} is not a normalized name")
    return key


# ---- composite: segments joined by a delimiter, low bytes escaped ----------
# Every byte at or below the escape (delimiter + 1) is written as the escape
# and two upper-case hex digits; all such bytes are ASCII.

def _delimiter(params):
    d = params.get("delimiter")
    if not isinstance(d, str) or len(d) != 1 or not "!" <= d <= "/":
        raise Refuse(f'"delimiter" must be one of !"#$%&\'()*+,-./, got {d!r}')
    return d, chr(ord(d) + 1)


def encode_composite(params, value):
    d, x = _delimiter(params)
    if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
        raise Refuse("a path is a non-empty array of strings")
    return d.join("".join(f"{x}{ord(c):02X}" if c <= x else c for c in s) for s in value)


def decode_composite(params, key):
    d, x = _delimiter(params)
    path = []
    for part in key.split(d):
        out, i = [], 0
        while i < len(part):
            c = part[i]
            if c == x:
                h = part[i + 1:i + 3]
                if len(h) != 2 or not re.fullmatch(r"[0-9A-F]{2}", h) or int(h, 16) > ord(x):
                    raise Refuse(f"bad escape {part[i:i + 3]!r} in {key!r}")
                out.append(chr(int(h, 16)))
                i += 3
            elif c < x:
                raise Refuse(f"{c!r} must be escaped in {key!r}")
            else:
                out.append(c)
                i += 1
        path.append("".join(out))
    return path


# ---- ksuid and ulid ---------------------------------------------------------

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_KSUID_EPOCH = 1400000000


def _to_base(n, alphabet, width):
    out = []
    for _ in range(width):
        n, r = divmod(n, len(alphabet))
        out.append(alphabet[r])
    return "".join(reversed(out))


def _from_base(text, alphabet, width, bits):
    if not isinstance(text, str) or len(text) != width or any(c not in alphabet for c in text):
        raise Refuse(f"{text!r} is not {width} characters of {alphabet}")
    n = 0
    for c in text:
        n = n * len(alphabet) + alphabet.index(c)
    if n >= 1 << bits:
        raise Refuse(f"{text!r} is above the largest value")
    return n


def _hex(value, field, size):
    h = value.get(field) if isinstance(value, dict) else None
    if not isinstance(h, str) or not re.fullmatch(rf"[0-9a-fA-F]{{{2 * size}}}", h):
        raise Refuse(f'"{field}" must be {2 * size} hex digits')
    return int(h, 16)


def _time(value, field, lo, hi):
    t = value.get(field) if isinstance(value, dict) else None
    if not isinstance(t, int) or isinstance(t, bool):
        raise Refuse(f'"{field}" must be an integer')
    if not lo <= t <= hi:
        raise Refuse(f"{field} {t} is outside {lo}..{hi}")
    return t


def encode_ksuid(params, value):
    seconds = _time(value, "timestamp", _KSUID_EPOCH, _KSUID_EPOCH + 0xFFFFFFFF)
    return _to_base(((seconds - _KSUID_EPOCH) << 128) | _hex(value, "payload", 16), _BASE62, 27)


def decode_ksuid(params, key):
    n = _from_base(key, _BASE62, 27, 160)
    return {"timestamp": (n >> 128) + _KSUID_EPOCH, "payload": f"{n & ((1 << 128) - 1):032x}"}


def encode_ulid(params, value):
    ms = _time(value, "time", 0, (1 << 48) - 1)
    return _to_base((ms << 80) | _hex(value, "random", 10), _CROCKFORD, 26)


def decode_ulid(params, key):
    n = _from_base(key, _CROCKFORD, 26, 128)
    return {"time": n >> 80, "random": f"{n & ((1 << 80) - 1):020x}"}


class Monotonic:
    """Monotonic IDs: within one tick (or when the clock steps back) the last
    ID's random part plus one; a later tick starts afresh with random bits."""

    def __init__(self, tick, random_bits, encode):
        self.tick, self.random_bits, self.encode = tick, random_bits, encode
        self.last = None   # (tick, random)

    def next(self):
        now = self.tick()
        if self.last is not None and now <= self.last[0]:
            t, r = self.last[0], self.last[1] + 1
            if r >> self.random_bits:
                raise Refuse("the monotonic random part of this tick is exhausted")
        else:
            t, r = now, secrets.randbits(self.random_bits)
        self.last = (t, r)
        return self.encode(t, r)


_GENERATORS = {
    "ksuid": Monotonic(lambda: int(time.time()), 128,
                       lambda t, r: encode_ksuid({}, {"timestamp": t, "payload": f"{r:032x}"})),
    "ulid": Monotonic(lambda: time.time_ns() // 1000000, 80,
                      lambda t, r: encode_ulid({}, {"time": t, "random": f"{r:020x}"})),
}


def generate(codec, params):
    count = _int_param(params, "count", 1, 100000)
    if codec not in _GENERATORS:
        raise Refuse(f"no generator for {codec!r}")
    return [_GENERATORS[codec].next() for _ in range(count)]


# ---- the protocol -------------------------------------------------------------

# codec -> (encode(params, value) -> key, decode(params, key) -> value)
CODECS = {
    "padded": (encode_padded, decode_padded),
    "inverse": (encode_inverse, decode_inverse),
    "epoch": (encode_epoch, decode_epoch),
    "timestamp": (encode_timestamp, decode_timestamp),
    "number": (encode_number, decode_number),
    "name": (encode_name, decode_name),
    "composite": (encode_composite, decode_composite),
    "ksuid": (encode_ksuid, decode_ksuid),
    "ulid": (encode_ulid, decode_ulid),
}

NAME = "sortkey reference adapter (Python)"


def answer(request, codecs, name):
    op = request.get("op")
    if op == "hello":
        return {"protocol": 1, "name": name, "codecs": list(codecs)}
    codec = request.get("codec")
    if codec not in codecs:
        raise Refuse(f"unknown codec {codec!r}")
    params = request.get("params") or {}
    if op == "encode":
        return codecs[codec][0](params, request.get("value"))
    if op == "decode":
        return codecs[codec][1](params, request.get("key"))
    if op == "generate":
        return generate(codec, params)
    raise Refuse(f"unknown op {op!r}")


def main(codecs=None, name=NAME):
    codecs = CODECS if codecs is None else codecs
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8")
    for line in stdin:
        request = json.loads(line)
        try:
            reply = {"id": request.get("id"), "ok": answer(request, codecs, name)}
        except Refuse as e:
            reply = {"id": request.get("id"), "error": str(e)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        os._exit(0)
