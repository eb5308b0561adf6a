"""Engines for the tests: ``bad_engine.py MODE [FILE]``, standard library only.

Modes: ``good`` (random options), ``record`` (good, and every line it receives appended to
FILE), ``crash`` (exits at the first ``go``), ``hang`` (never answers ``go``), ``garbage``
(answers ``go`` with a line that is not JSON), ``illegal`` (answers an option that does not
exist), ``slow_start`` (answers ``hello`` after 30 s).
"""

import json
import random
import sys
import time

mode = sys.argv[1]
record = open(sys.argv[2], "a") if mode == "record" else None  # noqa: SIM115


def say(msg):
    sys.stdout.write((msg if isinstance(msg, str) else json.dumps(msg)) + "\n")
    sys.stdout.flush()


rng = random.Random(0)
position = None
for line in sys.stdin:
    if record is not None:
        record.write(line)
        record.flush()
    msg = json.loads(line)
    kind = msg["type"]
    if kind == "hello":
        if mode == "slow_start":
            time.sleep(30)
        say({"type": "engine", "protocol": 1, "name": f"bad-{mode}", "author": "tests",
             "games": {"quixo": {}, "qwixx": {}}, "options": []})
    elif kind == "newgame":
        rng = random.Random(msg["seed"])
        say({"type": "ready"})
    elif kind == "position":
        position = msg
    elif kind == "go":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(30)
        if mode == "garbage":
            say("my move is the best move")
            continue
        if mode == "illegal":
            say({"type": "decision", "decision": "no such move"})
            continue
        say({"type": "decision", "decision": rng.choice(position["options"])})
    elif kind == "quit":
        break
