"""The environment: AWS variables holding CR/LF or escape sequences, AWS
config and credentials files that are malformed, a credential_process that
hangs or prints garbage, and malformed RC_PARAMS. Refused before any request
with exit 2 and one line, the value escaped, never sent as a header."""
from case import Case
from inputs import deep, directory, sparse, symlink_to

CERTIFY = ["certify", "--endpoint", "{hostile}/endless_pages", "--no-progress", "--request-timeout", "1",
           "--budget", "3", "--cases", "3"]
PROCESS_MODES = ["garbage", "flood", "deep", "duplicate_keys", "crlf_in_key", "crlf_in_token", "version_2",
                 "empty", "invalid_utf8", "expired", "bad_expiration", "fails", "child_holds_pipe"]


def variable_cases():
    out = []
    for var, value in (("AWS_REGION", "us-east-1\r\nX-Injected: 1"), ("AWS_REGION", "us\x1b]0;PWNED\x07"),
                       ("AWS_ACCESS_KEY_ID", "AKID\nX-Injected: 1"), ("AWS_SECRET_ACCESS_KEY", "s\r\n"),
                       ("AWS_SESSION_TOKEN", "token\rX-Injected: 1"), ("AWS_SESSION_TOKEN", "\x1b[2J"),
                       ("AWS_ENDPOINT_URL", "http://127.0.0.1:9/\r\nX: 1"), ("AWS_PROFILE", "\x1b]0;PWNED\x07"),
                       ("AWS_RETRY_MODE", "fast\x1b[2J"), ("AWS_MAX_ATTEMPTS", "-1"),
                       ("AWS_MAX_ATTEMPTS", "99999999999999999999"), ("AWS_MAX_ATTEMPTS", "3\n")):
        argv = CERTIFY if var != "AWS_ENDPOINT_URL" else ["certify", "--endpoint", "--no-progress"]
        name = var.lower() + "_" + str(sum(map(ord, value)) % 1000)
        out.append(Case(f"variable/{name}", argv, 2, env={var: value}, server=True,
                        err=None if var == "AWS_PROFILE" else var))
    return out


CONFIG = {
    "garbage": b"\x00\xff\xfe garbage \x1b]0;PWNED\x07\n",
    "no_section": b"region = us-east-1\n",
    "unclosed_section": b"[default\nregion = us-east-1\n",
    "deep_brackets": b"[" + b"[" * 100000 + b"\n",
    "crlf_region": b"[default]\nregion = us-east-1\rX-Injected: 1\n",
    "escape_region": b"[default]\nregion = \x1b]0;PWNED\x07\n",
    "long_line": b"[default]\nregion = " + b"r" * (2 << 20) + b"\n",
    "duplicate_section": b"[default]\nregion = a\n[default]\nregion = b\n",
    "retry_mode_bad": b"[default]\nretry_mode = \x1b[2J\n",
    "max_attempts_huge": b"[default]\nmax_attempts = 99999999999999999999\n",
    "endpoint_url_ftp": b"[default]\nendpoint_url = ftp://x/\n",
    "process_hangs": b"[default]\ncredential_process = sleep 1000\n",
}


def file_cases(ctx):
    out = []
    env = {"AWS_CONFIG_FILE": "{dir}/config", "AWS_ACCESS_KEY_ID": None, "AWS_SECRET_ACCESS_KEY": None,
           "AWS_REGION": None}
    for name, text in CONFIG.items():
        slow = name == "process_hangs"
        out.append(Case(f"config/{name}", CERTIFY, 2, env=env, files={"config": text}, server=True,
                        limit=80 if slow else 10, slow=slow))
    for name, make in (("directory", directory), ("dev_zero", symlink_to("/dev/zero")),
                       ("sparse_1_gb", sparse(1 << 30))):
        out.append(Case(f"config/{name}", CERTIFY, 2, env=env, files={"config": make}, server=True))
    creds = {"AWS_SHARED_CREDENTIALS_FILE": "{dir}/credentials", "AWS_ACCESS_KEY_ID": None,
             "AWS_SECRET_ACCESS_KEY": None}
    for name, text in (("garbage", b"\x00\xff garbage\n"), ("crlf_key", b"[default]\naws_access_key_id = A\rB\n"
                       b"aws_secret_access_key = s\n"), ("no_secret", b"[default]\naws_access_key_id = A\n"),
                       ("deep", deep(100000))):
        out.append(Case(f"credentials/{name}", CERTIFY, 2, env=creds, files={"credentials": text}, server=True))
    for mode in PROCESS_MODES:
        text = f"[default]\ncredential_process = python3 {ctx.here}/credential_process.py {mode}\n".encode()
        out.append(Case(f"credential_process/{mode}", CERTIFY, 2, env=env, files={"config": text}, server=True,
                        err="credential_process", limit=80, slow=mode == "child_holds_pipe"))
    return out


def rc_params_cases():
    out = []
    for name, value in (("reproduce_garbage", "reproduce=zzz"), ("seed_text", "seed=abc"),
                        ("max_success_negative", "max_success=-1"), ("noshrink_maybe", "noshrink=maybe"),
("escape", "seed=\x1b]0;PWNED\x07"),
                        ("long", "seed=" + "9" * 100000)):
        out.append(Case(f"rc_params/certify_{name}", ["certify", "--cases", "5", "--no-progress", "--property",
                                                      "padded/order"], 2, env={"RC_PARAMS": value}, err="RC_PARAMS"))
        out.append(Case(f"rc_params/design_{name}", ["design", "check", "{src}/examples/saas.yaml", "--no-progress",
                                                     "--cases", "3"], 2, env={"RC_PARAMS": value}, err="RC_PARAMS"))
    return out


def cases(ctx):
    return variable_cases() + file_cases(ctx) + rc_params_cases()
