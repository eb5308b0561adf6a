"""What front ends draw of a Qwixx game: the part of :class:`qwixo.qwixx.game.QwixxGame` that
reads its state out as plain data — the dice, the sheets, each option with the cells it
crosses, a player's own hidden decision, the view of :mod:`qwixo.qwixx.view`."""

from __future__ import annotations

import re
from typing import Any

from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import COLOURS, REWARD_KINDS, row_points
from qwixo.qwixx.phases import ACTION1, ACTION2, OVER, ROLL
from qwixo.qwixx.rules import LUCKY, PASS, Sheet, dice_removed


def decision_parts(text: str) -> tuple[str, str, str]:
    """A decision's kind (``pass``, ``lucky``, ``cross`` or ``other``), what it crosses (a
    row for a lucky cross, a cell) and the reward row of a bonus box (``"+y"``: ``"y"``).

    >>> decision_parts("r7+y"), decision_parts("L:g"), decision_parts("pass")
    (('cross', 'r7', 'y'), ('lucky', 'g', ''), ('pass', '', ''))
    """
    base, _, reward = str(text or "pass").partition("+")
    if base == "pass":
        return "pass", "", ""
    if base.startswith("L:"):
        return "lucky", base[2:], reward
    if re.fullmatch(r"[rygb]\d{1,2}", base):
        return "cross", base, reward
    return "other", base, reward


class QwixxDisplay:
    """The drawing side of :class:`~qwixo.qwixx.game.QwixxGame` (a part of that class)."""

    def _decision_words(self, kind: str, decision: str, lang: str | None,
                        **params: str) -> str:
        from qwixo.i18n import t

        what, cell, reward = decision_parts(decision)
        if what == "other":
            return t(f"an_{kind}_move", lang, move=str(decision), **params)
        if what == "pass":
            return t(f"an_{kind}_pass", lang, **params)
        if what == "lucky":
            return t(f"an_{kind}_lucky", lang, row=cell, **params)
        words = " " + t("web_move_reward_row", lang, row=reward) if reward else ""
        return t(f"an_{kind}_cross", lang, cell=cell, reward=words, **params)

    def played_words(self, name: str, decision: str, value: str,
                     lang: str | None = None) -> str:
        """A cross, a lucky cross or a pass in a whole sentence (``Player 2 crossed red 7 (12%
        win chance).``)."""
        return self._decision_words("played", decision, lang, name=name, value=value)

    def better_words(self, decision: str, value: str, lang: str | None = None) -> str:
        """The better decision in a whole sentence (``Better: cross green 11.``)."""
        return self._decision_words("better", decision, lang, value=value)

    @property
    def dice(self) -> list[int | None]:
        """The last roll ``[w1, w2, r, y, g, b]``; ``None`` for a removed (or unrolled) die."""
        return list(self._dice)

    @property
    def removed_dice(self) -> list[str]:
        """Colour letters of the dice out of the game (= the closed rows)."""
        return [COLOURS[c] for c in dice_removed(0, self.closed)]

    @property
    def closed_rows(self) -> list[str]:
        """Letters of the closed (locked) rows."""
        return self.removed_dice

    @property
    def white_sum(self) -> int | None:
        d = self._dice
        return None if d[0] is None or self.phase == ROLL else d[0] + d[1]

    @property
    def a1_crossed(self) -> bool:
        """Whether the active player crossed something in this turn's action 1 (then a pass in
        action 2 costs no penalty)."""
        return bool(self._s[K.A1CROSSED])

    @property
    def decided(self) -> list[int]:
        """Players who have made their (still hidden) action-1 decision this turn."""
        return sorted(self._pending) if self.phase == ACTION1 else []

    def sheet_keys(self) -> list[tuple[bytes, int, bool]]:
        """Per player, a key of everything :attr:`sheets` shows of that player's sheet (its
        block of the kernels' state, the closed rows, whether the game is over): equal keys,
        equal sheets — for front ends that keep what they drew (:mod:`qwixo.qwixx.view`)."""
        m = self._m
        closed, final = m.item(K.CLOSED), self._phase == OVER
        return [(m[K.H + p * K.PB:K.H + (p + 1) * K.PB].tobytes(), closed, final)
                for p in range(self._n)]

    @property
    def sheets(self) -> list[dict[str, Any]]:
        """Every player's sheet as plain data (what the web app and terminal draw).

        Per player: ``rows`` (per row: ``colour``, ``crossed`` numbers, ``crosses`` count with
        the lock box, ``locked`` when this player crossed the lock box, ``closed`` when anyone
        did, ``last`` number or None, ``points``), ``penalties``, ``bar`` (Bonus A: the state of
        each box, ``"x"`` crossed, ``"-"`` struck out, ``""`` free), ``rewards`` (Bonus B kinds
        earned), ``lucky`` (Longo), ``score``. Action-1 decisions not yet revealed are not shown.
        """
        rules = self.rules
        final = self._phase == OVER
        closed = self.closed
        out = []
        for s in self.sheets_state:
            s = _Plain(s)
            rows = []
            for r in range(4):
                nums = rules.numbers[r]
                rows.append({
                    "colour": COLOURS[r],
                    "crossed": [nums[i] for i in range(rules.length) if (s.marks[r] >> i) & 1],
                    "crosses": s.count[r],
                    "locked": bool((s.locked >> r) & 1),
                    "closed": bool((closed >> r) & 1),
                    "last": nums[s.last[r]] if s.last[r] >= 0 else None,
                    "points": row_points(s.count[r]),
                })
            bar = []
            for b in range(len(rules.bar)):
                bar.append("x" if b in s.bar_used else
                           "" if rules.bar_box_free(s.sheet, closed, b) else "-")
            out.append({
                "rows": rows,
                "penalties": s.penalties,
                "bar": bar,
                "rewards": [REWARD_KINDS[k] for k in s.rewards],
                "lucky": list(s.lucky),
                "score": rules.score(s.sheet, final),
            })
        return out

    def option_info(self, player: int) -> list[dict[str, Any]]:
        """The options of ``player`` with what each one crosses, for front ends that let people
        click cells: ``text``, ``kind`` ("pass", "cell", "lucky"), ``row`` and ``number`` of
        the cell, ``reward_row`` (Bonus B tie choice) or None.

        >>> from qwixo.qwixx.game import QwixxGame
        >>> g = QwixxGame("longo", players=1, seed=1, lucky=[(6, 11)])
        >>> _ = g.roll([5, 1, 1, 1, 1, 1])
        >>> g.option_info(0)[-1]
        {'text': 'L:b', 'kind': 'lucky', 'row': 'b', 'number': 16, 'reward_row': None}
        """
        texts = self.options(player)
        extra = self._opts.get(player, ([], None))[1]
        out = []
        for text in texts:
            kind, r, i, tie = self.rules.action_of(text, extra)
            out.append({
                "text": text,
                "kind": ("pass", "cell", "lucky")[kind],
                "row": COLOURS[r] if r >= 0 else None,
                "number": self.rules.numbers[r][i] if r >= 0 else None,
                "reward_row": COLOURS[tie] if tie >= 0 else None,
            })
        return out

    def option_details(self, player: int) -> list[dict[str, Any]]:
        """What each option of ``player`` does, in the order of :meth:`options`: ``text``,
        ``cells`` (every cell it crosses, as ``[row letter, number]``, the chosen one first,
        then those of a Bonus A chain or Bonus B reward), ``penalty`` (a pass that costs a
        penalty box), ``lucky`` (a Longo lucky cross), ``locks`` (the rows it locks),
        ``bonus`` (Bonus A: the bar boxes it crosses), ``rewards`` (Bonus B: the rewards it
        earns) and ``reward_row`` (Bonus B: the row chosen for "two crosses" on a tie, or None).

        In action 1 the effects are those of the sheet as it is now (everyone's crosses take
        effect together, so a row another player locks at the same moment still counts).

        >>> from qwixo.qwixx.game import QwixxGame
        >>> g = QwixxGame("bonus-a", players=1, seed=1)
        >>> _ = g.roll([5, 6, 1, 1, 1, 1])
        >>> g.option_details(0)[3]
        {'text': 'g11', 'cells': [['g', 11], ['r', 2]], 'penalty': False, 'lucky': False, \
'locks': [], 'bonus': [0], 'rewards': [], 'reward_row': None}
        """
        texts = self.options(player)
        extra = self._opts.get(player, ([], None))[1]
        rules = self.rules
        out = []
        for text in texts:
            act = rules.action_of(text, extra)
            info: dict[str, Any] = {"text": text, "cells": [], "penalty": False,
                                    "lucky": act[0] == LUCKY, "locks": [], "bonus": [],
                                    "rewards": [], "reward_row": None}
            if act[0] == PASS:
                info["penalty"] = self._phase == ACTION2 and not self.a1_crossed
            else:
                events: list = []
                rules.apply(self.sheets_state[player].copy(), self.closed, act, events)
                done: list[dict[str, Any]] = []
                self._expand_crosses(done, player, 1 if self.phase == ACTION1 else 2, act,
                                     events)
                for ev in done:
                    if ev["type"] == "cross":
                        info["cells"].append([ev["row"], ev["number"]])
                    elif ev["type"] == "lock":
                        info["locks"].append(ev["row"])
                    elif ev["type"] == "bonus_chain":
                        info["bonus"].append(ev["box"])
                    elif ev["type"] == "reward":
                        info["rewards"].append(ev["reward"])
                if act[3] >= 0:
                    info["reward_row"] = COLOURS[act[3]]
            out.append(info)
        return out

    def pending(self, player: int) -> str | None:
        """The text of ``player``'s own action-1 decision while it is still hidden from the
        others (not everyone has decided yet), else None.

        >>> from qwixo.qwixx.game import QwixxGame
        >>> g = QwixxGame(players=2, seed=1)
        >>> _ = g.roll([3, 4, 1, 1, 1, 1])
        >>> g.choose(1, "g7")
        >>> g.pending(1), g.pending(0)
        ('g7', None)
        """
        p = self.check_player(player)
        if self.phase != ACTION1 or p not in self._pending:
            return None
        for entry in reversed(self.history):
            if entry[0] == "roll":
                break
            if entry[1] == p:
                return entry[2]
        return None

    def view(self, player: int | None = None, since: int = 0) -> dict[str, Any]:
        """Everything ``player`` (None: a spectator) may see: :func:`qwixo.qwixx.view.view`."""
        from qwixo.qwixx.view import view

        return view(self, player, since)


class _Plain:
    """A sheet read once into plain Python values (for drawing)."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.last = sheet.last.tolist()
        self.count = sheet.count.tolist()
        self.marks = sheet.marks.tolist()
        self.locked = sheet.locked
        self.penalties = sheet.penalties
        self.bar_used = sheet.bar_used
        self.bar_pos = sheet.bar_pos
        self.rewards = sheet.rewards
        self.lucky = sheet.lucky
