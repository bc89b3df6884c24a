"""Options: integers out of range or not decimal, empty values, JSON options
(expression attribute values and names, start keys) that are not JSON, nest
deep or name a key twice, expressions past DynamoDB's limits, delimiters that
are not one ASCII byte, and unknown options holding escape sequences. A usage
error is exit 2 and one line (then "Run with --help ..."); a request that
cannot be built is exit 1."""
from case import Case
from inputs import ESC

Q = ["query", "build", "--partition", "PK=a", "--compact"]
VALUES = '{":v":{"S":"x"}}'


def range_cases():
    out = []
    for name, value in (("zero", "0"), ("negative", "-1"), ("39", "39"), ("past_int64", "99999999999999999999"),
                        ("hex", "0x10"), ("empty", ""), ("space", " 5"), ("plus", "+5"), ("exponent", "1e3"),
                        ("arabic_digit", "\u0665"), ("escape", "5\x1b[2J"), ("fraction", "5.5")):
        out.append(Case(f"width/{name}", ["encode", "padded", "--width", value, "1"], 2, err="--width"))
    for opt, cmd, values in (
            ("--limit", Q, ("0", "-1", "99999999999999999999", "1e9")),
            ("--precision", ["encode", "timestamp", "2026-06-23T00:00:00Z"], ("10", "-1", "4294967296")),
            ("--cases", ["certify", "--no-progress", "--property", "padded/order"], ("0", "10000001", "abc")),
            ("--jobs", ["certify", "--no-progress", "--property", "padded/order"], ("0", "257", "-3")),
            ("--seed", ["certify", "--no-progress", "--property", "padded/order"], ("-1", "18446744073709551616",
                                                                                 "seed")),
            ("--budget", ["certify", "--endpoint", "http://127.0.0.1:9"], ("0", "nan", "inf", "1e308")),
            ("--request-timeout", ["certify", "--endpoint", "http://127.0.0.1:9"], ("0", "-1", "nan")),
            ("--timeout-ms", ["certify", "--codec-cmd", "true"], ("0", "3600001", "99999999999")),
            ("--scope", ["design", "check", "{src}/examples/saas.yaml"], ("5", "-1")),
            ("--time", ["ksuid", "build", "--payload", "00" * 16], ("now", "1e9")),
            ("--time", ["ulid", "build", "--entropy", "00" * 10], ("soon", "0x10")),
    ):
        for v in values:
            name = opt.strip("-") + "/" + cmd[0] + "_" + v.replace("-", "minus_").replace(".", "_")
            out.append(Case(name, cmd + [opt, v], 2, err=opt))
    # --time takes RFC 3339 too: text that is not, or an instant outside the format's range;
    # -t a {field} template: braces not closed, unknown or huge field names.
    for name, cmd, v in (
            ("escape", ["ksuid", "generate"], "2026-12-04T03:15:00Z\x1b[2J"),
            ("month_13", ["ksuid", "generate"], "2026-13-04T03:15:00Z"),
            ("before_ksuid_epoch", ["ksuid", "generate"], "0001-01-01T00:00:00Z"),
            ("leap_second", ["ksuid", "build"], "9999-12-31T23:59:60Z"),
            ("fraction_100k", ["ksuid", "generate"], "2026-12-04T03:15:00." + "9" * 100000 + "Z"),
            ("digits_100k", ["ksuid", "generate"], "9" * 100000),
            ("before_1970", ["ulid", "generate", "--min"], "1969-12-31T23:59:59.999Z"),
            ("plus_year", ["ulid", "generate", "--max"], "+2026-12-04T03:15:00Z"),
            ("space", ["ulid", "generate"], "2026-12-04 03:15:00Z"),
            ("empty", ["ulid", "generate"], "")):
        out.append(Case(f"time/rfc3339_{name}", cmd + ["--time", v], 2, err="--time"))
    for name, v in (("empty", ""), ("open", "{"), ("close", "}"), ("open_100001", "{" * 100001),
                    ("closes_extra", "{id}}"), ("escape_field", "{\x1b]0;PWNED\x07}"),
                    ("field_100k", "{" + "x" * 100000 + "}")):
        out.append(Case(f"template/{name}", ["ksuid", "generate", "-t", v], 2, err="--template"))
    return out


def json_cases():
    out = []
    deep = "[" * 30000 + "]" * 30000
    for name, value in (("not_json", "{:v}"), ("deep", '{":v":' + deep + "}"), ("duplicate",
                        '{":v":{"S":"x"},":v":{"S":"y"}}'), ("wrong_type", '{":v":{"S":5}}'),
                        ("two_types", '{":v":{"S":"x","N":"1"}}'), ("array", "[]"),
                        ("escape_in_name", '{":v\\u001b]0;PWNED\\u0007":{"S":"x"}}'),
                        ("bad_number", '{":v":{"N":"1e999"}}'), ("huge_number", '{":v":{"N":"' + "9" * 100000 + '"}}'),
                        ("empty", "")):
        out.append(Case(f"values/{name}", Q + ["--filter-expression", "a = :v", "--expression-attribute-values",
                                               value], 1,
                        err=None if name == "escape_in_name" else "expression-attribute-values"))
    for name, value in (("duplicate", '{"#s":"S","#s":"T"}'), ("number", '{"#s":5}'), ("deep", deep),
                        ("escape", '{"#s":"\\u001b[2J"}')):
        out.append(Case(f"names/{name}", Q + ["--filter-expression", "#s = :v", "--expression-attribute-names",
                                              value, "--expression-attribute-values", VALUES],
                        0 if name == "escape" else 1))
    for name, value in (("not_json", "k"), ("deep", deep), ("duplicate", '{"PK":{"S":"a"},"PK":{"S":"b"}}'),
                        ("escape", '{"PK":{"S":"\\u001b]0;x\\u0007"},"\\u001b":{"S":"b"}}')):
        out.append(Case(f"start_key/{name}", Q + ["--exclusive-start-key", value], 0 if name == "escape" else 1))
    return out


def expression_cases():
    out = []
    for name, expr in (("nested_parens", "(" * 3500 + "a = :v" + ")" * 3500),
                       ("many_nots", "NOT " * 30000 + "a = :v"),
                       ("many_ands", " AND ".join(["a = :v"] * 10000)),
                       ("filter_12_kb", "a = :v OR " * 1200 + "a = :v"),
                       ("escape", "a = :v\x1b]0;PWNED\x07"),
                       ("invalid_utf8_like", "a = :v \u202e"),
                       ("unclosed", "a = :v AND (b = :v"),
                       ("function_deep", "size(" * 2000 + "a" + ")" * 2000 + " = :v")):
        for cmd in (Q, ["query", "run", "--items", "items.jsonl", "--partition-key", "PK", "--partition", "PK=a"]):
            out.append(Case(f"filter/{cmd[1]}_{name}", cmd + ["--filter-expression", expr,
                                                              "--expression-attribute-values", VALUES], 1,
                            files={"items.jsonl": b'{"PK":{"S":"a"}}\n'}))
    out.append(Case("projection/20000_names", Q + ["--projection-expression", ",".join(["a"] * 20000)], 1))
    out.append(Case("key_condition/deep", Q[:2] + ["--key-condition-expression", "(" * 5000 + "PK = :v" + ")" * 5000,
                                                   "--expression-attribute-values", VALUES], 1))
    return out


def misc_cases():
    out = []
    for name, d in (("empty", ""), ("multibyte", "\u00e9"), ("two_bytes", "##"), ("newline", "\n"),
                    ("escape", "\x1b")):
        out.append(Case(f"delimiter/encode_{name}", ["encode", "composite", "--delimiter", d, "A", "B"], 2,
                        err="delimiter"))
        out.append(Case(f"delimiter/decode_{name}", ["decode", "composite", "--delimiter", d, "A#B"], 2,
                        err="delimiter"))
    for name, argv in (("empty_parent", ["layout", "key", "--parent", "", "--role", "parent", "X"]),
                       ("escape_parent", ["layout", "key", "--parent", "O\x1b[2JRG", "--role", "parent", "X"]),
                       ("unknown_option_escape", ["encode", "padded", "--w\x1b]0;PWNED\x07", "5"]),
                       ("unexpected_argument_100k", ["ksuid", "generate", "--time", "-" * 100000]),
                       ("unknown_command_escape", ["enc\x1b]0;PWNED\x07ode"]),
                       ("positional_invalid_utf8", ["encode", "padded", "--width", "\xff"]),
                       ("property_nothing", ["certify", "--property", "nothing\x1b[2J", "--no-progress"]),
                       ("partition_no_equals", ["query", "build", "--partition", "PK"]),
                       ("partition_bad_type", ["query", "build", "--partition", "PK:X=1"]),
                       ("partition_key_bad_type", ["query", "run", "--items", "/dev/null", "--partition-key", "PK:X",
                                                   "--partition", "PK=a"]),
                       ("json_report_empty", ["certify", "--property", "padded/order", "--json", ""]),
                       ("markdown_directory", ["certify", "--property", "padded/order", "--cases", "5",
                                               "--no-progress", "--markdown", "/"]),
                       ("payload_not_hex", ["ksuid", "build", "--time", "1500000000", "--payload", "zz" * 16]),
                       ("entropy_short", ["ulid", "build", "--time", "1", "--entropy", "00"]),
                       ("seed_and_fresh", ["certify", "--seed", "1", "--fresh-seed"]),
                       ("timeout_without_adapter", ["certify", "--timeout-ms", "5"]),
                       ("completions_unknown", ["completions", "fish\x1b[2J"])):
        # A request or an ID that cannot be built from its values is exit 1, as an encode's.
        # A type letter other than S, N, B ("PK:X") is refused, not read as part of the name.
        out.append(Case(f"misc/{name}", argv, 1 if name in ("partition_no_equals", "payload_not_hex", "entropy_short",
                                                             "partition_bad_type") else 2))
    return out


def cases(ctx):
    return range_cases() + json_cases() + expression_cases() + misc_cases()
