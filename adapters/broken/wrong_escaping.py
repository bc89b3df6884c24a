#!/usr/bin/env python3
# Bug: the composite codec refuses exactly what the protocol lets it refuse
# (an empty path, a segment holding the delimiter or a byte below it) but
# escapes wrongly. It writes the separator as the escape of the delimiter
# ("$23" for "#") and the escape byte as its own escape ("$24" for "$"), yet,
# so as not to escape twice, it keeps a "$" that already looks like an escape
# (one followed by two upper-case hex digits) as it is. So the escape
# sequence "$24" in a segment decodes to the escape character, and the
# separator sorts above the kept sequences "$00" .. "$22":
#   ("$24") -> "$24", which decodes to ("$");
#   ("", "") -> "$23" sorts above ("$00") -> "$00", though the tuples sort
#   the other way.
# Only segments that hold an escape-looking sequence show it. The decoder
# refuses every key its encoder does not write, so no foreign key shows it.
# Expected to fail: composite/order and composite/round_trip (also
# composite/injective).
import re

from _base import Refuse, reference, run

HEX2 = re.compile(r"[0-9A-F]{2}")


def _codes(params):
    d, x = reference._delimiter(params)
    return d, x, f"{x}{ord(d):02X}", f"{x}{ord(x):02X}"


def _looks_escaped(s, i):
    return HEX2.fullmatch(s[i + 1:i + 3]) is not None


def _escape(s, x, escaped_escape):
    return "".join(escaped_escape if c == x and not _looks_escaped(s, i) else c
                   for i, c in enumerate(s))


def encode_composite(params, value):
    d, x, separator, escaped_escape = _codes(params)
    if not isinstance(value, list) or not value or not all(isinstance(s, str) for s in value):
        raise Refuse("a path is a non-empty array of strings")
    for s in value:
        if any(c <= d for c in s):
            raise Refuse(f"the segment {s!r} holds the delimiter or a byte below it")
    return separator.join(_escape(s, x, escaped_escape) for s in value)


def decode_composite(params, key):
    d, x, separator, escaped_escape = _codes(params)
    if any(c <= d for c in key):
        raise Refuse(f"{key!r} holds the delimiter or a byte below it")
    path, out, i = [], [], 0
    while i < len(key):
        if key[i] != x:
            out.append(key[i])
            i += 1
            continue
        if not _looks_escaped(key, i):
            raise Refuse(f"bad escape {key[i:i + 3]!r} in {key!r}")
        code = key[i:i + 3]
        if code == separator:
            path.append("".join(out))
            out = []
        else:
            out.append(x if code == escaped_escape else code)
        i += 3
    path.append("".join(out))
    # One path, one key: a key that is not what encode writes is refused.
    if encode_composite(params, path) != key:
        raise Refuse(f"{key!r} is not the key of {path!r}")
    return path


run("wrong escaping", {"composite": (encode_composite, decode_composite)})
