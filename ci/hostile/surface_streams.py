"""Standard input of encode, decode, inspect and unique: one line in, one line
out, in constant memory; a rejected line is an empty output line and one
escaped message (decode adds the input and a caret under the byte); a line
over 1 MiB ends the run (exit 2); a reader that goes away ends it quietly
(exit 0, as `head` expects)."""
import random

from case import Case
from inputs import ESC, lines, one_line, slow

COMMANDS = {
    "encode_padded": ["encode", "padded", "--width", "9"],
    "decode_padded": ["decode", "padded", "--width", "9"],
    "encode_name": ["encode", "name", "--case", "fold"],
    "decode_composite": ["decode", "composite"],
    "encode_number": ["encode", "number"],
    "encode_timestamp": ["encode", "timestamp", "--precision", "3"],
    "ksuid_inspect": ["ksuid", "inspect", "-f", "string"],
    "ulid_inspect": ["ulid", "inspect", "-o", "json"],
    "unique_sequence": ["unique", "sequence", "--width", "9"],
    "unique_split": ["unique", "split"],
}
VALID = {"encode_padded": b"157\n", "decode_padded": b"000000157\n", "encode_name": b"DeBrie\n",
         "decode_composite": b"EVENT#2026-06#00042\n", "encode_number": b"-1.5e3\n",
         "encode_timestamp": b"2026-06-23T01:30:00+02:00\n", "ksuid_inspect": b"0ujtsYcgvSTl8PAuAdqWYSMnLOv\n",
         "ulid_inspect": b"01ARZ3NDEKTSV4RRFFQ69G5FAV\n", "unique_sequence": b"EVT#10:00\n",
         "unique_split": b"EVT#10:00#001\n"}
# Lines every command must survive: rejected with one message each (3 lines
# with decode's caret), never printed raw. Commands that accept any text
# (name, unique) accept some: the exit status is not asserted for those.
HOSTILE = {
    "escape_sequence": ESC + b"\n",
    "nul_bytes": b"1\x005\x007\n",
    "invalid_utf8": b"\xff\xfe\xc0\xaf\xed\xa0\x80\n",
    "bidi_override": "\u202e157\u2066\n".encode(),
    "lone_cr": b"1\r5\r7\n",
    "backspaces": b"157" + b"\x08" * 3 + b"999\n",
    "half_a_character": "é".encode()[:1] + b"\n",
    "line_of_900_kb": b"9" * 900000 + b"\n",
}


def valid_lines(count):
    def check(out):
        return out.count(b"\n") >= min(count, 1000)
    return check


def stream_cases():
    out = []
    for cmd, argv in COMMANDS.items():
        accepts_text = cmd in ("encode_name", "unique_sequence", "unique_split", "decode_composite")
        for name, line in HOSTILE.items():
            want = 1
            if accepts_text and name not in ("escape_sequence", "nul_bytes", "invalid_utf8"):
                continue  # text such commands may take: its exit status is the codec's
            out.append(Case(f"{cmd}/{name}", argv, want, stdin=VALID[cmd] + line + VALID[cmd],
                            max_lines=3, stdout=lambda o: o.count(b"\n") == 3))
        out.append(Case(f"{cmd}/line_over_1_mib", argv, 2, err="longer than 1048576 bytes",
                        stdin=VALID[cmd] + b"1" * (3 << 20) + b"\n"))
        out.append(Case(f"{cmd}/64_mib_without_newline", argv, 2, err="longer than 1048576 bytes",
                        stdin=one_line(64 << 20, end=b""), limit=20))
        out.append(Case(f"{cmd}/200000_lines", argv, 0, stdin=lines(200000, VALID[cmd]), limit=40,
                        stdout=valid_lines(200000), slow=True))
        out.append(Case(f"{cmd}/closed_stdout", argv, 0, stdin=lines(50000000, VALID[cmd]), limit=20,
                        stdout=lambda o: True, close_stdout_after=4096))
        out.append(Case(f"{cmd}/no_final_newline", argv, 0, stdin=VALID[cmd].rstrip(b"\n"),
                        stdout=lambda o: o.count(b"\n") == 1))
        out.append(Case(f"{cmd}/trickle", argv, 0, stdin=slow([VALID[cmd]] * 3, 0.3),
                        stdout=lambda o: o.count(b"\n") == 3))
        rng = random.Random(cmd)
        garbage = bytes(rng.randrange(256) for _ in range(200000))
        out.append(Case(f"{cmd}/random_bytes", argv, 1 if cmd not in ("unique_sequence", "unique_split",
                                                                         "encode_name") else None,
                        stdin=garbage, max_lines=None, limit=30))
    return out


def cases(ctx):
    return stream_cases()
