#!/usr/bin/env python3
"""A qwixo engine in plain Python (the standard library only; docs/engine-protocol.md).

It speaks the engine protocol, JSON lines on stdin/stdout, and plays every game qwixo hosts:
at each ``go`` it picks one of the position's option texts at random (passing, where
``pass`` is an option, less often than the rest), with the random numbers of the ``newgame``
seed, so a game replays the same. A start for an engine of your own: replace ``decide``.

    qwixo tournament qwixx --engine py="python3 examples/engines/random_engine.py" --bots py,gap
"""

import json
import random
import sys


def decide(position, rng):
    options = position["options"]
    useful = [o for o in options if o != "pass"]
    return rng.choice(useful if useful and rng.random() < 0.7 else options)


def say(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random()
    position = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            say({"type": "error", "error": "bad_message", "message": "not JSON"})
            continue
        kind = msg.get("type")
        if kind == "hello":
            say({"type": "engine", "protocol": 1, "name": "random_engine.py",
                 "author": "qwixo examples", "games": {"quixo": {}, "qwixx": {}},
                 "options": []})
        elif kind == "newgame":
            rng = random.Random(msg.get("seed"))
            say({"type": "ready"})
        elif kind == "position":
            position = msg
        elif kind == "go":
            if position is None:
                say({"type": "error", "error": "bad_message", "message": "go before position"})
                continue
            say({"type": "info", "depth": 0, "options": len(position["options"])})
            say({"type": "decision", "decision": decide(position, rng)})
        elif kind == "error":
            print(f"random_engine.py: the host says {msg.get('error')}: {msg.get('message')}",
                  file=sys.stderr)
        elif kind == "quit":
            return
        # "stop": this engine answers at once, there is nothing to stop


if __name__ == "__main__":
    main()
