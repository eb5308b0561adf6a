"""A bot factory for the tests (``strong_nodes:strong``): the Quixo ``strong`` bot with a
node budget, one thread and no helper searches (the proof-number helpers stop at a deadline of
their own: a loaded machine would change their answers), so that its games replay exactly — as
``qwixo engine quixo strong --set nodes=N --set threads=1 --set proof=false --set dfpn=false``
plays them."""

import qwixo

NODES = 3000


def strong(seconds=None, seed=None, **kw):
    return qwixo.make_bot("quixo", "strong", seconds=seconds, seed=seed, nodes=NODES,
                          threads=1, proof=False, dfpn=False, **kw)
