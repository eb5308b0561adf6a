"""Qwixx opponents kept outside the package, to measure ``strong`` against players it has no
model of (strong heuristic opponents of our own to measure against).

``strong`` recognises the package's rules (``odds``, ``gap``, ``race``, ``ev``) after a few
decisions and lets them play themselves in its playouts; a player that is none of them must
not fool it. These players are a family of rule-based heuristics written for that purpose
only (not bots of the package, not in any opponent model), played through the public contract:

- ``x-rush``: race to lock — pushes its rows in the order of their crosses (skips up to 3, 2,
  1 and 0 cells in them), locks whenever it may;
- ``x-rush1``: the same with one skip less in every row (2, 1, 0, 0);
- ``x-greedy``: every cross that skips at most one cell in any row, the row with the most
  crosses first; locks whenever it may;
- ``x-points``: weighs each cross: the points it adds now (the row's crosses plus one) against
  the points the skipped cells would have given, each by its chance to come again (its white
  sum odds) and the game's progress; a lock when it leads or when the row is its best;
  passes when nothing weighs more than :data:`POINTS_PASS` (a penalty costs 5);
- ``x-gap``: a plain gap heuristic, a little weaker than the package's ``gap``: the cross
  skipping the fewest cells, at most one (two facing a penalty; the row with more crosses on
  ties); locks whenever it may;
- ``x-lock`` (:class:`LockRace`, a strong race to lock, tuned by simulation): pushes its two
  open rows nearest their locks (a cross there when the cells it skips have dice odds of at
  most 1.2, a 7 counting 1), elsewhere only cheap crosses (odds at most 0.7); takes every lock
  unless it ends the game while behind; as the active player it weighs each white-sum option
  with the best colour option it leaves (joint action 1 and 2);
- ``x-tempo`` (:class:`Tempo`, a strong heuristic, tuned by simulation): values each sheet by
  its points after the crosses still to come (the free cells' dice odds times the share of the
  game left, read from how far the players are from their locks and from the penalties,
  shortened when ahead, lengthened when behind), takes the option that raises it most, pushes
  its two rows nearest a lock when ahead (and less when behind), weighs a lock with what it
  takes from the best opponent, ends the game when that wins and spends its last penalty to
  end it when ahead by more than the penalty; joint action 1 and 2 as the active player.

- ``x-ga`` (:class:`Instinct`): the genetic-algorithm champion of the public ``qwixxer``
  project (github.com/vibelyova/qwixxer, ``champion.txt`` and the README's description,
  written again here from that description, no code taken): every move's sheet afterwards
  valued by four weighted features (the free cells' white-sum odds times the row's crosses
  plus one, the penalties, the sum of the rows' crosses squared, the skipped cells) with the
  evolved weights, after its "meta-rules": a lock whenever it does not end the game behind
  (the one scoring most), the last penalty taken to end the game ahead, no lock that ends it
  behind, moves whose sheet is dominated by another's dropped; joint action 1 and 2 as the
  active player. That project's best bot (a TD-learnt value network) wins 60.3 % of two-player
  games against it (its README): an outside yardstick.

``python experiments/qwixx_outside.py`` is ``benchmarks/qwixx_strength.py`` with these players
in its tables (``--tables strong,x-rush``).

>>> import qwixo
>>> g = qwixo.new_game("qwixx", players=2, seed=5)
>>> _ = g.roll([1, 2, 1, 1, 1, 1])
>>> make("x-rush", 0).decide(g, 1) in g.options(1)
True
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

from qwixo.qwixx.rulebots import facing_penalty, option_cell

#: the white sums' chances in 36 (2 .. 12), by the number a cell shows
WAYS = {n: 6 - abs(7 - n) for n in range(2, 13)}
#: below this weight ``x-points`` passes (when a pass costs nothing)
POINTS_PASS = 0.0


def _rank(cnt: Any, r: int) -> int:
    return sum(1 for q in range(4) if cnt[q] > cnt[r] or (cnt[q] == cnt[r] and q < r))


class SkipRule:
    """A lock whenever possible; otherwise the cross skipping the fewest cells (ties: the row
    with more crosses, then the option's text) if it skips at most ``skips[rank]`` cells in the
    row of that rank (0: the row with the most crosses), any cross when a penalty is coming
    (at most ``forced`` skipped)."""

    def __init__(self, skips: tuple[int, ...], forced: int = 4) -> None:
        self.skips = skips
        self.forced = forced

    def decide(self, game: Any, player: int) -> str:
        opts = [str(o) for o in game.options(player)]
        sheet = game.sheets_state[player]
        last, cnt = sheet.last, sheet.count
        lock_from = game.rules.lock_from
        force = facing_penalty(game, player)
        best, key = "pass", None
        for text in opts:
            cell = option_cell(game, player, text)
            if cell is None:
                continue
            r, i = cell
            if i >= lock_from[r]:
                k = (0, 0, text)
            else:
                skip = i - last[r] - 1
                if skip > (self.forced if force else self.skips[_rank(cnt, r)]):
                    continue
                k = (1, skip * 64 - int(cnt[r]), text)
            if key is None or k < key:
                best, key = text, k
        return best


class PointsRule:
    """Each cross weighed: the points it adds now against what the skipped cells were worth
    (their chance to come again, less as the game goes on); locks when it leads or the row is
    its best one."""

    def decide(self, game: Any, player: int) -> str:
        opts = [str(o) for o in game.options(player)]
        sheets = game.sheets_state
        me = sheets[player]
        rules = game.rules
        scores = [rules.score(sh, True) for sh in sheets]
        lead = scores[player] - max(s for p, s in enumerate(scores) if p != player) \
            if len(scores) > 1 else 0
        crosses = sum(int(c) for sh in sheets for c in sh.count)
        progress = min(1.0, crosses / (18.0 * len(sheets)))
        force = facing_penalty(game, player)
        best, bestw = "pass", (-5.0 if force else POINTS_PASS)
        for text in opts:
            cell = option_cell(game, player, text)
            if cell is None:
                continue
            r, i = cell
            n = int(me.count[r])
            if i >= rules.lock_from[r]:
                w = 2.0 * (n + 1) + (6.0 if lead > 0 or _rank(me.count, r) == 0 else -3.0)
            else:
                lost = 0.0
                for c in range(int(me.last[r]) + 1, i):
                    lost += WAYS.get(rules.numbers[r][c], 1) / 6.0 * (n + 2) * (1.0 - progress)
                w = (n + 1) * 0.5 - lost
            if w > bestw:
                best, bestw = text, w
        return best


def _p(rules, r, c):
    return WAYS.get(rules.numbers[r][c], 1) / 6.0


def _lead(game, player):
    rules = game.rules
    sc = [rules.score(sh, True) for sh in game.sheets_state]
    return sc[player] - max(s for p, s in enumerate(sc) if p != player) if len(sc) > 1 else 0


class _Scored:
    """A rule that values each cross (:meth:`value`: None when it would not take it; passing
    is worth 0, a penalty ``-pen``); as the active player in action 1 it values each option
    with the best action 2 it leaves on the same dice."""

    pen = 5.0

    def context(self, game, player):
        return None

    def decide(self, game, player):
        opts = set(str(o) for o in game.options(player))
        if len(opts) == 1:
            return opts.pop()
        rules, closed = game.rules, game.closed
        sheet = game.sheets_state[player]
        ctx = self.context(game, player)
        ctx["sheet"] = sheet
        force = facing_penalty(game, player)
        joint = game.phase == "action1" and player == game.active
        if game.phase == "action1":
            pairs = rules.white_options(sheet, closed, game.dice[0] + game.dice[1])
        else:
            pairs = rules.colour_options(sheet, closed, game.dice)
        best, bestv = "pass", None
        for text, act in pairs:
            if text not in opts:
                continue
            if text == "pass":
                v, sh, cl = 0.0, sheet, closed
            else:
                v = self.value(game, ctx, sheet, closed, act[1], act[2])
                if v is None:
                    continue
                sh = sheet.copy()
                cl = rules.apply(sh, closed, act, [])
            if joint and bin(cl).count("1") < 2:
                v2 = 0.0 if text != "pass" else -self.penalty(game, ctx)
                for _t2, a2 in rules.colour_options(sh, cl, game.dice)[1:]:
                    w = self.value(game, ctx, sh, cl, a2[1], a2[2])
                    if w is not None and w > v2:
                        v2 = w
                v += v2
            elif force and text == "pass":
                v = -self.penalty(game, ctx)
            if bestv is None or v > bestv:
                best, bestv = text, v
        return best

    def penalty(self, game, ctx):
        """What a penalty costs; the last one ends the game: won when ahead by more."""
        rules = game.rules
        me = game.sheets_state[ctx["player"]]
        if ctx["players"] > 1 and me.penalties == rules.max_penalties - 1:
            return -100.0 if ctx["lead"] > rules.penalty_points else 100.0
        return self.pen


class LockRace(_Scored):
    """Race to lock: the ``rows`` open rows nearest their locks are pushed (a cross there when
    the cells it skips have dice odds of at most ``focus``), the others only when it skips odds
    of at most ``other``; every lock is taken unless it ends the game while behind; facing a
    penalty, any cross skipping odds of at most ``forced`` (the last penalty is taken only to
    end the game ahead). ``bonus`` (a pushed row's extra worth) and ``tempo`` (``focus`` grows
    by it when 10 points ahead, shrinks when behind) measured no gain and are 0."""

    def __init__(self, focus=1.2, other=0.7, forced=3.0, rows=2, pen=5.0, bonus=0.0, tempo=0.0):
        self.focus, self.other, self.forced, self.rows = focus, other, forced, rows
        self.pen, self.bonus, self.tempo = pen, bonus, tempo

    def context(self, game, player):
        me = game.sheets_state[player]
        open_rows = [r for r in range(4) if not (game.closed >> r) & 1]
        race = sorted(open_rows, key=lambda r: (-(2 * me.count[r] + me.last[r]), r))
        return {"player": player, "players": len(game.sheets_state), "race": race[:self.rows],
                "lead": _lead(game, player), "force": facing_penalty(game, player)}

    def value(self, game, ctx, sheet, closed, r, i):
        rules = game.rules
        n = sheet.count[r]
        if i >= rules.lock_from[r]:
            if ctx["players"] > 1 and bin(closed | (1 << r)).count("1") >= 2:
                return 100.0 if ctx["lead"] + 2 * n + 3 > 0 else None
            return 10.0 + n
        lost = sum(_p(rules, r, c) for c in range(sheet.last[r] + 1, i))
        limit = self.other
        if r in ctx["race"]:
            limit = self.focus + self.tempo * max(-1.0, min(1.0, ctx["lead"] / 10.0))
        if ctx["force"] and sheet is ctx["sheet"]:
            limit = max(limit, self.forced)
        if lost > limit + 1e-9:
            return None
        return 1.0 + (self.bonus if r in ctx["race"] else 0.0) - lost + 0.01 * n


def _tri(x):
    return 0.5 * x * (x + 1.0)


class Tempo(_Scored):
    """Tempo and margin: a row's worth is its points after ``a · h · W`` more crosses (``W``: the
    dice odds of its free cells), ``h`` the share of the game still to come, read from the race
    to the locks (the crosses the nearest player still needs in the second-nearest row, ``t0``
    a full game) and from the penalties, shortened when ahead and lengthened when behind
    (``risk``); each option is worth the change of that value, a lock also what it takes from
    the best opponent (``deny``); the end of the game is taken when ahead, avoided when not."""

    def __init__(self, a=1.2, t0=1.5, risk=0.3, deny=0.5, pen=5.0, thr=0.0, upen=1.0,
                 sat=2.0, push=0.5, near=2):
        self.a, self.t0, self.risk, self.deny, self.pen = a, t0, risk, deny, pen
        self.thr, self.upen, self.sat, self.push, self.near = thr, upen, sat, push, near

    def context(self, game, player):
        rules, sheets = game.rules, game.sheets_state
        need = rules.need
        dist = []
        for r in range(4):
            if (game.closed >> r) & 1:
                dist.append(0.0)
                continue
            dist.append(min((max(need - sh.count[r], 0) + 1.0 for sh in sheets
                             if sh.count[r] + rules.lock_from[r] - 1 - sh.last[r] >= need),
                            default=2.0 * need))
        dist.sort()
        left = dist[1] if len(sheets) > 1 else dist[3]
        left = min(left, self.upen * (rules.max_penalties - max(sh.penalties for sh in sheets))
                   * 3.0)
        lead = _lead(game, player)
        h = min(1.0, max(0.05, left / self.t0))
        h *= 1.0 - self.risk * max(-1.0, min(1.0, lead / 20.0))
        opp = max((p for p in range(len(sheets)) if p != player),
                  key=lambda p: rules.score(sheets[p], True), default=None)
        me = sheets[player]
        mine = sorted((r for r in range(4) if not (game.closed >> r) & 1
                       and me.count[r] + rules.lock_from[r] - 1 - me.last[r] >= need),
                      key=lambda r: (-me.count[r], r))[:self.near]
        return {"player": player, "players": len(sheets), "lead": lead, "ah": self.a * h,
                "opp": None if opp is None else sheets[opp], "mine": mine,
                "push": self.push * max(-1.0, min(1.0, lead / 10.0))}

    def row(self, rules, ah, r, n, last):
        W, free = 0.0, 0
        reach = n + rules.lock_from[r] - 1 - last >= rules.need
        for c in range(last + 1, rules.length):
            if c >= rules.lock_from[r] and not reach:
                break
            W += _p(rules, r, c)
            free += 1
        f = ah * W
        if free:
            f = free * (1.0 - math.exp(-f / free * self.sat)) / self.sat
        return _tri(n + min(free, f))

    def value(self, game, ctx, sheet, closed, r, i):
        rules = game.rules
        n, last = sheet.count[r], sheet.last[r]
        ah = ctx["ah"]
        before = self.row(rules, ah, r, n, last)
        if i >= rules.lock_from[r]:
            if ctx["players"] > 1 and bin(closed | (1 << r)).count("1") >= 2:
                return 100.0 if ctx["lead"] + 2 * n + 3 > 0 else -100.0
            v = _tri(n + 2) - before
            o = ctx["opp"]
            if o is not None:
                v += self.deny * (self.row(rules, ah, r, o.count[r], o.last[r]) - _tri(o.count[r]))
            return v
        v = self.row(rules, ah, r, n + 1, i) - before - self.thr
        return v + ctx["push"] if r in ctx["mine"] else v


#: the weights of ``x-ga``'s four features (qwixxer's ``champion.txt``): free-cell odds times
#: crosses, penalties, crosses squared, skipped cells
GA_WEIGHTS = (0.49085229701342714, -0.8692448091076695, 0.01846237488088304,
              -0.056005580702027866)


class Instinct:
    """``x-ga``: the move whose sheet afterwards has the best weighted features (:data:`GA_WEIGHTS`),
    after the meta-rules (module docstring). Candidates are ``(texts, sheet, closed, crosses,
    penalty)``: the option texts it plays (one per action), the sheet and closed rows after."""

    def __init__(self, weights=GA_WEIGHTS):
        self.w = weights

    def instinct(self, rules, sh, closed):
        """The weighted features of a sheet (rows in ``closed`` count only their crosses)."""
        odds = conc = blanks = 0.0
        for r in range(4):
            t = int(sh.count[r])
            conc += t * t
            if (closed >> r) & 1:
                continue
            nxt = int(sh.last[r]) + 1
            if nxt < rules.length:
                odds += WAYS.get(rules.numbers[r][nxt], 0) / 36.0 * (t + 1)
            blanks += nxt - t
        w = self.w
        return w[0] * odds + w[1] * sh.penalties + w[2] * conc + w[3] * blanks

    def _after(self, rules, sh, closed, act):
        sh = sh.copy()
        return sh, rules.apply(sh, closed, act, [])

    def candidates(self, game, player):
        rules, closed = game.rules, game.closed
        sheet = game.sheets_state[player]
        out = []
        if game.phase == "action1":
            whites = rules.white_options(sheet, closed, game.dice[0] + game.dice[1])
            for text, act in whites:
                sh, cl = (sheet, closed) if text == "pass" else self._after(rules, sheet, closed,
                                                                              act)
                if player != game.active:
                    out.append(((text,), sh, cl, int(text != "pass"), False))
                    continue
                for t2, a2 in (rules.colour_options(sh, cl, game.dice)
                               if bin(cl).count("1") < 2 else [("pass", None)]):
                    if t2 == "pass":
                        if text == "pass":
                            out.append(((text, t2), self._penalised(sh), cl, 0, True))
                        else:
                            out.append(((text, t2), sh, cl, 1, False))
                    else:
                        sh2, cl2 = self._after(rules, sh, cl, a2)
                        out.append(((text, t2), sh2, cl2, int(text != "pass") + 1, False))
        else:
            force = facing_penalty(game, player)
            for text, act in rules.colour_options(sheet, closed, game.dice):
                if text == "pass":
                    out.append(((text,), self._penalised(sheet) if force else sheet, closed, 0,
                                force))
                else:
                    sh, cl = self._after(rules, sheet, closed, act)
                    out.append(((text,), sh, cl, 1, False))
        return out

    @staticmethod
    def _penalised(sh):
        """A copy of ``sh`` with one more penalty."""
        pen = sh.copy()
        pen.penalties = pen.penalties + 1
        return pen

    @staticmethod
    def _dominates(rules, a, b):
        """Sheet-and-closed ``a`` at least as good as ``b`` in every row, better in one."""
        (sa, ca), (sb, cb) = a, b
        strict = False
        for r in range(4):
            ta, tb = int(sa.count[r]), int(sb.count[r])
            if ta < tb:
                return False
            fa = None if (ca >> r) & 1 else int(sa.last[r])
            fb = None if (cb >> r) & 1 else int(sb.last[r])
            if (fa is None) != (fb is None):
                return False
            if fa is not None and fa > fb:
                return False
            if ta > tb or (fa is not None and fa < fb):
                strict = True
        return strict

    def decide(self, game, player):
        opts = [str(o) for o in game.options(player)]
        if len(opts) == 1:
            return opts[0]
        rules = game.rules
        sheets = game.sheets_state
        me = sheets[player]
        mine = rules.score(me)
        opp = max((rules.score(s) for p, s in enumerate(sheets) if p != player), default=None)
        cands = [c for c in self.candidates(game, player) if c[0][0] in opts]
        n0 = bin(game.closed).count("1")
        active = player == game.active

        def locks_ending(c):  # (a row closed by the candidate, the game ended by it)
            n = bin(c[2]).count("1")
            return n > n0, n > n0 and n >= 2 and opp is not None

        def ends_behind(c):
            return locks_ending(c)[1] and rules.score(c[1]) < opp

        strikes = [c for c in cands if c[4]]
        if active and strikes and me.penalties == rules.max_penalties - 1:
            if opp is not None and mine - rules.penalty_points > opp:
                return strikes[0][0][0]
            if len(strikes) < len(cands):
                cands = [c for c in cands if not c[4]]
        locks = [c for c in cands if locks_ending(c)[0] and c[3] > 0
                 and (not locks_ending(c)[1] or rules.score(c[1]) > opp)]
        if locks:
            return max(locks, key=lambda c: rules.score(c[1]))[0][0]
        if active:
            cands = [c for c in cands if not ends_behind(c)]
            marks = [c for c in cands if c[3] > 0]
            keep = [c for c in marks
                    if not any(d is not c and self._dominates(rules, (d[1], d[2]), (c[1], c[2]))
                               for d in marks)]
            singles = {}
            for c in keep:
                if c[3] == 1:
                    r, i = self._single_cell(game, player, c)
                    singles[id(c)] = (r, i - int(me.last[r]) - 1, i)
            keep = [c for c in keep if id(c) not in singles or not any(
                    o[0] != singles[id(c)][0] and o[1:] == singles[id(c)][1:]
                    and me.count[o[0]] > me.count[singles[id(c)][0]]
                    for o in singles.values())]
            cands = keep + [c for c in cands if c[3] == 0]
            if not cands:
                return "pass"
        return max(cands, key=lambda c: self.instinct(rules, c[1], c[2]))[0][0]

    @staticmethod
    def _single_cell(game, player, c):
        """Row and position of a one-cross candidate's cross."""
        return option_cell(game, player, next(t for t in c[0] if t != "pass"))


RULES = {
    "x-rush": lambda: SkipRule((3, 2, 1, 0)),
    "x-rush1": lambda: SkipRule((2, 1, 0, 0)),
    "x-greedy": lambda: SkipRule((1, 1, 1, 1)),
    "x-points": PointsRule,
    "x-lock": LockRace,
    "x-tempo": Tempo,
    "x-gap": lambda: SkipRule((1, 1, 1, 1), forced=2),
    "x-ga": Instinct,
}


def make(name: str, seed: int | None = None) -> Any:
    """The outside player ``name`` (:data:`RULES`)."""
    try:
        return RULES[name]()
    except KeyError:
        raise ValueError(f"unknown outside player {name!r}: one of {', '.join(RULES)}") from None


def outside(name: str, seed: int | None = None) -> Any:
    """The outside player ``name``, or None when it is not one (a maker of
    ``qwixx_strength.PLAYERS``)."""
    return make(name, seed) if name in RULES else None


def main(argv: list[str] | None = None) -> int:
    """``benchmarks/qwixx_strength.py`` with the outside players in its tables."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import qwixx_strength

    qwixx_strength.PLAYERS.append(outside)
    return qwixx_strength.main(argv)


if __name__ == "__main__":
    sys.exit(main())
