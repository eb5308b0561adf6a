"""What the bot workers' fork server imports before it starts any worker
(:class:`qwixo.server.botrunner.WorkerPool`): the engines, their kernels loaded from numba's
cache (compiled on a fresh install) — once for all the workers of a server, which then start as
copies of the fork server in milliseconds instead of each importing and loading it all again
(about a second of CPU each)."""

from __future__ import annotations

import logging

from qwixo.server import botrunner
from qwixo.server.warmup import warm_up

try:
    warm_up()
    botrunner._WARMED = True  # the workers forked from here: nothing left to load
except Exception:  # noqa: BLE001 - the workers then warm up themselves (and report it)
    logging.getLogger("qwixo.server").warning("the bot workers' preload failed", exc_info=True)
