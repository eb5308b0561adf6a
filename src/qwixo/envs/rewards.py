"""The end-of-game rewards of every research interface, stated once (numba, for the vectorised
environments; the same compiled function for PettingZoo, Gymnasium and OpenSpiel).

- ``"outcome"``: +1 for each winner (the best score), -1 for the others, 0 for everyone when
  all tie; a lone player gets its score over the codec's ``solo_scale``, clipped to [-1, 1]
  (there is nobody to win against, so the outcome is how well it scored);
- ``"margin"``: a player's score minus the best other score (a lone player: its score);
- ``"score"``: the contract's scores.

>>> import numpy as np
>>> out = np.empty(3)
>>> end_rewards(np.array([30, 41, 41]), REWARD_MODES["outcome"], 1.0, out); out.tolist()
[-1.0, 1.0, 1.0]
"""

from __future__ import annotations

from numba import njit

REWARDS = ("outcome", "margin", "score")
#: a reward name -> the ``mode`` of :func:`end_rewards`
REWARD_MODES = {name: k for k, name in enumerate(REWARDS)}


@njit(cache=True)
def solo_outcome(score, solo_scale):
    """The ``"outcome"`` reward of a lone player: ``score / solo_scale`` clipped to [-1, 1]."""
    return min(1.0, max(-1.0, score / solo_scale))


@njit(cache=True)
def end_rewards(scores, mode, solo_scale, out):
    """The rewards of the final ``scores`` (one per player) under ``mode``
    (:data:`REWARD_MODES`) into ``out``."""
    P = scores.shape[0]
    if mode == 0 and P == 1:
        out[0] = solo_outcome(scores[0], solo_scale)
        return
    if mode == 2:
        for p in range(P):
            out[p] = scores[p]
        return
    if mode == 1:
        for p in range(P):
            best = -(1 << 30)
            for q in range(P):
                if q != p and scores[q] > best:
                    best = scores[q]
            out[p] = scores[p] - best if P > 1 else scores[p]
        return
    best = scores[0]
    for p in range(P):
        if scores[p] > best:
            best = scores[p]
    alltie = True
    for p in range(P):
        if scores[p] != best:
            alltie = False
    for p in range(P):
        out[p] = 0.0 if alltie else (1.0 if scores[p] == best else -1.0)
