#!/usr/bin/env python3
"""campaign.py SORTKEY SOURCE_DIR [--url URL] [--only REGEX] [--jobs N] [--keep] [--list]:
the hostile-input campaign of ci/hostile.sh. Every case of the surfaces
(surface_*.py: files, streams, options, adapters, endpoint, environment) runs
`sortkey` once, in a scratch directory of its own holding the case's files,
under a time limit (its process group killed at the limit) and an address-space
limit, and must:

  - end within its time limit, by exiting (never by a signal) with the
    case's exit status;
  - keep its peak memory (the rusage of the process and the children it
    waited for) under 200 MB;
  - write standard error that is valid UTF-8 without a control character
    but the line ends, no line longer than 4,096 bytes, no crash text
    ("terminate called", "what():", "Segmentation fault", a traceback),
    at most the case's number of lines (one for a run that cannot go on),
    matching the case's pattern;
  - leave every file of its scratch directory as it was (checksums before
    and after), but the outputs the case names, and no new file beside them
    (a temporary file left behind);
  - with an endpoint, leave no sortkey table on it (ListTables after the case).

It prints a table of surfaces, inputs tried and passed, then each failure with
what failed and a command that reproduces it, and exits 1 if a case failed
(0 otherwise). --only runs the cases whose "surface/name" matches REGEX,
--list prints them, --keep keeps the scratch directories of failed cases.
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import shlex
import signal
import stat
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from case import Case  # noqa: E402
import endpoint_tables  # noqa: E402
import surface_adapters  # noqa: E402
import surface_endpoint  # noqa: E402
import surface_environment  # noqa: E402
import surface_files  # noqa: E402
import surface_options  # noqa: E402
import surface_streams  # noqa: E402
from known import KNOWN  # noqa: E402

SURFACES = [("files", surface_files), ("streams", surface_streams), ("options", surface_options),
            ("adapters", surface_adapters), ("endpoint", surface_endpoint),
            ("environment", surface_environment)]
MAX_RSS_KB = 200 * 1024
MAX_LINE = 4096
MAX_KEPT = 1 << 20  # bytes of stdout and stderr kept for the checks
CRASH = re.compile(r"terminate called|what\(\):|Segmentation fault|core dumped|Aborted|"
                   r"Traceback \(most recent|AddressSanitizer|stack smashing|Assertion .* failed")


class Outcome:
    def __init__(self, case):
        self.case = case
        self.problems = []
        self.seconds = 0.0
        self.rss_kb = 0
        self.status = None
        self.stdout = b""
        self.stderr = b""


def checksums(root):
    """Each file's SHA-256 (a symbolic link's target, a FIFO's type; a file over
    64 MiB, sparse in the cases, by its size and modification time)."""
    sums = {}
    for base, dirs, files in os.walk(root):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(base, d))]:
            path = os.path.join(base, name)
            rel = os.path.relpath(path, root)
            st = os.lstat(path)
            if stat.S_ISLNK(st.st_mode):
                sums[rel] = "link:" + os.readlink(path)
            elif not stat.S_ISREG(st.st_mode):
                sums[rel] = f"type:{stat.S_IFMT(st.st_mode)}"
            elif st.st_size > (64 << 20):
                sums[rel] = f"size:{st.st_size}:{st.st_mtime_ns}"
            else:
                h = hashlib.sha256()
                with open(path, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
                sums[rel] = h.hexdigest()
    return sums


def reader(stream, keep, close_after=None):
    """Reads STREAM to its end (or to CLOSE_AFTER bytes, then closes it) in a
    thread; keeps its first MAX_KEPT bytes in keep[0]."""
    def run():
        while True:
            if close_after is not None and keep[1] >= close_after:
                stream.close()
                return
            chunk = stream.read(65536)
            if not chunk:
                break
            if len(keep[0]) < MAX_KEPT:
                keep[0] += chunk[:MAX_KEPT - len(keep[0])]
            keep[1] += len(chunk)
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def feeder(stream, stdin):
    """Writes the case's standard input (bytes, or a generator of chunks) in a thread."""
    def run():
        try:
            chunks = [stdin] if isinstance(stdin, bytes) else stdin()
            for chunk in chunks:
                stream.write(chunk)
                stream.flush()
            stream.close()
        except (BrokenPipeError, ValueError, OSError):
            pass
    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


def spawn(ctx, case, scratch):
    import subprocess
    env = dict(ctx.base_env)
    for k, v in case.env.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = ctx.expand(v, scratch, case)
    argv = [ctx.sortkey] + [ctx.expand(a, scratch, case) for a in case.argv]
    stdin = subprocess.PIPE if case.stdin is not None else subprocess.DEVNULL
    result = scratch + ".result"
    p = subprocess.Popen([sys.executable, os.path.join(ctx.here, "measure.py"), result] + argv, cwd=scratch,
                         env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    return p, argv, env, result


def run_case(ctx, case):
    out = Outcome(case)
    scratch = tempfile.mkdtemp(prefix=re.sub(r"\W", "_", case.id) + ".", dir=ctx.work)
    for name, content in case.files.items():
        path = os.path.join(scratch, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if callable(content):
            content(path)
        else:
            with open(path, "wb") as f:
                f.write(content)
    before = checksums(scratch)
    proxy = start_proxy(ctx, case, scratch) if case.proxy is not None else None
    try:
        return run_started(ctx, case, out, scratch, before)
    finally:
        if proxy:
            proxy.kill()
            proxy.wait()


def start_proxy(ctx, case, scratch):
    import subprocess
    portfile = scratch + ".proxy"
    p = subprocess.Popen([sys.executable, os.path.join(ctx.src, "certify/endpoint/tests/endpoint_proxy.py"),
                          ctx.url, portfile] + case.proxy, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if os.path.exists(portfile) and open(portfile).read().strip():
            break
        time.sleep(0.05)
    case.proxy_url = "http://127.0.0.1:" + open(portfile).read().strip()
    return p


def run_started(ctx, case, out, scratch, before):
    try:
        p, argv, env, result = spawn(ctx, case, scratch)
    except OSError as e:  # the case itself is wrong (an argument over 128 KiB)
        out.argv, out.env, out.scratch = case.argv, {}, scratch
        out.problems.append(f"cannot start: {e}")
        return out
    out.argv, out.env, out.scratch = argv, env, scratch
    so, se = [b"", 0], [b"", 0]
    threads = [reader(p.stdout, so, case.close_stdout_after), reader(p.stderr, se)]
    if case.stdin is not None:
        threads.append(feeder(p.stdin, case.stdin))
    start = time.monotonic()
    timed_out = []

    def kill():
        timed_out.append(True)
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    timer = threading.Timer(case.limit, kill)
    timer.start()
    p.wait()
    out.seconds = time.monotonic() - start
    timer.cancel()
    try:  # whatever it left in its group (an adapter's child) goes with it
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for t in threads:
        t.join(5)
    try:
        with open(result) as f:
            status, rss = f.read().split()
        out.status, out.rss_kb = int(status), int(rss)
        os.remove(result)
    except (OSError, ValueError):  # killed at its time limit with the command
        out.status, out.rss_kb = -signal.SIGKILL, 0
    out.stdout, out.stderr, out.stdout_bytes = so[0], se[0], so[1]
    check(ctx, case, out, bool(timed_out), before, checksums(scratch))
    return out


def check_stderr(case, out):
    err = out.stderr
    try:
        text = err.decode("utf-8")
    except UnicodeDecodeError as e:
        out.problems.append(f"stderr is not valid UTF-8 (byte {e.start})")
        text = err.decode("utf-8", "replace")
    bad = [c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) < 0xa0]
    if bad:
        out.problems.append(f"stderr holds {len(bad)} raw control character(s), "
                            f"the first {ord(bad[0]):#04x}")
    # A usage error ends with CLI11's hint line, as every usage error of sortkey does.
    lines = [s for s in text.splitlines() if s != "Run with --help for more information."]
    if case.max_lines is not None and len(lines) > case.max_lines:
        out.problems.append(f"stderr has {len(lines)} lines, at most {case.max_lines} expected")
    if case.want == 2 and not lines:
        out.problems.append("exit 2 without a message on stderr")
    longest = max((len(s.encode()) for s in lines), default=0)
    if longest > MAX_LINE:
        out.problems.append(f"a stderr line of {longest} bytes (a dump, not a message)")
    if CRASH.search(text):
        out.problems.append("stderr shows a crash: " + CRASH.search(text).group(0))
    if case.err and not re.search(case.err, text):
        out.problems.append(f"stderr does not match /{case.err}/")


def check(ctx, case, out, timed_out, before, after):
    if timed_out:
        out.problems.append(f"still running after its time limit of {case.limit:g} s (killed)")
    elif out.status < 0:
        out.problems.append(f"killed by signal {-out.status} ({signal.Signals(-out.status).name})")
    elif case.want is not None and out.status != case.want:
        out.problems.append(f"exit {out.status}, expected {case.want}")
    if out.rss_kb > MAX_RSS_KB:
        out.problems.append(f"peak memory {out.rss_kb // 1024} MB, over 200 MB")
    check_stderr(case, out)
    outputs = set(case.outputs)
    for rel, digest in before.items():
        if rel in outputs:
            continue
        if rel not in after:
            out.problems.append(f"the user's file {rel} was removed")
        elif after[rel] != digest:
            out.problems.append(f"the user's file {rel} was changed")
    new = sorted(r for r in after if r not in before and r not in outputs
                 and not any(re.fullmatch(o, r) for o in outputs))
    if new:
        out.problems.append("files left behind: " + ", ".join(new[:5]))
    if case.stdout is not None and not case.stdout(out.stdout):
        out.problems.append("stdout is not what was expected: " + repr(out.stdout[:200]))
    if case.tables:
        left = endpoint_tables.sortkey_tables(ctx.url)
        # A table the endpoint would not delete (its DeleteTable failed too) is
        # named on stderr, for the user to delete; any other is a leftover.
        text = out.stderr.decode("utf-8", "replace")
        unnamed = [t for t in left if not re.search(r"remains?: .*" + re.escape(t), text)]
        if unnamed:
            out.problems.append("tables left on the endpoint, unnamed: " + ", ".join(unnamed))
        endpoint_tables.delete(ctx.url, left)


class Context:
    def __init__(self, args):
        self.sortkey = os.path.abspath(args.sortkey)
        self.src = os.path.abspath(args.src)
        self.here = os.path.join(self.src, "ci", "hostile")
        self.url = args.url
        self.work = tempfile.mkdtemp(prefix="sortkey-hostile.")
        self.servers = {}
        # No AWS file or setting of the machine's is read; the keys are dynalite's any.
        self.base_env = {k: v for k, v in os.environ.items()
                         if not k.startswith(("AWS_", "RC_PARAMS", "SORTKEY_"))}
        self.base_env.update({"HOME": self.work, "AWS_CONFIG_FILE": "/nonexistent/config",
                              "AWS_SHARED_CREDENTIALS_FILE": "/nonexistent/credentials",
                              "AWS_ACCESS_KEY_ID": "AKIDHOSTILE", "AWS_SECRET_ACCESS_KEY": "secret",
                              "AWS_REGION": "us-east-1", "LC_ALL": "C.UTF-8"})

        # A certificate that verifies, for the cases of the keys that check its signature.
        import subprocess
        path = os.path.join(self.work, "certificate.json")
        subprocess.run([self.sortkey, "certify", "--property", "padded/order", "--cases", "5", "--no-progress",
                        "--json", path], stdout=subprocess.DEVNULL, env=self.base_env, check=True)
        with open(path, "rb") as f:
            self.certificate = f.read()

    def expand(self, text, scratch, case=None):
        text = text.replace("{dir}", scratch).replace("{src}", self.src).replace("{here}", self.here)
        if "{url}" in text:
            text = text.replace("{url}", self.url or "http://127.0.0.1:9")
        if "{proxy}" in text:
            text = text.replace("{proxy}", case.proxy_url)
        for name, url in self.servers.items():
            text = text.replace("{" + name + "}", url)
        return text


def describe(ctx, out):
    env = [f"{k}={shlex.quote(v)}" for k, v in out.env.items()
           if ctx.base_env.get(k) != v]
    unset = [f"-u {k}" for k in ctx.base_env if k not in out.env]
    cmd = " ".join(["env"] + unset + env + [shlex.quote(a) for a in out.argv])
    lines = [f"FAILED {out.case.id}: " + "; ".join(out.problems),
             f"  in {out.scratch}: {cmd}" + (" <stdin" if out.case.stdin is not None else ""),
             f"  exit {out.status}, {out.seconds:.1f} s, peak {out.rss_kb // 1024} MB"]
    err = out.stderr.decode("utf-8", "backslashreplace").splitlines()
    lines += ["  stderr: " + s[:300] for s in err[:6]]
    return "\n".join(lines)


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("sortkey")
    parser.add_argument("src")
    parser.add_argument("--url", default="")
    parser.add_argument("--only", default="")
    parser.add_argument("--jobs", type=int, default=6)
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv[1:])
    ctx = Context(args)
    cases = []
    for surface, module in SURFACES:
        for c in module.cases(ctx):
            c.surface = surface
            c.known = c.known or KNOWN.get(c.id)
            cases.append(c)
    ids = [c.id for c in cases]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        print("campaign.py: case ids used twice: " + ", ".join(sorted(dupes)), file=sys.stderr)
        return 2
    if args.only:
        cases = [c for c in cases if re.search(args.only, c.id)]
    if args.list:
        for c in cases:
            print(c.id)
        return 0
    if any(c.tables for c in cases) and not ctx.url:
        print("campaign.py: the endpoint cases need --url (a dynalite)", file=sys.stderr)
        return 2
    started = time.monotonic()
    servers = surface_endpoint.start_servers(ctx) if any(c.server for c in cases) else []
    try:
        outcomes = run_all(ctx, cases, args.jobs)
    finally:
        for s in servers:
            s.kill()
            s.wait()
    return report(ctx, outcomes, time.monotonic() - started, args.keep)


def run_all(ctx, cases, jobs):
    """The longest cases first; the cases on the shared endpoint one at a time, so
    that a table left behind is the case's."""
    serial = [c for c in cases if c.tables]
    parallel = sorted((c for c in cases if not c.tables), key=lambda c: -c.limit if c.slow else 0)
    outcomes = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as lane_pool, \
            concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        lane = lane_pool.submit(lambda: [run_case(ctx, c) for c in serial])
        futures = [pool.submit(run_case, ctx, c) for c in parallel]
        outcomes += lane.result()
        outcomes += [f.result() for f in futures]
    return outcomes


def report(ctx, outcomes, seconds, keep):
    import shutil
    for o in outcomes:  # a known failure that passes: the list must say so
        if o.case.known and not o.problems:
            o.problems.append("it passes now: remove it from ci/hostile/known.py")
            o.case.known = None
    rows = {}
    for o in outcomes:
        r = rows.setdefault(o.case.surface, [0, 0, 0, 0.0, 0])
        r[0] += 1
        ok = not o.problems
        known = bool(o.problems and o.case.known)
        r[1] += ok
        r[2] += known
        r[3] = max(r[3], o.seconds)
        r[4] = max(r[4], 0 if known else o.rss_kb)  # the known failures' peaks are in known.py
    print(f"{'surface':<12} {'inputs tried':>12} {'passed':>7} {'known':>6} {'slowest':>8} {'peak MB':>8}")
    print("-" * 58)
    for surface, _ in SURFACES:
        if surface in rows:
            t, p, k, s, m = rows[surface]
            print(f"{surface:<12} {t:>12} {p:>7} {k:>6} {s:>7.1f}s {m / 1024:>8.1f}")
    total = [sum(r[i] for r in rows.values()) for i in range(3)]
    peak = max((o.rss_kb for o in outcomes if not o.case.known), default=0)
    print("-" * 58)
    print(f"{'total':<12} {total[0]:>12} {total[1]:>7} {total[2]:>6}   in {seconds:.1f} s, "
          f"peak memory of any run but the known failures {peak / 1024:.1f} MB")
    slowest = sorted(outcomes, key=lambda o: -o.seconds)[:int(os.environ.get("HOSTILE_SLOWEST", "5"))]
    print("slowest: " + ", ".join(f"{o.case.id} {o.seconds:.1f}s" for o in slowest))
    busy = sum(o.seconds for o in outcomes)
    lane = sum(o.seconds for o in outcomes if o.case.tables)
    print(f"time in runs: {busy:.0f} s, {lane:.0f} s of them on the shared endpoint (one at a time)")
    failed = [o for o in outcomes if o.problems and not o.case.known]
    for o in outcomes:
        if o.problems and o.case.known:
            print(f"KNOWN {o.case.id}: {o.case.known}")
    for o in failed:
        print(describe(ctx, o))
    for o in outcomes:
        if not (keep and o.problems):
            shutil.rmtree(o.scratch, ignore_errors=True)
    if not keep:
        shutil.rmtree(ctx.work, ignore_errors=True)
    if failed:
        print(f"hostile.sh: {len(failed)} of {total[0]} inputs failed")
        return 1
    print(f"hostile.sh: {total[0]} hostile inputs: {total[1]} passed, {total[2]} known failures "
          "(ci/hostile/known.py), no other failure")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
