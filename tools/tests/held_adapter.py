#!/usr/bin/env python3
"""held_adapter.py GATE CODEC ADAPTER...: the adapter ADAPTER (a command and
its arguments), except that every request for CODEC is held until the file
GATE exists. A test holds one property this way for as long as it needs to
watch what the certifier says while that property runs; the others go on."""
import json
import os
import subprocess
import sys
import threading
import time

gate, codec, *adapter = sys.argv[1:]
child = subprocess.Popen(adapter, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def pass_answers():
    for line in child.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()


answers = threading.Thread(target=pass_answers)
answers.start()
for line in sys.stdin:
    try:
        held = json.loads(line).get("codec") == codec
    except ValueError:
        held = False
    while held and not os.path.exists(gate):
        time.sleep(0.05)
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
answers.join()
sys.exit(child.wait())
