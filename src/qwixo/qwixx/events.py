"""What happened in a Qwixx game, as events: the part of :class:`qwixo.qwixx.game.QwixxGame`
that turns the compact records of the rules (rolls, crosses, locks, bar and reward chains,
penalties, removed dice, the end) into the JSON-ready :attr:`events` and the announcement
``log`` (docs/qwixx.md, "Engine facts for views")."""

from __future__ import annotations

from typing import Any

from qwixo.qwixx.editions import COLOURS, DICE, REWARD_KINDS
from qwixo.qwixx.rules import LUCKY, act_of_code, dice_removed


class QwixxEvents:
    """The event side of :class:`~qwixo.qwixx.game.QwixxGame` (a part of that class)."""

    @property
    def events(self) -> list[dict[str, Any]]:
        """What happened since the start, in order, as JSON-ready dicts (see docs/qwixx.md,
        "Engine facts for views"). A hidden action-1 decision appears only once action 1
        takes effect; an undo removes what it took back.

        >>> from qwixo.qwixx.game import QwixxGame
        >>> g = QwixxGame(players=2, seed=1)
        >>> _ = g.roll([3, 4, 1, 1, 1, 1])
        >>> g.choose(1, "g7")
        >>> [e["type"] for e in g.events]
        ['roll']
        >>> g.choose(0, "pass")
        >>> g.events[1:]
        [{'type': 'pass', 'player': 0, 'action': 1}, \
{'type': 'cross', 'player': 1, 'row': 'g', 'number': 7, 'how': 'white', 'action': 1}]
        """
        raw = self._raw
        if self._raw_done < len(raw):
            out = self._events
            for k in range(self._raw_done, len(raw)):
                self._expand(raw[k], out)
            self._raw_done = len(raw)
        return list(self._events)

    def _expand(self, rec: tuple, out: list[dict[str, Any]]) -> None:
        """Append the events of one compact record of :attr:`_raw` to ``out``."""
        kind = rec[0]
        if kind == "roll":
            out.append({"type": "roll", "player": rec[1], "dice": dict(zip(DICE, rec[2],
                                                                            strict=True))})
        elif kind == "a1":
            crossed = (dict(rec[2]) if rec[2] is not None
                       else {p: () for p, code in rec[1].items() if code >= 0})
            for p in sorted(rec[1]):
                if p in crossed:
                    self._expand_crosses(out, p, 1, act_of_code(rec[1][p]), crossed[p])
                else:
                    out.append({"type": "pass", "player": p, "action": 1})
        elif kind == "a2":
            if rec[3] is None:
                out.append({"type": "pass", "player": rec[1], "action": 2})
            else:
                self._expand_crosses(out, rec[1], 2, act_of_code(rec[2]), rec[3])
        elif kind == "penalty":
            out.append({"type": "pass", "player": rec[1], "action": 2})
            out.append({"type": "penalty", "player": rec[1], "count": rec[2],
                        "points": rec[2] * self.rules.penalty_points})
        elif kind == "removed":
            for c in dice_removed(rec[1], rec[2]):
                out.append({"type": "die_removed", "row": COLOURS[c]})
        elif kind == "resign":
            out.append({"type": "resign", "player": rec[1]})
        elif kind == "end":
            out.append({"type": "game_over", "reason": rec[1], "scores": list(rec[2]),
                        "winners": list(rec[3])})

    def _expand_crosses(self, out: list, p: int, action: int, act: tuple, events: list) -> None:
        """The events of ``act`` carried out by ``p``: its own cross, then what
        :meth:`Rules.apply` reported (each bar box or reward cross that found a cell is a
        cross of its own, right after it; a lock right after the cross that made it)."""
        numbers = self.rules.numbers

        def cross(r: int, i: int, how: str) -> None:
            out.append({"type": "cross", "player": p, "row": COLOURS[r],
                        "number": numbers[r][i], "how": how, "action": action})

        cross(act[1], act[2], "lucky" if act[0] == LUCKY else "white" if action == 1 else "colour")
        for ev in events:
            k = ev[0]
            if k == "lock":
                out.append({"type": "lock", "player": p, "row": COLOURS[ev[1]]})
            elif k == "bar":
                out.append({"type": "bonus_chain", "player": p, "box": ev[1],
                            "row": COLOURS[ev[2]],
                            "number": numbers[ev[2]][ev[3]] if ev[3] >= 0 else None})
                if ev[3] >= 0:
                    cross(ev[2], ev[3], "bonus")
            elif k == "reward":
                out.append({"type": "reward", "player": p, "reward": REWARD_KINDS[ev[1]]})
            elif k == "reward_cross":
                out.append({"type": "reward_cross", "player": p, "reward": REWARD_KINDS[ev[1]],
                            "row": COLOURS[ev[2]],
                            "number": numbers[ev[2]][ev[3]] if ev[3] >= 0 else None})
                if ev[3] >= 0:
                    cross(ev[2], ev[3], "reward")

    def _event(self, action: int, p: int, ev: tuple) -> None:
        kind = ev[0]
        e: dict[str, Any] = {"turn": self.turn, "action": action, "player": p, "event": kind}
        rules = self.rules
        if kind == "lock":
            e["row"] = COLOURS[ev[1]]
        elif kind == "lucky":
            e["row"], e["number"] = COLOURS[ev[1]], rules.numbers[ev[1]][ev[2]]
        elif kind == "bar":
            e["box"], e["row"] = ev[1], COLOURS[ev[2]]
            e["number"] = rules.numbers[ev[2]][ev[3]] if ev[3] >= 0 else None
        elif kind == "reward":
            e["reward"] = REWARD_KINDS[ev[1]]
        elif kind == "reward_cross":
            e["reward"], e["row"] = REWARD_KINDS[ev[1]], COLOURS[ev[2]]
            e["number"] = rules.numbers[ev[2]][ev[3]] if ev[3] >= 0 else None
        self.log.append(e)
