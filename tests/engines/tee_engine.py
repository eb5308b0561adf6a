"""``tee_engine.py FILE CMD...``: the engine CMD, with every line its host sends it appended to
FILE (what an engine receives, for the leak tests). Standard library only."""

import subprocess
import sys

log = open(sys.argv[1], "a")  # noqa: SIM115 - open for the whole run
child = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, text=True)  # its output is ours
assert child.stdin is not None
try:
    for line in sys.stdin:
        log.write(line)
        log.flush()
        child.stdin.write(line)
        child.stdin.flush()
except BrokenPipeError:
    pass
finally:
    try:
        child.stdin.close()
    except BrokenPipeError:
        pass
    sys.exit(child.wait())
