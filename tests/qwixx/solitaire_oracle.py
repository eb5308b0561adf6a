"""A brute-force oracle of the Qwixx solitaire solver (tests only): every roll, every action,
none of the solver's tricks."""

from __future__ import annotations

import collections
import functools
import itertools
from collections.abc import Sequence

from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import COLOUR_INDEX, Edition, row_points

State = tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], int]


#: the empty sheet
START: State = ((-1,) * 4, (0,) * 4, (False,) * 4, 0)


def brute_force_values(ed: Edition, lucky: Sequence[int] = ()) -> dict[State, float]:
    """The expected points still to come under optimal play (the solver's ``Solution.value``)
    of every state reachable from the empty sheet, by enumerating every roll and every pair of
    actions, straight from the rules (tiny editions only: it is exponential in everything).

    A state is ``(last, crosses, locked, penalties)``: per row the position of its last cross
    (-1: none), its crosses (a lock counts two) and whether it is locked; then the penalties.

    The tests compare it with :func:`qwixo.qwixx.solitaire.solve` on every state of every toy
    sheet of :func:`qwixo.qwixx.solitaire.tiny_edition`. The sheet and dice rules are the
    rulebook's, written out here on purpose (an oracle must not share the code it checks); the
    end of the game is the kernels' named rule.
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

    # the cells a white sum may cross in action 1, and those die ``c`` may cross with a sum
    # in action 2 (its own row; in Mixx A any row's cell of its colour)
    white_cells = {t: [(r, pos) for r in range(4) for pos in range(L) if numbers[r][pos] == t]
                   for t in range(2, 2 * F + 1)}
    colour_cells = {(c, t): [(r, pos) for r, pos in white_cells[t]
                             if (colours[r][pos] == c if ed.action2_any_row else r == c)]
                    for c in range(4) for t in range(2, 2 * F + 1)}

    @functools.cache
    def action1(state, s):  # the states after each action 1 of white sum s, and their end
        last, cnt, locked, _ = state
        out = [cross(state, r, pos) for r, pos in white_cells[s]
               if can_cross(r, pos, last, cnt, locked)]
        if s in lucky_set:
            fewest = min(cnt)
            for r in range(4):
                if cnt[r] == fewest and not locked[r]:
                    pos = last[r] + 1
                    if can_cross(r, pos, last, cnt, locked):
                        out.append(cross(state, r, pos))
        return [(s1, over(s1)) for s1 in out]

    @functools.cache
    def crossings(state, c, t):  # the states after die c crosses sum t in action 2
        last, cnt, locked, _ = state
        return [cross(state, r, pos) for r, pos in colour_cells[c, t]
                if can_cross(r, pos, last, cnt, locked)]

    @functools.cache
    def best_action2(state, whites, colour_dice):  # the best value after an action 2
        best = -1e9
        for c in range(4):
            if state[2][c]:  # that die is gone
                continue
            for w in whites:
                for s2 in crossings(state, c, w + colour_dice[c]):
                    best = max(best, value(s2))
        return best

    # every roll of the six dice; the two white dice are alike (action 1 takes their sum,
    # action 2 either of them), so a roll and the one with the whites swapped count together
    rolls = collections.Counter((tuple(sorted(roll[:2])), roll[2:])
                                for roll in itertools.product(range(1, F + 1), repeat=6))
    n_rolls = F ** 6

    memo: dict[State, float] = {}

    def value(state):  # expected final score
        v = memo.get(state)
        if v is None:
            v = memo[state] = _value(state)
        return v

    def _value(state):
        if over(state):
            return float(score(state))
        total = 0.0
        penal = value((state[0], state[1], state[2], state[3] + 1))
        for (whites, colour_dice), times in rolls.items():
            best = penal
            for s1, ended in action1(state, whites[0] + whites[1]):
                if ended:
                    best = max(best, float(score(s1)))
                    continue
                best = max(best, value(s1), best_action2(s1, whites, colour_dice))
            best = max(best, best_action2(state, whites, colour_dice))
            total += times * best
        return total / n_rolls

    value(START)
    return {state: v - score(state) for state, v in memo.items()}
