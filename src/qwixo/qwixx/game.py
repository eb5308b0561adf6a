"""Qwixx behind the public contract: :class:`QwixxGame` (all six editions, 1-5 players).

A turn: the active player rolls (``roll()`` with the game's seeded generator, or
``roll([w1, w2, r, y, g, b])``), then **action 1**: every player decides on the white sum at the
same time (``to_act`` lists everyone who has not decided yet; a decision stays hidden until the
last one is in, then all take effect together), then **action 2**: the active player alone may
add a white die to a coloured die. A penalty, locks and the end of the game follow the rules of
the rulebook (docs/qwixx.md) automatically.

Option texts (see docs/qwixx.md):

- ``"pass"`` — cross nothing (always offered);
- ``"r7"`` — cross the cell of row r (red) showing 7 (row letter r/y/g/b + number);
- ``"L:g"`` — Longo: a lucky cross, the next cell of the green row (one of your rows with the
  fewest crosses), when the white sum is one of your lucky numbers;
- ``"g9+y"`` — Bonus B: cross green 9, and the "two crosses" reward it earns goes to the yellow
  row (offered only when several rows tie for the fewest crosses).

>>> import qwixo
>>> g = qwixo.new_game("qwixx", edition="classic", players=2, seed=1)
>>> g.needs_roll, g.to_act
(True, [])
>>> g.roll([3, 4, 1, 1, 1, 1])
[3, 4, 1, 1, 1, 1]
>>> g.phase, g.to_act, g.options(1)
('action1', [0, 1], ['pass', 'r7', 'y7', 'g7', 'b7'])
>>> g.choose(1, "g7")
>>> g.to_act                        # player 1's choice is hidden until player 0 decides
[0]
>>> g.choose(0, "r7")
>>> g.phase, g.to_act, g.options(0)   # red 4 and 5 are left of red 7 now
('action2', [0], ['pass', 'y4', 'y5', 'g5', 'g4', 'b5', 'b4'])
>>> g.choose(0, "pass")               # crossed in action 1: no penalty
>>> g.needs_roll, g.active, g.scores()
(True, 1, [1, 1])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from qwixo.core import Game, IllegalMove
from qwixo.qwixx import kernels as K
from qwixo.qwixx.display import QwixxDisplay
from qwixo.qwixx.editions import COLOURS, DICE, Edition, edition
from qwixo.qwixx.events import QwixxEvents
from qwixo.qwixx.phases import ACTION1, ACTION2, OVER, PHASES, ROLL
from qwixo.qwixx.rules import (
    CELL,
    LUCKY,
    PASS,
    PASS_ACTION,
    NeedChoice,
    Rules,
    Sheet,
    dice_in_play,
    dice_removed,
    events_of,
)
from qwixo.qwixx.saving import QwixxSaving

MAX_PLAYERS = 5

__all__ = ["ACTION1", "ACTION2", "MAX_PLAYERS", "OVER", "ROLL", "QwixxGame"]


class QwixxGame(QwixxSaving, QwixxEvents, QwixxDisplay, Game):
    """A game of Qwixx. ``QwixxGame(edition="classic", players=2, seed=None, lucky=None)``.

    ``lucky`` (Longo only): one pair of distinct lucky numbers per player, e.g.
    ``[(5, 8), (5, 10)]``; by default Longo's one deal of ``seed``
    (:func:`qwixo.qwixx.kernels.lucky_deal`: all pairs different).
    """

    name = "qwixx"

    def __init__(self, edition: str | Edition = "classic", players: int = 2,
                 seed: int | None = None, lucky: Sequence[Sequence[int]] | None = None) -> None:
        ed = _edition_setting(edition)
        if isinstance(players, bool) or not isinstance(players, int) or not (
                1 <= players <= MAX_PLAYERS):
            raise IllegalMove("bad_setting", name="players", value=players,
                              why="why_range", lo=1, hi=MAX_PLAYERS)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise IllegalMove("bad_setting", name="seed", value=seed, why="why_integer")
        self.edition: Edition = ed
        self.rules: Rules = Rules.of(ed)
        self._n = players
        self.seed = seed
        self._rng = random.Random(seed)
        #: the generator may be shared with copies: cloned before its first use (copy on write)
        self._rng_shared = False
        if lucky is None and ed.lucky:
            lucky = K.lucky_deal(ed.name, players,
                                 self._rng.getrandbits(64) if seed is None else seed)
        self.lucky: list[tuple[int, int]] = _lucky_setting(ed, players, lucky)
        #: the kernels' state (sheets, closed rows, dice, phase): see qwixo.qwixx.kernels
        m = _fresh_memory(ed.name, players).copy()
        for p, pair in enumerate(self.lucky):
            m[K.H + p * K.PB + K.LUCKY:K.H + p * K.PB + K.LUCKY + 2] = pair
        self._work(m)
        self.turn = 0
        self._phase = ROLL
        self._active = 0
        self._dice: list[int | None] = [None] * 6
        #: player -> option code of the hidden action-1 decisions
        self._pending: dict[int, int] = {}
        #: the same, one value per seat (-1: pass or undecided), for the kernel call
        self._choice5 = [-1, -1, -1, -1, -1]
        self.log: list[dict[str, Any]] = []
        self.end_reason: str | None = None
        #: the player who resigned (:meth:`resign`), if one did
        self._resigned: list[int] = []
        #: ``("roll", [dice])``, ``("choose", player, text)`` and ``("resign", player)``
        #: entries, oldest first
        self.history: list[tuple] = []
        #: player -> (option texts, extra actions, codes) of the current action
        self._opts: dict[int, tuple[list[str], dict | None, list[int]]] = {}
        #: the kernel options in ``_out`` are those of the action of this ``_opts`` dict
        self._ready: dict | None = None
        #: what happened, compact (see :meth:`_expand`): expanded into :attr:`events` on demand
        self._raw: list[tuple] = []
        self._events: list[dict[str, Any]] = []
        self._raw_done = 0
        #: whether the last decision was the active player's action 2 (undo may take it back)
        self._a2_last = False

    def _work(self, m: np.ndarray) -> None:
        """Take ``m`` as the game's kernel memory (see kernels.contract_memory, the game's own:
        never shared), and views of it."""
        self._m = m
        self._views()

    def _views(self) -> None:
        """The views of the kernel memory ``_m``: state, work rows, events (sheets on use)."""
        n = self._n
        m = self._m
        size = K.H + n * K.PB
        self._s = m[:size]
        wk = size + (n + 1) * K.OPTS_SIZE
        self._wk = m[size:wk].reshape(n + 1, K.OPTS_SIZE)
        self._ev = m[wk:].reshape(K.EVN, 5)
        self._sheets: list[Sheet] | None = None

    @property
    def sheets_state(self) -> list[Sheet]:
        """Each player's sheet: views of the game's state (made on first use)."""
        sheets = self._sheets
        if sheets is None:
            m = self._m
            sheets = self._sheets = [Sheet.view(m, K.H + p * K.PB) for p in range(self._n)]
        return sheets

    # pickle / deepcopy (e.g. OpenSpiel's serialisation): the memory once, its views rebuilt
    # (a pickled numpy view would come back as a separate copy)
    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        for k in ("_s", "_wk", "_ev", "_sheets"):
            d.pop(k, None)
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        self._views()

    @property
    def ply(self) -> int:
        """The decisions made so far (every player's choices, passes included; not the rolls)."""
        return sum(1 for h in self.history if h[0] == "choose")

    # -- state kept in the kernels' array ------------------------------------------------
    @property
    def phase(self) -> str:
        """``"roll"``, ``"action1"``, ``"action2"`` or ``"over"``."""
        return self._phase

    @phase.setter
    def phase(self, value: str) -> None:
        self._phase = value
        self._s[K.PHASE] = _PHASES.index(value)

    @property
    def active(self) -> int:
        """The active player (who rolls and alone has action 2)."""
        return self._active

    @active.setter
    def active(self, p: int) -> None:
        self._active = p
        self._s[K.ACTIVE] = p

    @property
    def closed(self) -> int:
        """Bit mask of the closed rows."""
        return int(self._s[K.CLOSED])

    @closed.setter
    def closed(self, mask: int) -> None:
        self._s[K.CLOSED] = mask

    # -- the contract ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._n

    @property
    def to_act(self) -> list[int]:
        """Players who must decide now: in action 1 everyone who has not decided yet."""
        if self._phase == ACTION1:
            pending = self._pending
            return [p for p in range(self._n) if p not in pending]
        if self._phase == ACTION2:
            return [self._active]
        return []

    @property
    def needs_roll(self) -> bool:
        return self._phase == ROLL

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    def roll(self, dice: Sequence[int] | None = None) -> list[int]:
        """Roll the dice still in play, or take the given ones; returns the six values
        (``None`` for a removed die). ``dice``: ``[w1, w2, r, y, g, b]`` (a removed die as
        ``None`` or 0), or only the dice still in play, in that order.

        >>> g = QwixxGame(seed=3)
        >>> g.roll([7, 1, 1, 1, 1, 1])
        Traceback (most recent call last):
        ...
        qwixo.core.IllegalMove: Bad dice [7, 1, 1, 1, 1, 1]: give 6 values from 1 to 6 (white, white, red, yellow, green, blue).
        """
        if self._phase != ROLL:
            raise IllegalMove("game_over" if self._phase == OVER else "no_roll_needed")
        m = self._m
        closed = m.item(_CLOSED)
        if dice is None:
            if self._rng_shared:
                self._rng = _clone(self._rng)
                self._rng_shared = False
            rnd = self._rng.random
            f = self.rules.faces
            if closed:
                values: list[int | None] = [None] * 6
                for j in dice_in_play(closed):
                    values[j] = int(rnd() * f) + 1
            else:
                values = [int(rnd() * f) + 1, int(rnd() * f) + 1, int(rnd() * f) + 1,
                          int(rnd() * f) + 1, int(rnd() * f) + 1, int(rnd() * f) + 1]
        else:
            values = self._check_dice(dice)
        self._dice = values
        if closed:
            _begin_action1(m, self.rules.T, values[0], values[1], values[2] or 0,
                           values[3] or 0, values[4] or 0, values[5] or 0)
        else:
            _begin_action1(m, self.rules.T, *values)
        self._phase = ACTION1
        self._pending = {}
        self._choice5 = [-1, -1, -1, -1, -1]
        self._a2_last = False
        self._ready = self._opts = {}
        kept = values[:]
        self.history.append(("roll", kept))
        self._raw.append(("roll", self._active, kept))
        return list(values)

    def options(self, player: int) -> list[str]:
        """Every legal decision of ``player`` now (``[]`` when it is not theirs to make)."""
        cached = self._opts.get(player) if player.__class__ is int else None
        if cached is None:
            if player.__class__ is not int or not 0 <= player < self._n:
                self.check_player(player)  # raises unknown_player
            cached = self._compute_options(player)
        return cached[0][:]

    def choose(self, player: int, decision: Any) -> None:
        """Apply one decision (an option text); raises :class:`IllegalMove` and changes nothing
        when it is not legal."""
        cached = self._opts.get(player) if player.__class__ is int else None
        code = (cached[3].get(decision) if cached is not None and decision.__class__ is str
                else None)
        if code is not None:
            p, text = player, decision  # the fast path: an offered option, as text
        else:  # the slow path: validate everything, explain a refusal
            p = self.check_player(player)
            text = self.decision_text(decision)
            if self.phase != ACTION1 and self.phase != ACTION2:
                raise IllegalMove("game_over" if self.phase == OVER else "roll_needed")
            cached = self._options(p)
            if text not in cached[3]:
                self._refuse(p, text)
            code = cached[3][text]
        self.history.append(("choose", p, text))
        self._a2_last = False
        if self._phase == ACTION1:
            self._pending[p] = self._choice5[p] = code
            del self._opts[p]
            if len(self._pending) == self._n:
                self._resolve_action1()
        else:
            self._action2(code)

    def scores(self) -> list[int]:
        """Points per player so far; Bonus B end rewards count once the game is over."""
        final = self._phase == OVER
        m, T = self._m, self.rules.T
        return [int(_score(m, K.H + p * K.PB, T, final)) for p in range(self._n)]

    def copy(self) -> QwixxGame:
        g = type(self).__new__(type(self))  # (a subclass copies as itself)
        g.__dict__.update(self.__dict__)
        g._rng_shared = self._rng_shared = True  # cloned by whichever rolls first
        g._work(self._m.copy())
        g._dice = self._dice[:]
        g._pending = dict(self._pending)
        g._choice5 = self._choice5[:]
        g.log = list(self.log)
        g.history = list(self.history)
        g._raw = list(self._raw)
        g._events = list(self._events)
        g._opts = dict(self._opts)
        return g

    def undo(self) -> None:
        """Take back the last decision of the current turn (never the roll): in action 1 a
        hidden decision, or the active player's action 2 (the game is then replayed from its
        history; the dice stay as rolled). Once action 1 has taken effect, everyone's choices
        are known: undo never goes back into it (``undo_revealed``), except in a solo game,
        where nothing was hidden."""
        if not self.history or self.history[-1][0] != "choose":
            raise IllegalMove("nothing_to_undo")
        if self.phase != ACTION1 and not self._a2_last and self._n > 1:
            raise IllegalMove("undo_revealed")
        if self.phase == ACTION1:
            p = self.history.pop()[1]
            del self._pending[p]
            self._choice5[p] = -1
            self._opts.pop(p, None)
            return
        data = self.to_dict()
        data["history"] = data["history"][:-1]
        self.__dict__.update(type(self).from_dict(data).__dict__)

    # -- table etiquette ---------------------------------------------------------------
    @property
    def resigned(self) -> list[int]:
        return list(self._resigned)

    def resign(self, player: int) -> None:
        """``player`` gives up (ours: the rulebook has none): the game ends at once, as when
        a fifth penalty or a second locked row ends it, with the resigner last whatever their
        points (:meth:`places`); the others are ranked by their points at that moment (their
        hidden action-1 decisions of the turn, if any, are not played). The others who want
        to play on hand the seat to a bot instead (the web server's ``hand_to_bot``).

        >>> g = QwixxGame(players=3, seed=2)
        >>> _ = g.roll([1, 1, 6, 6, 1, 1]); g.choose(0, "r2"); g.resign(2)
        >>> g.is_over, g.end_reason, g.winners(), g.places(), g.resigned
        (True, 'resign', [0, 1], [1, 1, 2], [2])
        >>> g.events[-2:]
        [{'type': 'resign', 'player': 2}, {'type': 'game_over', 'reason': 'resign', \
'scores': [0, 0, 0], 'winners': [0, 1]}]
        """
        p = self.check_player(player)
        if self._phase == OVER:
            raise IllegalMove("game_over")
        self.history.append(("resign", p))
        self._resigned = [p]
        self._pending = {}
        self._choice5 = [-1, -1, -1, -1, -1]
        self._a2_last = False
        self._raw.append(("resign", p))
        self._end("resign")

    def __repr__(self) -> str:
        return (f"QwixxGame(edition={self.edition.name!r}, players={self._n}, "
                f"phase={self.phase!r}, turn={self.turn}, scores={self.scores()})")

    # -- internals -----------------------------------------------------------------------
    def _options(self, p: int) -> tuple[list[str], dict | None, list[int]]:
        cached = self._opts.get(p)
        if cached is not None:
            return cached
        return self._compute_options(p)

    def _compute_options(self, p: int) -> tuple:
        """The options of everyone who decides now, in one kernel call, all read at once
        (cached in ``_opts`` until the state changes)."""
        phase = self._phase
        if phase == ACTION1:
            pending = self._pending
            if p in pending:
                return _NO_OPTIONS
            if self._ready is not self._opts:
                K.turn_options(self._m, self.rules.T)
                self._ready = self._opts
            opts, wk, of = self._opts, self._wk, self.rules.options_of
            keys = wk[:, K.OPTS_SIZE - 2].tolist()
            for q in range(self._n):
                if q not in pending and q not in opts:
                    opts[q] = of(wk, q, keys[q])
            return opts[p]
        if phase != ACTION2 or p != self._active:
            return _NO_OPTIONS
        if self._ready is not self._opts:
            K.turn_options(self._m, self.rules.T)
            self._ready = self._opts
        res = self._opts[p] = self.rules.options_of(self._wk, p)
        return res

    def _resolve_action1(self) -> None:
        m = self._m
        start = m.item(_CLOSED)
        pending = self._pending
        reason, en, closed = _step_action1(m, self.rules.T, *self._choice5)
        done = None  # no events: who crossed is read from ``pending`` when expanded
        if en:
            done = []
            rows = self._ev[:en].tolist()
            for p in range(self._n):
                if pending[p] >= 0:
                    events = events_of(rows, en, p)
                    done.append((p, events))
                    for ev in events:
                        self._event(1, p, ev)
        self._raw.append(("a1", pending, done))
        self._opts = {}
        if closed != start:
            self._removed(start, closed)
        if reason != K.END_NONE:
            self._end("locks")
        else:
            self._phase = ACTION2
            self._ready = self._opts

    def _action2(self, code: int) -> None:
        p = self._active
        self._opts = {}
        self._a2_last = True
        reason, en, start, closed, active, crossed_before = _step_action2(self._m, self.rules.T,
                                                                          code)
        if code >= 0:
            events = events_of(self._ev, en) if en else []
            self._raw.append(("a2", p, code, events))
            for ev in events:
                self._event(2, p, ev)
            if closed != start:
                self._removed(start, closed)
        elif crossed_before:
            self._raw.append(("a2", p, code, None))
        else:
            count = self._m.item(K.H + p * K.PB + K.PEN)
            self._raw.append(("penalty", p, count))
            self.log.append({"turn": self.turn, "action": 2, "player": p, "event": "penalty",
                             "count": count})
        if reason != K.END_NONE:
            self._end("penalties" if reason == K.END_PENALTIES else "locks")
            return
        self._active = active
        self.turn += 1
        self._phase = ROLL

    def _removed(self, before: int, after: int) -> None:
        self._raw.append(("removed", before, after))
        for c in dice_removed(before, after):
            self._dice[2 + c] = None
            self.log.append({"turn": self.turn, "action": 0, "player": None,
                             "event": "die_removed", "row": COLOURS[c]})

    def _end(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        self._opts = {}
        scores = self.scores()
        self.log.append({"turn": self.turn, "action": 0, "player": None, "event": "end",
                         "reason": reason, "scores": scores})
        self._raw.append(("end", reason, scores, self.winners()))

    def _check_dice(self, dice: Any) -> list[int | None]:
        f = self.rules.faces
        closed = self.closed
        in_play = dice_in_play(closed)

        def bad() -> IllegalMove:  # built only when raised (a translated, formatted text)
            return IllegalMove("bad_dice", dice=_show(dice), faces=f,
                               names=" ".join(DICE[j] for j in in_play), count=len(in_play))
        try:
            vals = list(dice)
        except TypeError:
            raise bad() from None
        if len(vals) == len(in_play) and len(vals) != 6:
            full: list = [None] * 6
            for j, v in zip(in_play, vals, strict=True):
                full[j] = v
            vals = full
        if len(vals) != 6:
            raise bad()
        out: list[int | None] = []
        for k, v in enumerate(vals):
            if k not in in_play:
                if v is None or v == 0:
                    out.append(None)
                    continue
                raise IllegalMove("die_removed", die=COLOURS[k - 2], dice=_show(dice))
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= f:
                raise bad()
            out.append(v)
        return out

    def _refuse(self, p: int, text: str) -> None:
        """Raise the most helpful :class:`IllegalMove` for an option that is not legal."""
        if p not in self.to_act:
            if self.phase == ACTION1:
                raise IllegalMove("already_decided", player=p)
            raise IllegalMove("not_your_turn", player=p)
        rules = self.rules
        sh = self.sheets_state[p]
        opts = self._options(p)[0]
        base, _, tie = text.partition("+")
        if base.startswith("L:"):
            if not rules.lucky:
                raise IllegalMove("no_lucky_here")
            if self.phase != ACTION1:
                raise IllegalMove("lucky_action1")
            if self.white_sum not in sh.lucky:
                raise IllegalMove("not_lucky", total=self.white_sum,
                                  lucky=" ".join(map(str, sh.lucky)))
            raise IllegalMove("lucky_row", row=base[2:],
                              rows=" ".join(COLOURS[r] for r in rules.fewest_rows(sh)))
        cell = rules.cell_of.get(base)
        if cell is None:
            if base[:1] in COLOURS and base[1:].isdigit():
                raise IllegalMove("no_such_cell", cell=base)
            raise IllegalMove("bad_option", text=text, options=" ".join(opts))
        r, i = cell
        if (self.closed >> r) & 1:
            raise IllegalMove("row_closed", row=COLOURS[r])
        if i <= sh.last[r]:
            raise IllegalMove("left_of_last", cell=base,
                              last=f"{COLOURS[r]}{rules.numbers[r][sh.last[r]]}")
        if i >= rules.lock_from[r] and sh.count[r] < rules.need:
            raise IllegalMove("lock_needs", cell=base, need=rules.need, have=int(sh.count[r]))
        n = rules.numbers[r][i]
        if self.phase == ACTION1:
            if n != self.white_sum:
                raise IllegalMove("not_white_sum", cell=base, total=self.white_sum)
        elif not any(text2.partition("+")[0] == base for text2 in opts):
            raise IllegalMove("not_dice_sum", cell=base,
                              colour=rules.edition.rows[r].cells[i][1])
        if any(o.startswith(base + "+") for o in opts):
            raise IllegalMove("tie_choice", text=base,
                              choices=" ".join(o for o in opts if o.startswith(base + "+")))
        if tie:
            raise IllegalMove("no_tie_here", text=text, cell=base)
        raise IllegalMove("bad_option", text=text, options=" ".join(opts))


_PHASES = PHASES
_CLOSED = K.CLOSED
_score = K.score


@cache
def _fresh_memory(edition_name: str, players: int) -> np.ndarray:
    """A new game's kernel memory (empty sheets, player 0 to roll): copied, never changed."""
    m = np.zeros(K.contract_memory(players), np.int64)
    s = K.new_state(Rules.of(edition_name).T, players)
    m[:s.size] = s
    m.flags.writeable = False
    return m
_begin_action1, _step_action1, _step_action2 = K.begin_action1, K.step_action1, K.step_action2
#: the options of a player who has nothing to decide now (read only: never changed)
_NO_OPTIONS: tuple = ([], None, [], {})


def _clone(rng: random.Random) -> random.Random:
    out = random.Random.__new__(random.Random)
    out.setstate(rng.getstate())
    return out


def _show(dice: Any) -> str:
    try:
        return "[" + ", ".join(str(v) for v in dice) + "]"
    except TypeError:
        return repr(dice)


def _edition_setting(name: Any) -> Edition:
    try:
        return edition(name)
    except IllegalMove:
        raise
    except Exception:  # noqa: BLE001 - any odd value is a bad setting
        raise IllegalMove("unknown_edition", name=name, choices="") from None


def _lucky_setting(ed: Edition, players: int, lucky: Any) -> list[tuple[int, int]]:
    if lucky is None:
        return []
    if not ed.lucky:
        raise IllegalMove("bad_setting", name="lucky", value=lucky,
                          why="why_no_lucky")
    try:
        pairs = [tuple(x) for x in lucky]
    except TypeError:
        pairs = []
    ok = len(pairs) == players and all(
        len(x) == 2 and all(not isinstance(v, bool) and isinstance(v, int) and v in ed.sums
                            for v in x) and x[0] != x[1] for x in pairs)
    if not ok:
        raise IllegalMove("bad_setting", name="lucky", value=lucky,
                          why="why_lucky_pairs", lo=ed.sums[0], hi=ed.sums[-1])
    return [(int(a), int(b)) for a, b in pairs]


__all__ = ["QwixxGame", "ACTION1", "ACTION2", "ROLL", "OVER", "CELL", "LUCKY", "PASS",
           "PASS_ACTION", "NeedChoice"]
