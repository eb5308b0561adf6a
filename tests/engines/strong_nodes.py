"""A bot factory for the tests (``strong_nodes:strong``): the Quixo ``strong`` bot with a
node budget and one thread, so that its games replay exactly — as
``qwixo engine quixo strong --set nodes=N --set threads=1`` plays them."""

import qwixo

NODES = 3000


def strong(seconds=None, seed=None, **kw):
    return qwixo.make_bot("quixo", "strong", seconds=seconds, seed=seed, nodes=NODES,
                          threads=1, **kw)
