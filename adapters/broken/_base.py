"""Shared by the broken adapters: imports the Python reference adapter
(adapters/python/sortkey_adapter.py), whose codecs each broken adapter
replaces or whose protocol loop it bends, one classic bug per file."""

import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import sortkey_adapter as reference  # noqa: E402

Refuse = reference.Refuse


def run(name, codecs):
    """Serves `codecs` (a subset of the reference's, some replaced) under `name`."""
    try:
        reference.main(codecs=codecs, name="broken: " + name)
    except (BrokenPipeError, KeyboardInterrupt):
        os._exit(0)
