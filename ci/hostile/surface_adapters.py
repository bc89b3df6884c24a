"""Codec adapters (certify --codec-cmd, adapters/PROTOCOL.md): a hostile
adapter process (adapter.py) that breaks the hello, answers with garbage,
huge or endless lines, duplicate keys, wrong ids, hangs, exits early or dies.
The run stops with exit 2 and one line naming what the adapter did, within
the answer time limit, its process group killed."""
import re

from case import Case
from adapter import BAD_ANSWER, BAD_HELLO

WRONG_ANSWERS = ("ok_a_number", "escape_in_key")
# The message, then the request the adapter was answering (and its answer);
# an adapter's own stderr passes through.
ADAPTER_LINES = {"exit_3_at_once": 4}
OTHER = ["exit_at_once", "exit_3_at_once", "hang_at_hello", "endless_line", "flood_of_lines",
         "exit_3_child_holds_pipe", "exit_after_answers", "kill_itself", "hang_later", "slow", "close_stdout"]


def cases(ctx):
    out = []
    for mode in list(BAD_HELLO) + list(BAD_ANSWER) + OTHER:
        # A wrong answer that is a well-formed one fails the properties (exit 1,
        # the failures on stdout); the hello may take 30 s (a slow runtime's start).
        want = 1 if mode in WRONG_ANSWERS else 2
        slow = mode == "hang_at_hello"
        out.append(Case(mode, ["certify", "--codec-cmd", "python3 {here}/adapter.py " + mode, "--property",
                               "padded", "--cases", "20", "--timeout-ms", "1000", "--no-progress",
                               "--json", "c.json"], want, limit=45 if slow else 20, slow=slow, outputs=["c.json"],
                        max_lines=ADAPTER_LINES.get(mode, 3)))
    return out
