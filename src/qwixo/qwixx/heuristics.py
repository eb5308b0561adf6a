"""The parameters of the ``gap``/``race`` heuristics, in a module of their own that imports
nothing: the batch kernel (:mod:`qwixo.qwixx.batch`, the one rule) and the bots
(:mod:`qwixo.qwixx.rulebots`) both read them without importing each other."""

#: how many cells the ``gap`` heuristic may skip: (normally, to avoid a penalty); ``race``
#: one more in its two rows with the most crosses, none elsewhere
GAP_SKIP, FORCED_SKIP = 1, 3
