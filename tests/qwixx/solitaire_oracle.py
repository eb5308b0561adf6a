"""A brute-force oracle of the Qwixx solitaire solver (tests only): every roll, every action,
no tricks."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import COLOUR_INDEX, Edition, row_points


def brute_force(ed: Edition, lucky: Sequence[int] = ()) -> float:
    """Optimal expected score by enumerating every roll and every pair of actions, straight
    from the rules (tiny editions only: it is exponential in everything).

    The tests compare it with :func:`qwixo.qwixx.solitaire.solve` on every toy sheet of
    :func:`qwixo.qwixx.solitaire.tiny_edition`. The sheet and dice rules are the rulebook's,
    written out here on purpose (an oracle must not share the code it checks); the end of
    the game is the kernels' named rule.
    """
    F = ed.faces
    L = ed.row_length
    lf = ed.rows[0].lock_from
    need = ed.lock_need
    numbers = [row.numbers for row in ed.rows]
    colours = [[COLOUR_INDEX[c] for _, c in row.cells] for row in ed.rows]
    lucky_set = set(lucky)

    def can_cross(row, pos, last, cnt, locked):
        if locked[row] or pos <= last[row]:
            return False
        return pos < lf or cnt[row] >= need

    def cross(state, row, pos):
        last, cnt, locked, pen = state
        last, cnt, locked = list(last), list(cnt), list(locked)
        if pos >= lf:
            cnt[row] += 2
            locked[row] = True
        else:
            cnt[row] += 1
        last[row] = pos
        return (tuple(last), tuple(cnt), tuple(locked), pen)

    def score(state):
        _, cnt, _, pen = state
        return sum(row_points(c) for c in cnt) - ed.penalty_points * pen

    def over(state):
        return bool(K.closed_rows_end_game(sum(state[2]))
                    or K.penalty_count_ends_game(state[3], ed.max_penalties))

    @functools.cache
    def action1(state, s):
        last, cnt, locked, _ = state
        out = []
        for r in range(4):
            for pos in range(L):
                if numbers[r][pos] == s and can_cross(r, pos, last, cnt, locked):
                    out.append(cross(state, r, pos))
        if s in lucky_set:
            fewest = min(cnt)
            for r in range(4):
                if cnt[r] == fewest and not locked[r]:
                    pos = last[r] + 1
                    if can_cross(r, pos, last, cnt, locked):
                        out.append(cross(state, r, pos))
        return out

    @functools.cache
    def action2(state, whites, colour_dice):
        last, cnt, locked, _ = state
        out = []
        for c in range(4):
            if locked[c]:  # that die is gone
                continue
            for w in whites:
                t = w + colour_dice[c]
                for r in range(4):
                    for pos in range(L):
                        if numbers[r][pos] != t:
                            continue
                        ok_colour = colours[r][pos] == c if ed.action2_any_row else r == c
                        if ok_colour and can_cross(r, pos, last, cnt, locked):
                            out.append(cross(state, r, pos))
        return out

    rolls = list(itertools.product(range(1, F + 1), repeat=6))

    @functools.cache
    def value(state):  # expected final score
        if over(state):
            return float(score(state))
        total = 0.0
        for roll in rolls:
            w1, w2 = roll[0], roll[1]
            best = -1e9
            penal = (state[0], state[1], state[2], state[3] + 1)
            best = max(best, value(penal))
            for s1 in action1(state, w1 + w2):
                if over(s1):
                    best = max(best, float(score(s1)))
                    continue
                best = max(best, value(s1))
                for s2 in action2(s1, (w1, w2), tuple(roll[2:])):
                    best = max(best, value(s2))
            for s2 in action2(state, (w1, w2), tuple(roll[2:])):
                best = max(best, value(s2))
            total += best
        return total / len(rolls)

    return value(((-1,) * 4, (0,) * 4, (False,) * 4, 0))
