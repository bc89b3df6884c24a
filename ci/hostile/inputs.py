"""Hostile bytes the surfaces share: generated at run time, never stored."""
import os

ESC = b"\x1b]0;PWNED\x07\x1b[2J"  # retitles and clears a terminal printed raw


def deep(n, open_=b"[", close=b"]"):
    return open_ * n + close * n


def sparse(size):
    """A file of SIZE bytes that takes no disk: a function for Case.files."""
    def make(path):
        with open(path, "wb") as f:
            f.truncate(size)
    return make


def fifo(path):
    os.mkfifo(path)


def directory(path):
    os.mkdir(path)


def symlink_to(target):
    def make(path):
        os.symlink(target, path)
    return make


def lines(count, line):
    """A stream of COUNT copies of LINE, in chunks."""
    def gen():
        chunk = line * 4096
        for _ in range(count // 4096):
            yield chunk
        yield line * (count % 4096)
    return gen


def one_line(size, byte=b"1", end=b"\n"):
    def gen():
        block = byte * (1 << 20)
        for _ in range(size >> 20):
            yield block
        yield byte * (size & ((1 << 20) - 1)) + end
    return gen


def slow(parts, pause):
    """Chunks with a pause before each: a writer that trickles."""
    import time

    def gen():
        for p in parts:
            time.sleep(pause)
            yield p
    return gen
