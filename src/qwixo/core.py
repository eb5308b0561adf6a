"""The game contract shared by every game in qwixo (see ``docs/api.md``).

A :class:`Game` is a pure rules object: no I/O, no front end. Every front end (CLI, web app,
bots, tournaments) drives it through the same small surface:

``to_act``, ``needs_roll``, ``roll``, ``options``, ``choose``, ``is_over``, ``scores``,
``copy``, ``to_json`` (and ``undo``, ``history``, ``num_players``), and for front ends
``phase``, ``winners()``, ``decided``, ``pending(p)`` and the per-player :meth:`Game.view`.

Illegal input raises :class:`IllegalMove` and leaves the game unchanged.
"""

from __future__ import annotations

import functools
import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from qwixo.errors import IllegalMove

try:  # the web extra brings orjson: a snapshot (a Qwixx one holds the dice generator's 625
    # words) is written at every move of a served game, in a seventh of json's time
    import orjson

    def compact_json(data: Any) -> str:
        """Compact JSON: the text of ``json.dumps(data, separators=(",", ":"))`` for ASCII
        data (orjson writes other characters as UTF-8, not escaped); what orjson cannot write
        (an integer beyond 64 bits, as a huge seed; keys that are not strings) goes to
        ``json``. Saves (:meth:`Game.to_json`) and the server's stored moves use it."""
        try:
            return orjson.dumps(data).decode()
        except TypeError:
            return json.dumps(data, separators=(",", ":"), sort_keys=False)
except ImportError:  # pragma: no cover - the core install: the standard library
    def compact_json(data: Any) -> str:
        return json.dumps(data, separators=(",", ":"), sort_keys=False)

SAVE_FORMAT = 1


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, in one value (python-chess's ``Board.outcome()``): what the
    tournament, the ratings, the server, the research adapters and the analysis read.

    ``termination``: the game's ``end_reason`` (``"end"`` when the game gives none);
    ``scores``; ``places`` (1 first, :meth:`Game.places`); ``winners`` (``()`` after a draw);
    ``resigned``: who gave up; ``plies``: the decisions played (None: the game does not count
    them).

    >>> import qwixo
    >>> g = qwixo.new_game("quixo"); g.resign(0); o = g.outcome()
    >>> o.termination, o.winners, o.places, o.draw
    ('resign', (1,), (2, 1), False)
    """

    termination: str
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    resigned: tuple[int, ...] = ()
    plies: int | None = None

    @property
    def draw(self) -> bool:
        """No one won."""
        return not self.winners

    def to_dict(self) -> dict[str, Any]:
        return {"termination": self.termination, "scores": list(self.scores),
                "places": list(self.places), "winners": list(self.winners),
                "resigned": list(self.resigned), "plies": self.plies}


class Game(ABC):
    """Base of every game. Subclasses implement the abstract members."""

    #: the registry name: ``"quixo"`` or ``"qwixx"``
    name: ClassVar[str]

    #: where the game stands: Quixo ``"move"`` or ``"over"``; Qwixx ``"roll"``, ``"action1"``,
    #: ``"action2"`` or ``"over"`` (an attribute or a property of each game)
    phase: str

    #: why the game ended (None while it goes on): each game's own words (Quixo ``"line"``,
    #: ``"ply_limit"``...; Qwixx ``"locks"``, ``"penalties"``); ``"resign"`` and
    #: ``"agreed_draw"`` for the ends of table etiquette. An attribute or a property.
    end_reason: str | None = None

    @property
    def ply(self) -> int | None:
        """The decisions made so far (None: the game does not count them; a game whose
        research codec has ``max_plies`` must)."""
        return None

    def outcome(self) -> Outcome | None:
        """The end of the game as one value (:class:`Outcome`), None while it goes on. Built
        from :attr:`end_reason`, :meth:`scores`, :meth:`places`, :meth:`winners`,
        :attr:`resigned` and :attr:`ply`; a game overrides those, not this."""
        if not self.is_over:
            return None
        return Outcome(termination=self.end_reason or "end", scores=tuple(self.scores()),
                       places=tuple(self.places()), winners=tuple(self.winners()),
                       resigned=tuple(self.resigned), plies=self.ply)

    # -- the contract -------------------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def to_act(self) -> list[int]:
        """The players who must decide now ([] when the game is over or a roll is due)."""

    @property
    def needs_roll(self) -> bool:
        """True when dice must be rolled before anyone can act (never for Quixo)."""
        return False

    def roll(self, dice: Sequence[int] | None = None) -> list[int]:
        """Roll the dice (or take the given ones). Games without dice refuse."""
        raise IllegalMove("no_roll_needed")

    @abstractmethod
    def options(self, player: int) -> list[str]:
        """Every legal decision of ``player`` now, as canonical texts (no duplicates)."""

    @abstractmethod
    def choose(self, player: int, decision: Any) -> None:
        """Apply one decision (its text, or an option object whose str() is the text)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def copy(self) -> Game: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``game`` and ``format`` keys are added by :meth:`to_json`."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Inverse of :meth:`to_dict`; raises :class:`IllegalMove` (``bad_save``) on bad data."""

    def seat_save(self, player: int | None = None) -> dict[str, Any]:
        """A save (:meth:`to_dict`) without what no seat may know — in a dice game, the dice
        generator's seed and state, from which the coming rolls could be read — that
        :meth:`from_dict` still loads (the loaded game rolls with a generator of its own).
        What an engine receives with each position (``docs/engine-protocol.md``); call it on
        a fair copy (:func:`qwixo.bots.fair_copy`), so that no other seat's hidden decision
        is in it. By default the whole save (a game with nothing hidden in it)."""
        return self.to_dict()

    def resumed(self, data: dict[str, Any]) -> Game | None:
        """A new game equal to ``from_dict(data)``, made from a copy of this one by playing
        only the decisions ``data`` has beyond it — or None when ``data`` does not continue
        this game (other settings, another history, an undo): then load it whole. For games
        whose load replays a long history (Qwixx); the default is None (always load whole).
        :func:`load_game` ``base=`` uses it."""
        return None

    @abstractmethod
    def undo(self) -> None:
        """Take back the last decision (never a roll of the dice)."""

    # -- what front ends show -------------------------------------------------------------
    def winners(self) -> list[int]:
        """The players who won (several on a tie or a team win; ``[]`` while the game goes on
        or after a draw). A method in every game (Quixo's is also readable as an attribute).
        By default the players with the highest score among those who did not give up (nor
        their teams: :meth:`places` ranks them last); ``[]`` when everyone gave up."""
        if not self.is_over:
            return []
        sc = self.scores()
        out = self._gave_up()
        left = [p for p in range(self.num_players) if p not in out]
        best = max((sc[p] for p in left), default=None)
        return [p for p in left if sc[p] == best]

    def _gave_up(self) -> set[int]:
        """The players who resigned and their teammates."""
        gave_up = set(self.resigned)
        return {p for team in self.teams() if gave_up & set(team) for p in team}

    def places(self) -> list[int]:
        """Each player's place in the finished game, 1 for the first (dense: equal scores
        share a place, the next score takes the next place; a team shares its place): by
        :meth:`scores`, highest first, with the players who resigned (:attr:`resigned`; with
        teams, their teams) behind everyone else. ``[]`` while the game goes on. What
        results, podiums and ratings rank by.

        >>> import qwixo
        >>> g = qwixo.new_game("quixo", players=4)
        >>> g.resign(1); g.places(), g.winners(), g.end_reason
        ([1, 2, 1, 2], [0, 2], 'resign')
        """
        if not self.is_over:
            return []
        sc = self.scores()
        out = self._gave_up()
        key = [(p in out, -sc[p]) for p in range(self.num_players)]
        return [1 + len({k for k in key if k < key[p]}) for p in range(self.num_players)]

    # -- table etiquette: resigning, a draw by agreement ------------------------------------
    #: whether the players may end the game as a draw by agreement (:meth:`agree_draw`)
    draws_by_agreement: ClassVar[bool] = False

    #: settings a game with a bot seated takes unless its creator gives them (even as None):
    #: an end rule against endless games where the rulebook has none (Quixo: ours)
    bot_settings: ClassVar[dict[str, Any]] = {}

    @property
    def resigned(self) -> list[int]:
        """The players who resigned (:meth:`resign`), ``[]`` in a game no one gave up."""
        return []

    def resign(self, player: int) -> None:
        """``player`` gives up, at any moment of the game (also when it is not their turn):
        the game ends at once with ``end_reason`` ``"resign"``; each game says what that
        means for the others (:meth:`places`: the resigner is last; with teams, the team
        loses). Raises :class:`IllegalMove` (``game_over``, ``unknown_player``, or
        ``cannot_resign`` in a game that has no resigning) and changes nothing then."""
        self.check_player(player)
        raise IllegalMove("game_over" if self.is_over else "cannot_resign")

    def agree_draw(self) -> None:
        """End the game as a draw agreed by every player (``end_reason`` ``"agreed_draw"``):
        for games whose :attr:`draws_by_agreement` is true; others raise ``no_draw_offer``."""
        raise IllegalMove("game_over" if self.is_over else "no_draw_offer")

    def teams(self) -> list[list[int]]:
        """The teams: players who win or lose together (4-player Quixo: N + S and E + W).
        Each player alone by default."""
        return [[p] for p in range(self.num_players)]

    @property
    def decided(self) -> list[int]:
        """Players whose decision is made but hidden from the others until everyone has
        decided (Qwixx action 1); ``[]`` in games without simultaneous decisions."""
        return []

    def pending(self, player: int) -> str | None:
        """``player``'s own decision while it is still hidden from the others, else None."""
        return None

    @abstractmethod
    def view(self, player: int | None = None, since: int = 0) -> dict[str, Any]:
        """Everything ``player`` may see now (``None``: a spectator), as a JSON-ready dict.

        Keys in every game (``docs/api.md`` describes each game's ``options``, ``board`` and
        ``events`` in full):

        - ``game``, ``players``, ``phase``, ``to_act``, ``needs_roll``, ``roller`` (who must
          roll now, or None), ``is_over``, ``scores``, ``winners``, ``end_reason``;
        - ``decided`` (players whose hidden decision is in) and ``pending`` (``player``'s own
          hidden decision, or None); another player's hidden decision never appears;
        - ``options``: ``player``'s options now (``[]`` for a spectator or when it is not
          theirs to decide), each a dict with its ``text`` and what it does;
        - ``events``: what happened, as data, from event number ``since`` on (numbered from 0;
          only what is revealed to everyone); ``event_count``: the number of events so far
          (the ``since`` of the next call; an undo can make it smaller);
        - ``board``: the game's own picture (Quixo: the cubes; Qwixx: the sheets and dice).
        """

    def _view(self, player: int | None, since: int, *, roller: int | None,
              options: list[dict[str, Any]], events: list[dict[str, Any]],
              end_reason: str | None, board: dict[str, Any],
              event_count: int | None = None) -> dict[str, Any]:
        """The keys every game's :meth:`view` shares (the games fill in their own parts).
        ``events``: all of them, or (with ``event_count``) those from ``since`` on."""
        check_since(since)
        over = self.is_over
        return {
            "game": self.name,
            "players": self.num_players,
            "phase": self.phase,
            "to_act": list(self.to_act),
            "needs_roll": bool(self.needs_roll) and not over,
            "roller": roller,
            "is_over": over,
            "scores": list(self.scores()),
            "winners": list(self.winners()) if over else [],
            "end_reason": end_reason,
            "decided": list(self.decided),
            "pending": None if player is None else self.pending(player),
            "options": options,
            "events": events[since:] if event_count is None else events,
            "event_count": len(events) if event_count is None else event_count,
            "board": board,
        }

    # -- what the layers above know of the game ----------------------------------------------
    @property
    def info(self) -> Any:
        """The game's :class:`qwixo.gameinfo.GameInfo` (:func:`game_info`)."""
        return game_info(self.name)

    def settings(self) -> dict[str, Any]:
        """The settings this game was made with, by the names of its settings schema
        (``players`` included), read from :meth:`to_dict`: what its rating class and a
        rematch are made of.

        >>> import qwixo
        >>> qwixo.new_game("quixo", size=4).settings()
        {'size': 4, 'ply_limit': None, 'repetition': None, 'players': 2}
        """
        data = self.to_dict()
        out = {s.name: data[s.name] for s in self.info.settings if s.name in data}
        out["players"] = self.num_players
        return out

    # -- shared helpers -----------------------------------------------------------------
    def to_json(self) -> str:
        data = {"game": self.name, "format": SAVE_FORMAT}
        data.update(self.to_dict())
        return compact_json(data)

    def check_player(self, player: Any) -> int:
        """Validate a player number (raises ``unknown_player``)."""
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < self.num_players
        ):
            raise IllegalMove("unknown_player", player=player)
        return player

    @staticmethod
    def decision_text(decision: Any) -> str:
        """The canonical text of a decision given as text or as an option object."""
        if isinstance(decision, str):
            return decision.strip()
        if decision is None or isinstance(decision, (int, float, bool, list, dict, tuple)):
            raise IllegalMove("bad_decision", text=str(decision))
        return str(decision).strip()

    def canonical_decision(self, player: int, decision: Any) -> str:
        """The canonical text of ``decision`` (what a log should store); games whose texts
        have several spellings override this (Quixo: ``B1B5`` → ``b1b5``)."""
        return self.decision_text(decision)

    # -- words: what the terminal's analysis says (the pages' renderers say the same) -----
    def seat_words(self, seat: int, lang: str | None = None) -> str:
        """The seat as the game's board names it, in ``lang`` (``Player 2``; Quixo: its
        symbol, or its compass seat and team)."""
        from qwixo.i18n import t

        return t("seat_default_name", lang, n=seat + 1)

    def played_words(self, name: str, decision: str, value: str,
                     lang: str | None = None) -> str:
        """One whole sentence: ``name`` played ``decision``, whose value ``value`` is in
        words (an analysis's key moment). A game says its own kinds of decision (Qwixx:
        a cross, a pass; Quixo: the push)."""
        from qwixo.i18n import t

        return t("an_played_move", lang, name=name, move=str(decision), value=value)

    def better_words(self, decision: str, value: str, lang: str | None = None) -> str:
        """One whole sentence: ``decision`` (value ``value`` in words) would have been
        better."""
        from qwixo.i18n import t

        return t("an_better_move", lang, move=str(decision), value=value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game) or other.name != self.name:
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # games are mutable


class Forfeited(Game):
    """A game a player gave up above the game's own rules (:func:`forfeit`): a game that
    declares no resigning (``GameInfo.resign`` false) whose player ran out of time in a rated
    game. The game ends at once with ``end_reason`` ``"resign"``: the forfeiting player (and
    their team) last, the others ranked by their scores (:meth:`Game.places`); what it
    shows is the game's own view, over. Saved as the game's own save with
    ``"forfeited": [player]`` (:func:`load_game` restores it)."""

    def __init__(self, game: Game, player: int) -> None:
        self.game = game
        self.player = game.check_player(player)
        self.name = game.name  # type: ignore[misc]

    end_reason = "resign"  # type: ignore[assignment]
    phase = "over"

    @property
    def ply(self) -> int | None:
        return self.game.ply

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def to_act(self) -> list[int]:
        return []

    def options(self, player: int) -> list[str]:
        self.check_player(player)
        return []

    def choose(self, player: int, decision: Any) -> None:
        self.check_player(player)
        raise IllegalMove("game_over")

    def roll(self, dice: Sequence[int] | None = None) -> list[int]:
        raise IllegalMove("game_over")

    def resign(self, player: int) -> None:
        self.check_player(player)
        raise IllegalMove("game_over")

    def undo(self) -> None:
        raise IllegalMove("game_over")

    @property
    def is_over(self) -> bool:
        return True

    @property
    def resigned(self) -> list[int]:
        return [self.player]

    def scores(self) -> list[int]:
        return list(self.game.scores())

    def teams(self) -> list[list[int]]:
        return self.game.teams()

    def copy(self) -> Forfeited:
        return Forfeited(self.game.copy(), self.player)

    def to_dict(self) -> dict[str, Any]:
        return {**self.game.to_dict(), "forfeited": [self.player]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Through :func:`load_game` (the save names its game)."""
        return load_game(data)

    def settings(self) -> dict[str, Any]:
        return self.game.settings()

    def canonical_decision(self, player: int, decision: Any) -> str:
        return self.game.canonical_decision(player, decision)

    def view(self, player: int | None = None, since: int = 0) -> dict[str, Any]:
        check_since(since)
        v = self.game.view(player, since)
        count = int(v["event_count"])
        over = {"type": "game_over", "winners": self.winners(), "reason": self.end_reason,
                "resigned": [self.player]}
        v.update(phase=self.phase, to_act=[], needs_roll=False, roller=None, is_over=True,
                 scores=self.scores(), winners=self.winners(), end_reason=self.end_reason,
                 decided=[], pending=None, options=[], event_count=count + 1,
                 events=list(v["events"]) + ([over] if since <= count else []))
        return v


def forfeit(game: Game, player: int) -> Game:
    """``player`` gives up ``game`` (a copy is not made: the game given changes, or is
    wrapped): through the game's own :meth:`Game.resign` when it declares resigning
    (``GameInfo.resign``), else as a :class:`Forfeited` game. Returns the finished game.
    What a rated game's clock does when a player's time runs out (``GameInfo.timeout``
    ``"forfeit"``), for every game. Raises :class:`IllegalMove` (``game_over``,
    ``unknown_player``) and changes nothing then.

    >>> import qwixo
    >>> g = forfeit(qwixo.new_game("quixo"), 0); g.end_reason, g.winners()
    ('resign', [1])
    """
    game.check_player(player)
    if game.is_over:
        raise IllegalMove("game_over")
    if game.info.resign:
        game.resign(player)
        return game
    return Forfeited(game, player)


def fair_copy(game: Game) -> Game:
    """A copy of ``game`` for a bot, a hint or an engine: the other players' hidden decisions
    (``game.decided``, e.g. in a dice game where everyone decides on the same roll, the
    choices already made by the others) are taken back, so a bot decides on exactly what a
    person would see; ``game`` itself is unchanged (tests/server/test_server_examples.py).
    """
    copy = game.copy()
    for _ in range(game.num_players):
        if not copy.decided:
            break
        copy.undo()
    return copy


def check_since(since: Any) -> int:
    """Validate the ``since`` of :meth:`Game.view` (raises ``bad_setting``)."""
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise IllegalMove("bad_setting", name="since", value=since, why="why_event_number")
    return since


# -- registry -----------------------------------------------------------------------------
#: the entry point group games register under: ``name = "module:INFO"`` naming a
#: :class:`qwixo.gameinfo.GameInfo` (docs/api.md, "Adding a game")
GAMES_GROUP = "qwixo.games"
#: qwixo's own two games, found also when the installed metadata predates the entry points
#: (a source tree not installed again); the same lines as in ``pyproject.toml``
_BUILT_IN = {"quixo": "qwixo.quixo.info:INFO", "qwixx": "qwixo.qwixx.info:INFO"}


@functools.cache
def _registry() -> dict[str, str]:
    """Every registered game: name -> reference of its info (built-in games first)."""
    from importlib.metadata import entry_points

    found = {ep.name.lower(): ep.value for ep in entry_points(group=GAMES_GROUP)}
    out = {name: found.pop(name, ref) for name, ref in _BUILT_IN.items()}
    out.update(sorted(found.items()))
    return out


@functools.cache
def _info(name: str) -> Any:
    """The registered info of ``name``, checked against its class and with its capabilities
    resolved (:meth:`qwixo.gameinfo.GameInfo.resolved`): a declaration that does not hold is
    refused here, when the game is first looked up, with a ``ValueError`` naming it."""
    from qwixo.gameinfo import GameInfo, load

    info = load(_registry()[name])
    if not isinstance(info, GameInfo):
        raise ValueError(f"the entry point {name!r} of {GAMES_GROUP} names "
                         f"{type(info).__name__}, not a qwixo.gameinfo.GameInfo")
    if info.name != name:
        raise ValueError(f"the entry point {name!r} names the game {info.name!r}")
    return info.resolved(load(info.game))


@functools.cache
def _class(name: str) -> type[Game]:
    from qwixo.gameinfo import load

    return load(_info(name).game)


def refresh_games() -> tuple[str, ...]:
    """Look for registered games again (after a package was installed or put on the path
    in this process); returns their names. :data:`GAME_NAMES` is the list at import."""
    for cached in (_registry, _info, _class):
        cached.cache_clear()
    return game_names()


def game_names() -> tuple[str, ...]:
    """The names of every registered game (built-in first).

    >>> game_names()[:2]
    ('quixo', 'qwixx')
    """
    return tuple(_registry())


def _check_name(name: Any) -> str:
    if not isinstance(name, str) or name.lower() not in _registry():
        raise IllegalMove("unknown_game", name=name, choices=", ".join(_registry()))
    return name.lower()


def game_info(name: str) -> Any:
    """The :class:`qwixo.gameinfo.GameInfo` of a registered game (raises ``unknown_game``).

    >>> game_info("qwixx").utility
    'points'
    """
    return _info(_check_name(name))


def settings_info(name: str) -> dict[str, Any]:
    """What each setting of ``new_game(name, ...)`` accepts, for front ends that offer them
    (the short form of the game's settings schema, :meth:`qwixo.gameinfo.GameInfo.summary`).

    >>> settings_info("quixo")["size"]
    {'min': 3, 'max': 7, 'default': 5}
    """
    return game_info(name).summary()


def game_class(name: str) -> type[Game]:
    """The class of a registered game (raises ``unknown_game``)."""
    return _class(_check_name(name))


def new_game(name: str, **settings: Any) -> Game:
    """A new game: ``new_game("quixo", size=4)``, ``new_game("qwixx", edition="longo", players=3)``."""
    return game_class(name)(**settings)


def load_game(text: str | bytes | dict[str, Any], base: Game | None = None) -> Game:
    """Restore a game saved with :meth:`Game.to_json` (history, settings and random state).

    ``base`` (optional): an earlier state of the same game (e.g. the last one loaded from an
    earlier save): when the save continues it, only the missing decisions are played on a copy
    of it (:meth:`Game.resumed`), instead of the whole history; the result is the same game.
    ``base`` itself is not changed."""
    if isinstance(text, dict):
        data = text
    else:
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as e:
            raise IllegalMove("bad_save", why=f"not JSON ({e})") from None
    if not isinstance(data, dict) or "game" not in data:
        raise IllegalMove("bad_save", why="no 'game' field")
    if data.get("format", SAVE_FORMAT) != SAVE_FORMAT:
        raise IllegalMove("bad_save", why=f"unknown format {data.get('format')!r}")
    cls = game_class(data["game"])
    body = {k: v for k, v in data.items() if k not in ("game", "format", "forfeited")}
    try:
        if "forfeited" in data:  # given up above the game's rules (forfeit)
            (player,) = data["forfeited"]
            return Forfeited(cls.from_dict(body), player)
        if base is not None and type(base) is cls:
            game = base.resumed(body)
            if game is not None:
                return game
        return cls.from_dict(body)
    except IllegalMove:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise IllegalMove("bad_save", why=f"{type(e).__name__}: {e}") from None


#: the registered games when qwixo was imported (:func:`game_names` looks again)
GAME_NAMES: tuple[str, ...] = game_names()
