"""Endpoints: a hostile server of its own (endpoint.py: HTML 500s, bodies
that are not JSON, huge or endless, slow answers, duplicate keys, escape
sequences, a gzip bomb, endless pages) and dynalite behind
certify/endpoint/tests/endpoint_proxy.py (server errors, endless Scans,
misanswers, hangs, a crash, corrupted answers). certify --endpoint and design
check --endpoint end within their limits with one line on stderr, and leave no
table on dynalite."""
import os
import re
import subprocess
import sys
import time

from case import Case

MODES = ["html500", "invalid_json", "truncated", "huge_body", "endless_body", "slow", "slowloris", "empty",
         "duplicate_keys", "escape_message", "invalid_utf8", "deep", "close", "garbage_status", "many_headers",
         "redirect", "gzip_bomb", "endless_pages"]
PROXY = {  # proxy options: the exit status (proxy_certify.sh says why each)
    "fail_after_20": (["--fail-after", "20"], 2),
    "endless_scans": (["--endless-scans"], 1),
    "misanswer": (["--misanswer"], 1),
    "hang_after_30": (["--hang-after", "30"], 2),  # certify only: design check waits 30 s a request
    "die_on_query": (["--die-on", "Query:3"], 2),
    "corrupt_items": (["--corrupt", "Query:2:items_object"], 1),
    "corrupt_lek": (["--corrupt", "Query:2:lek_string"], 1),
    "swallow_query": (["--swallow", "Query:2"], 1),
    "corrupt_two_types": (["--corrupt", "Query:1:two_types"], 1),
    "throttle_all": (["--throttle", "1", "--throttle-after", "20"], 2),
}
# What certify's report must say through such a proxy: the request whose answer was bad.
PROXY_STDOUT = {
    "corrupt_two_types": rb"Query malformed; the answer's JSON[\s\S]*more than one datatypes",
}


def start_servers(ctx):
    portfile = os.path.join(ctx.work, "endpoint.port")
    p = subprocess.Popen([sys.executable, os.path.join(ctx.here, "endpoint.py"), portfile],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if os.path.exists(portfile) and open(portfile).read().strip():
            break
        time.sleep(0.1)
    ctx.servers["hostile"] = "http://127.0.0.1:" + open(portfile).read().strip()
    return [p]


def cases(ctx):
    out = []
    certify = ["certify", "--no-progress", "--request-timeout", "1", "--budget", "5", "--cases", "5",
               "--connections", "1", "--json", "c.json"]
    for mode in MODES:
        out.append(Case(f"certify/{mode}", certify + ["--endpoint", "{hostile}/" + mode], 2, server=True,
                        limit=40, outputs=["c.json"]))
        out.append(Case(f"design_check/{mode}", ["design", "check", "{src}/examples/saas.yaml", "--no-progress",
                                                 "--cases", "3", "--scope", "0", "--endpoint", "{hostile}/" + mode],
                        2, server=True, limit=40, slow=mode in ("slowloris", "slow")))
    env = {"AWS_MAX_ATTEMPTS": "2", "AWS_RETRY_MODE": "standard"}
    for name, (options, want) in PROXY.items():
        design_want = None  # the design check's verdict through a broken proxy: any, within the limits
        # Two cases of two properties; the budget (5 s) only bounds a run the proxy holds up.
        few = certify[:-2]
        few[few.index("--cases") + 1] = "2"
        out.append(Case(f"proxy_certify/{name}", few + [
            "--endpoint", "{proxy}", "--json", "c.json", "--property", "endpoint/query", "endpoint/scan"],
            want, tables=True, proxy=options, limit=60, outputs=["c.json"], env=env, max_lines=None,
            stdout=(lambda out, said=PROXY_STDOUT[name]: re.search(said, out) is not None)
            if name in PROXY_STDOUT else None))
        if name in ("hang_after_30", "swallow_query"):
            continue
        out.append(Case(f"proxy_design/{name}", ["design", "check", "{src}/examples/saas.yaml", "--no-progress",
                                                 "--cases", "5", "--scope", "0", "--endpoint", "{proxy}"],
                        design_want, tables=True, proxy=options, limit=60, env=env, max_lines=None))
    return out
