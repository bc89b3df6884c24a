"""Files from outside: design files (design check and design show), items
files (query run --items), known-divergences files, certificates, adapter
snapshots and failure stores. Each is read within its limits and refused
with exit 2 and one sentence, the user's files untouched."""
from case import Case
from inputs import ESC, deep, directory, fifo, sparse, symlink_to

GOOD_DESIGN = open(__file__.replace("surface_files.py", "../../examples/saas.yaml"), "rb").read()


def design_texts():
    bomb = b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
        b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n" % ((98 + i, 98 + i) + (97 + i,) * 9)
        for i in range(9))
    block = b"".join(b"  " * i + b"a:\n" for i in range(3000)) + b"  " * 3000 + b"x\n"
    many = b"design: many\ntable: {name: T, partition_key: PK}\nentities:\n" + b"".join(
        b"  E%d: {attributes: {a: {type: string}}, keys: {PK: \"E#{a}\"}}\n" % i for i in range(15000))
    return {
        "empty": (b"", "design"),
        "blank": (b" \n\n\t\n", "design"),
        "null_document": (b"---\n", "design"),
        "scalar": (b"hello\n", "design"),
        "list": (b"[1, 2, 3]\n", "design"),
        "nul_bytes": (GOOD_DESIGN[:200] + b"\x00\x00" + GOOD_DESIGN[200:], "design"),
        "invalid_utf8_line_5": (b"\n".join(GOOD_DESIGN.split(b"\n")[:4]) + b"\n# \xff\xfe\n"
                                + b"\n".join(GOOD_DESIGN.split(b"\n")[4:]), r":5:3: the byte 0xFF is not UTF-8"),
        "alias_bomb": (bomb, "design"),
        "deep_flow": (b"design: " + deep(100000) + b"\n", "design"),
        "deep_flow_maps": (b"design: " + b"{a: " * 20000 + b"x" + b"}" * 20000 + b"\n", "design"),
        "deep_block": (block, "design"),
        "python_tag": (b"design: !!python/object/apply:os.system ['touch pwned']\n" + GOOD_DESIGN, "design"),
        "unknown_tag": (GOOD_DESIGN.replace(b"design: saas", b"design: !secret saas"), "design"),
        "duplicate_key": (GOOD_DESIGN + b"design: twice\n", "design"),
        "duplicate_entity": (GOOD_DESIGN.replace(b"  Team:\n", b"  Org:\n    attributes: {}\n  Team:\n"),
                             "design"),
        "merge_key": (GOOD_DESIGN.replace(b"table:\n", b"base: &b {name: X}\ntable:\n  <<: *b\n", 1), "design"),
        "over_1_mib": (GOOD_DESIGN + b"#" + b"x" * (1 << 20) + b"\n", "design"),
        "many_entities": (many, "design"),
        "huge_length": (GOOD_DESIGN.replace(b"length: [1, 6]", b"length: [1, 2000000000]"), "design"),
        "length_past_int": (GOOD_DESIGN.replace(b"length: [1, 6]", b"length: [1, 99999999999999999999999]"),
                            "design"),
        "negative_length": (GOOD_DESIGN.replace(b"length: [1, 6]", b"length: [-5, -1]"), "design"),
        "escape_in_name": (GOOD_DESIGN.replace(b"design: saas", b'design: "\\e]0;PWNED\\a\\e[2J"'), "design"),
        "escape_in_entity": (GOOD_DESIGN.replace(b"  Team:\n", b'  "T\\e[31meam":\n'), "design"),
        "unbalanced_template": (GOOD_DESIGN.replace(b'"#TEAM#{team_name}"', b'"#TEAM#{team_name"'), "design"),
        "unknown_attribute": (GOOD_DESIGN.replace(b'"#TEAM#{team_name}"', b'"#TEAM#{nobody}"'), "design"),
        "json_deep": (deep(200000, b'{"a":', b"}").replace(b"}", b"}", 1), "design"),
        "binary": (bytes(range(256)) * 64, "design"),
        "crlf_and_bom_broken": (b"\xef\xbb\xbf" + GOOD_DESIGN.replace(b"\n", b"\r\n")[:-200], "design"),
        "long_line": (GOOD_DESIGN.replace(b"design: saas", b"design: " + b"s" * 900000), "design"),
        "huge_alphabet": (GOOD_DESIGN.replace(b"alphabet: upper", b"alphabet: [" + b"a, " * 100000 + b"b]", 1),
                          "design"),
    }


def design_cases():
    out = []
    for name, (text, err) in design_texts().items():
        out.append(Case(f"design_check/{name}", ["design", "check", "d.yaml", "--no-progress", "--cases", "3",
                                                  "--scope", "0", "--json", "old.json"], 2, err=err,
                        files={"d.yaml": text, "old.json": b'{"kept": true}\n'}, limit=20))
    for name in ("alias_bomb", "deep_flow", "escape_in_name", "over_1_mib", "python_tag"):
        text, err = design_texts()[name]
        out.append(Case(f"design_show/{name}", ["design", "show", "d.yaml", "--html", "page.html"], 2, err=err,
                        files={"d.yaml": text, "page.html": b"<p>the user's page</p>\n"}))
    for name, make, err in (("directory", directory, "directory"), ("dev_zero", symlink_to("/dev/zero"),
                            "not a regular file"), ("fifo", fifo, "not a regular file")):
        out.append(Case(f"design_check/{name}", ["design", "check", "d.yaml", "--no-progress"], 2, err=err,
                        files={"d.yaml": make}))
    out.append(Case("design_check/missing", ["design", "check", "nothing.yaml", "--no-progress"], 2,
                    err="nothing.yaml"))
    out.append(Case("design_check/sparse_1_gb", ["design", "check", "d.yaml", "--no-progress"], 2,
                    err="1048576", files={"d.yaml": sparse(1 << 30)}))
    out.append(Case("design_show/html_is_a_directory", ["design", "show", "{src}/examples/saas.yaml", "--html",
                                                         "page"], 2, err="directory", files={"page": directory}))
    return out


ITEM = b'{"PK":{"S":"a"},"SK":{"S":"1"}}\n'
ITEMS = {
    "not_json": (b"hello\n", 2),
    "truncated": (b'{"PK":{"S":"a"},"SK":{"S"\n', 2),
    "array_of_numbers": (b"[1, 2, 3]\n", 2),
    "duplicate_key": (ITEM + b'{"PK":{"S":"a"},"SK":{"S":"2"},"SK":{"S":"3"}}\n', 2),
    "duplicate_type": (b'{"PK":{"S":"a","N":"1"},"SK":{"S":"1"}}\n', 2),
    "deep_list": (b'{"PK":{"S":"a"},"SK":{"S":"1"},"x":' + deep(100000, b'{"L":[', b"]}") + b"}\n", 2),
    "deep_raw": (deep(500000) + b"\n", 2),
    "invalid_utf8": (b'{"PK":{"S":"a\xff"},"SK":{"S":"1"}}\n', 2),
    "missing_key": (b'{"SK":{"S":"1"}}\n', 2),
    "wrong_key_type": (b'{"PK":{"N":"1"},"SK":{"S":"1"}}\n', 2),
    "bad_number": (b'{"PK":{"S":"a"},"SK":{"S":"1"},"n":{"N":"1e999"}}\n', 2),
    "bad_base64": (b'{"PK":{"S":"a"},"SK":{"S":"1"},"b":{"B":"!!!"}}\n', 2),
    "item_over_400kb": (b'{"PK":{"S":"a"},"SK":{"S":"1"},"x":{"S":"' + b"x" * 500000 + b'"}}\n', 2),
    "escape_in_key": (b'{"PK":{"S":"a"},"SK":{"S":"\\u001b]0;PWNED\\u0007"}}\n', 0),
    "escape_raw_in_bad_line": (b"\x1b]0;PWNED\x07 not json\n", 2),
    "trailing_garbage": (b'[' + ITEM.strip() + b'] trailing\n', 2),
    "one_line_of_30_mb": (b'{"PK":{"S":"a"},"SK":{"S":"' + b"x" * (30 << 20) + b'"}}\n', 2),
    "many_small_items": (b"".join(b'{"PK":{"S":"a"},"SK":{"S":"%d"}}\n' % i for i in range(100000)), 0),
    "nul_in_string": (b'{"PK":{"S":"a"},"SK":{"S":"\\u0000x"}}\n', 0),
    "empty_set": (b'{"PK":{"S":"a"},"SK":{"S":"1"},"s":{"SS":[]}}\n', 2),
    "crlf": (ITEM.replace(b"\n", b"\r\n") * 3, 0),
    "empty_file": (b"", 0),
}


def items_cases():
    out = []
    run = ["query", "run", "--items", "items.jsonl", "--partition-key", "PK", "--sort-key", "SK",
           "--partition", "PK=a", "--compact"]
    for name, (text, want) in ITEMS.items():
        out.append(Case(f"items/{name}", run, want, err=None if want == 0 else "items.jsonl",
                        files={"items.jsonl": text}, limit=30, max_lines=1))
    for name, make, err in (("directory", directory, "directory"), ("dev_zero", symlink_to("/dev/zero"),
                            "not a regular file"), ("fifo", fifo, "not a regular file"),
                            ("sparse_1_gb", sparse(1 << 30), "larger than")):
        out.append(Case(f"items/{name}", run, 2, err=err, files={"items.jsonl": make}))
    out.append(Case("items/missing", run, 2, err="items.jsonl"))
    return out


DIVERGENCES = {
    "empty": b"",
    "not_json": b"divergences\n",
    "deep": deep(300000),
    "duplicate_key": b'{"endpoint":"x","entries":[],"entries":[]}',
    "wrong_types": b'{"entries": 5}',
    "entry_wrong_types": b'{"entries": [{"signature": 5, "reason": []}]}',
    "no_reason": b'{"entries": [{"signature": "abc"}]}',
    "array": b"[]",
    "invalid_utf8": b'{"entries": [{"signature": "\xff", "reason": "x"}]}',
    "escape_in_reason": b'{"entries": [{"signature": "\\u001b]0;PWNED\\u0007", "reason": "\\u001b[2J"}]}',
    "huge_number": b'{"entries": [], "version": 1e999}',
}


def divergence_cases():
    out = []
    base = ["certify", "--endpoint", "http://127.0.0.1:9", "--no-progress"]
    for name, text in DIVERGENCES.items():
        out.append(Case(f"known_divergences/{name}", base + ["--known-divergences", "k.json"], 2,
                        files={"k.json": text}))
        out.append(Case(f"record_divergences/{name}", base + ["--record-divergences", "k.json"], 2,
                        files={"k.json": text}))
    for name, make in (("directory", directory), ("dev_zero", symlink_to("/dev/zero")), ("fifo", fifo),
                       ("sparse_1_gb", sparse(1 << 30))):
        out.append(Case(f"known_divergences/{name}", base + ["--known-divergences", "k.json"], 2,
                        err="k.json", files={"k.json": make}))
    return out


CERT = (b'{"format":"sortkey-certificate/1","certified":true,"properties":[],'
        b'"digest":{"algorithm":"sha256","value":"00"}}')
CERTIFICATES = {
    "empty": (b"", 2),
    "not_json": (b"certified\n", 2),
    "deep": (b'{"digest":' + deep(300000) + b"}", 2),
    "duplicate_certified": (b'{"certified":false,"digest":{"algorithm":"sha256","value":"x"},"certified":true}', 2),
    "wrong_digest": (CERT, 1),
    "digest_a_number": (CERT.replace(b'"value":"00"', b'"value":0'), 1),
    "no_digest": (b'{"certified":true}', 1),
    "array": (b"[]", 1),
    "invalid_utf8": (CERT.replace(b"sha256", b"sha\xff"), 2),
    "escape_in_fields": (CERT.replace(b"sha256", b"\\u001b]0;PWNED\\u0007"), 1),
    "nul": (CERT[:20] + b"\x00" + CERT[20:], 2),
    "huge_number": (CERT.replace(b"true", b"1e999"), 2),
    "many_values_32_mb": (b'{"a":[' + b"0," * (16 << 20) + b'0]}', 2),
    "many_members_8_mb": (b"{" + b"".join(b'"%x":0,' % i for i in range(800000)) + b'"z":0}', 1),
}


def certificate_cases(ctx):
    out = []
    for name, (text, want) in CERTIFICATES.items():
        out.append(Case(f"certificate/{name}", ["verify-certificate", "c.json"], want,
                        files={"c.json": text}, limit=30))
    for name, make in (("directory", directory), ("dev_zero", symlink_to("/dev/zero")), ("fifo", fifo),
                       ("sparse_1_gb", sparse(1 << 30))):
        out.append(Case(f"certificate/{name}", ["verify-certificate", "c.json"], 2, err="c.json",
                        files={"c.json": make}))
    for name, key in (("not_pem", b"not a key\n"), ("empty", b""), ("rsa_garbage",
                      b"-----BEGIN PUBLIC KEY-----\n" + b"A" * 5000 + b"\n-----END PUBLIC KEY-----\n")):
        out.append(Case(f"public_key/{name}", ["verify-certificate", "c.json", "--public-key", "k.pem"], 1,
                        files={"c.json": ctx.certificate, "k.pem": key}))
    out.append(Case("public_key/dev_zero", ["verify-certificate", "c.json", "--public-key", "k.pem"], 1,
                    files={"c.json": ctx.certificate, "k.pem": symlink_to("/dev/zero")}))
    for name, key in (("not_pem", b"not a key\n"), ("sparse_1_gb", sparse(1 << 30))):
        out.append(Case(f"sign_key/{name}", ["certify", "--property", "padded/order", "--cases", "5",
                                              "--no-progress", "--json", "c.json", "--sign", "k.pem"], 2,
                        err="k.pem", files={"c.json": CERT, "k.pem": key}))
    return out


ADAPTER = "python3 {src}/adapters/python/sortkey_adapter.py"
SNAPSHOTS = {
    "not_json": b"snapshot\n",
    "deep": deep(300000),
    "duplicate_key": b'{"format":"sortkey-adapter-snapshot","inputs_version":1,"codecs":{},"codecs":{}}',
    "wrong_format": b'{"format":"other","inputs_version":1,"codecs":{}}',
    "version_a_string": b'{"format":"sortkey-adapter-snapshot","inputs_version":"1","codecs":{}}',
    "codecs_an_array": b'{"format":"sortkey-adapter-snapshot","inputs_version":1,"codecs":[]}',
    "keys_numbers": b'{"format":"sortkey-adapter-snapshot","inputs_version":1,"codecs":{"padded":{"x":5}}}',
    "escape_in_codec": b'{"format":"sortkey-adapter-snapshot","inputs_version":1,'
                       b'"codecs":{"\\u001b]0;PWNED\\u0007":{}}}',
}


def snapshot_cases():
    out = []
    run = ["certify", "--codec-cmd", ADAPTER, "--property", "padded/order", "--cases", "5", "--no-progress",
           "--snapshot", "s.json"]
    for name, text in SNAPSHOTS.items():
        out.append(Case(f"snapshot/{name}", run, 2, err="s.json", files={"s.json": text}, limit=30))
    for name, make in (("directory", directory), ("dev_zero", symlink_to("/dev/zero")),
                       ("sparse_1_gb", sparse(1 << 30))):
        out.append(Case(f"snapshot/{name}", run, 2, err="s.json", files={"s.json": make}, limit=30))
    return out


FAILURE = (b'{"format":"sortkey-failure/1","target_kind":"built-in","target":"x","property":"padded/order",'
           b'"seed":1,"cases":5,"reproduce":"REPRO","message":"m","counterexample":[],"replay":"r",'
           b'"found_at":"2026-01-01T00:00:00Z","passes":0}')
FAILURES = {
    "garbage": b"garbage\n",
    "deep": deep(300000),
    "duplicate_key": FAILURE.replace(b'"passes":0', b'"passes":0,"passes":1'),
    "reproduce_garbage": FAILURE.replace(b"REPRO", b"reproduce=" + b"\xff" * 100),
    "reproduce_huge": FAILURE.replace(b"REPRO", b"reproduce=" + b"A" * (3 << 20)),
    "unknown_property": FAILURE.replace(b"padded/order", b"nothing/\\u001b]0;PWNED\\u0007"),
    "passes_huge": FAILURE.replace(b'"passes":0', b'"passes":1e300'),
    "over_4_mib": FAILURE.replace(b"REPRO", b"A" * (5 << 20)),
}


def failure_cases():
    out = []
    run = ["certify", "--failures", "store", "--property", "padded/order", "--cases", "5", "--no-progress"]
    for name, text in FAILURES.items():
        out.append(Case(f"failure_store/{name}", run, 2, err="store",
                        files={"store/built-in-padded_order-0.json": text}))
    for name, make in (("entry_a_directory", directory), ("entry_dev_zero", symlink_to("/dev/zero")),
                       ("entry_fifo", fifo)):
        out.append(Case(f"failure_store/{name}", run, 2, err="store",
                        files={"store/built-in-padded_order-0.json": make}))
    out.append(Case("failure_store/store_a_file", run, 2, err="store", files={"store": b"a file\n"}))
    return out


def cases(ctx):
    return (design_cases() + items_cases() + divergence_cases() + certificate_cases(ctx) + snapshot_cases()
            + failure_cases())
