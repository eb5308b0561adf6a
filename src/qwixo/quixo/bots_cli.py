"""``qwixo quixo hint``: the value of a position and its best moves, and :func:`hint_text` for
terminal play.

From a database where one covers the position (3×3, 4×4, 5×5 without blanks: exact values,
win/loss in N plies), from the alpha-beta search otherwise (every move scored at the same depth;
proven wins and losses are exact, other scores are heuristic).

Cheap to import: the search kernels load inside the handlers.

>>> import qwixo
>>> text = hint_text(qwixo.new_game("quixo", position="xx./oo./... x"), "en")
>>> for line in text.splitlines()[:4]:
...     print(line)
Value for X: win in 1 ply (database).
Best moves:
  c1c3    win in 1 ply
  c2c3    win in 1 ply
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from qwixo.core import IllegalMove
from qwixo.i18n import number, t

DEFAULT_SECONDS = 1.0
SHOW = 8  # moves listed


def register_quixo(sub) -> None:
    p = sub.add_parser("hint", help=t("clih_qhint"))
    p.add_argument("position", nargs="*", help=t("clih_qhint_position"))
    p.add_argument("--size", type=int, default=None, help=t("clih_qhint_size"))
    p.add_argument("--players", type=int, choices=(2, 4), default=None,
                   help=t("clih_qhint_players"))
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help=t("clih_qhint_seconds", seconds=DEFAULT_SECONDS))
    p.add_argument("--top", type=int, default=SHOW, help=t("clih_qhint_top", top=SHOW))
    p.add_argument("--json", action="store_true", help=t("clih_qhint_json"))
    p.set_defaults(func=cmd_hint)


@dataclass
class Hint:
    """A hint: the value for the side to move and the moves, best first.

    ``moves``: ``(move, value, plies, score)`` with value ``"win"``/``"loss"``/``"draw"`` when
    known exactly, else None (then ``score`` is the heuristic score for the mover).
    """

    side: str
    source: str                    # "database", "search" or "none" (game over / pass)
    value: str | None
    plies: int | None
    score: int | None
    depth: int | None
    seconds: float
    moves: list[tuple[str, str | None, int | None, int | None]]

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "source": self.source, "value": self.value,
                "plies": self.plies, "score": self.score, "depth": self.depth,
                "seconds": round(self.seconds, 3),
                "moves": [{"move": m, "value": v, "plies": p, "score": s}
                          for m, v, p, s in self.moves]}


def _side(game) -> str:
    from qwixo.quixo.notation import SEATS, SIDES

    p = game.to_act[0] if game.to_act else getattr(game, "turn", 0)
    return SIDES[p] if game.num_players == 2 else SEATS[p]


def hint(game, seconds: float | None = None) -> Hint:
    """The :class:`Hint` for the player to move of a Quixo game (the game is not changed).

    >>> from qwixo.quixo.game import QuixoGame
    >>> h = hint(QuixoGame(size=3))
    >>> h.source, h.value, h.plies, len(h.moves)
    ('database', 'win', 7, 20)
    """
    from qwixo.quixo.bots import QuixoState, exact_search
    from qwixo.quixo.perfect import best_moves
    from qwixo.quixo.search import INF, score_outcome

    t0 = time.perf_counter()
    side = _side(game)
    if game.is_over or not game.to_act:
        return Hint(side, "none", None, None, None, None, 0.0, [])
    player = game.to_act[0]
    options = game.options(player)
    if options == ["pass"]:
        return Hint(side, "none", None, None, None, None, 0.0, [("pass", None, None, None)])
    state = QuixoState(game, player)
    ranked = best_moves(state)
    if ranked:
        _, value, plies = ranked[0]
        return Hint(side, "database", value, plies, None, None, time.perf_counter() - t0,
                    [(m, v, p, None) for m, v, p in ranked])
    # search: every move scored at the same depth, deeper while the time lasts
    budget = DEFAULT_SECONDS if seconds is None else float(seconds)
    with exact_search(state) as (s, hist):  # the searcher is shared with the bots
        scores: dict[int, int] | None = None
        depth = 0
        last = 0.0
        for d in range(1, 64):
            now = time.perf_counter()
            left = budget - (now - t0)
            if scores is not None and (left <= 0 or left < 1.5 * last):
                break
            deadline = None if scores is None else t0 + budget
            res = s.root_scores(*state.boards, depth=d, history=hist, deadline=deadline)
            last = time.perf_counter() - now
            if res is None:
                break
            scores, depth = res, d
            if all(score_outcome(v) is not None for v in res.values()) or any(
                    v > 0 and score_outcome(v) is not None for v in res.values()):
                break  # every move proven, or a proven win
    assert scores is not None
    moves = []
    for m, v in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])):
        out = score_outcome(v) if v > -INF else None
        if out is None:
            moves.append((s.move_text(m, state.turn), None, None, v))
        else:
            moves.append((s.move_text(m, state.turn), out[0], out[1], v))
    best = moves[0]
    return Hint(side, "search", best[1], best[2], best[3], depth, time.perf_counter() - t0,
                moves)


def _value_text(value: str | None, plies: int | None, score: int | None, lang: str | None
                ) -> str:
    if value == "draw":
        return t("draw", lang)
    if value in ("win", "loss"):
        return t("quixo_bots_in_plies", lang, value=t(value, lang), plies=plies)
    return t("quixo_bots_score", lang, score=f"{score:+d}" if score is not None else "?")


def format_hint(h: Hint, lang: str | None = None, top: int = SHOW) -> str:
    """The text of a hint in ``lang``."""
    from qwixo.quixo.notation import shown_move

    if h.source == "none":
        if h.moves:
            return t("quixo_bots_only_pass", lang)
        return t("quixo_bots_game_over", lang)
    value = _value_text(h.value, h.plies, h.score, lang)
    # the side as the board shows it: X or O, a seat of 4 players by its word ("Kuzey")
    shown = (t(f"quixo_seat_{h.side}", lang) if h.side in ("N", "E", "S", "W")
             else h.side.upper())
    if h.source == "database":
        lines = [t("quixo_bots_value_db", lang, side=shown, value=value)]
    else:
        lines = [t("quixo_bots_value_search", lang, side=shown, value=value, depth=h.depth,
                   seconds=number(h.seconds, lang, 1))]
    lines.append(t("quixo_bots_best_moves", lang))
    for m, v, p, s in h.moves[:max(1, top)]:
        # a 4-player move's dot by the seat's mark the board shows ("b1b5:Gü" in Turkish),
        # as the terminal takes it typed
        shown = shown_move(m, lang)
        lines.append(f"  {shown:<8} {_value_text(v, p, s, lang)}" if len(shown) >= 8
                     else f"  {shown:<8}{_value_text(v, p, s, lang)}")
    if len(h.moves) > top:
        lines.append("  " + t("quixo_bots_more_moves", lang, count=len(h.moves) - top))
    return "\n".join(lines)


def hint_text(game, lang: str | None = None, seconds: float | None = None) -> str:
    """The hint for the player to move, as text (what terminal play shows on ``hint``)."""
    return format_hint(hint(game, seconds), lang)


def hint_answer(game, player: int, lang: str | None = None,
                seconds: float | None = None) -> dict[str, list]:
    """The hint as lines and ranked moves (the game's ``info.hint``: :func:`qwixo.bots.hint`
    calls it; ``player`` is the player to move): ``moves`` as :func:`qwixo.bots.hint` says,
    each move's ``outcome`` and ``plies`` when proven (a search's score is no final score:
    it is in the lines only).

    >>> from qwixo.quixo.game import QuixoGame
    >>> hint_answer(QuixoGame(size=3), 0)["moves"][0]["outcome"]
    'win'
    """
    h = hint(game, seconds)
    lines = [line for line in format_hint(h, lang).splitlines() if line.strip()]
    moves = [{"move": m, "outcome": v, "plies": p, "chance": None, "score": None}
             for m, v, p, _ in h.moves] if h.source != "none" else []
    return {"lines": lines, "moves": moves}


def cmd_hint(args) -> int:
    import json
    import os

    from qwixo.quixo.game import QuixoGame

    lang = getattr(args, "lang", None) or os.environ.get("QWIXO_LANG") or None
    text = " ".join(args.position).strip()
    if args.seconds is not None and not args.seconds > 0:
        raise IllegalMove("bad_setting", name="seconds", value=args.seconds,
                          why=t("cli_why_positive_seconds", lang))
    if text:
        game = QuixoGame(position=text, size=args.size, players=args.players)
    else:
        game = QuixoGame(size=args.size, players=args.players)
    h = hint(game, args.seconds)
    if args.json:
        print(json.dumps(h.to_dict()))
    else:
        print(format_hint(h, lang, args.top))
    return 0
