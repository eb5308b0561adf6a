"""Where a two-sided Qwixx vector state keeps its game slots (``g``: the player asked in
action 1, the number of options) and the research codec's action number of a kernel option
code (:mod:`qwixo.envs.qwixx_codec`): shared by the vector environments
(:mod:`qwixo.envs.vector`) and the kernel bots that play in them (:mod:`qwixo.qwixx.kernel_bots`).
"""

from __future__ import annotations

from numba import njit

from qwixo.qwixx import kernels as K

G_Q, G_K = range(2)
G_SIZE = 2


@njit(cache=True)
def act_index(code, L, lucky_off):
    """The action number (qwixx_codec) of a kernel option code (-1: pass)."""
    if code < 0:
        return 0
    r = K.code_row(code)
    ci = K.code_cell(code)
    if K.is_lucky(code):
        return 1 + 4 * L + r
    tie = K.code_tie(code)
    if tie >= 0:
        return 1 + 4 * L + lucky_off + (L * r + ci) * 4 + tie
    return 1 + L * r + ci
