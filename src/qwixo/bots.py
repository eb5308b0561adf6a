"""The bot registry: ``list_bots(game)`` and ``make_bot(game, name, ...)``.

Each game's metadata names its bot registry (:attr:`qwixo.gameinfo.GameInfo.bots`, e.g.
``qwixo.quixo.bots:BOTS``), an ordered dict ``name -> factory(seconds=None, seed=None, **kw)``, weakest first. A bot has
``decide(game, player) -> str`` (the text of a legal option) and never changes the game. A
factory (class) with ``light = True`` makes bots whose decision costs well under a millisecond
in any position (:func:`is_light`): a server may run them inline instead of in a worker.

Beside a game's own bots, a bot name may be (``docs/user-guide.md``, "Bot authors"):

- a bot of an installed package, registered under the entry point group :data:`BOTS_GROUP`
  (``qwixo.bots``) by the game's name, naming a ``{name: factory}`` dict or one factory with
  a ``name``; listed after the game's own bots;
- ``module:attribute``, a factory found on the Python path (not listed);
- an engine registered in this process (:func:`register_engine`: ``--engine NAME=CMD``), listed
  for the games it plays, or ``engine:CMD``, an engine started from that command
  (:mod:`qwixo.engine`);
- a factory registered in this process for one game (:func:`register_bot`, e.g. a research
  policy entered into a tournament by :mod:`qwixo.envs.leaderboard`), listed last.

When a bot fails (raises, answers an illegal decision, an engine crashes or times out), what
follows is the caller's documented rule; :func:`fallback_bot` names the shipped bot that takes
the seat, and :class:`Guarded` applies that rule for one seat.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol

from qwixo.core import Game, IllegalMove, fair_copy, game_info
from qwixo.gameinfo import load

#: the entry point group of bots from other packages: ``GAME = "module:attribute"``
BOTS_GROUP = "qwixo.bots"
__all__ = ["BOTS_GROUP", "Bot", "Guarded", "bot_level", "check_bot", "decision_options",
           "budget_of", "fair_copy", "fallback_bot", "hint", "hint_lines", "is_light", "list_bots",
           "make_bot", "register_bot",
           "register_engine", "registered_engines", "shipped_bots", "terminal_bot",
           "unregister_bot", "unregister_engine"]
#: the engines registered in this process: name -> :class:`qwixo.engine.EngineSpec`
_ENGINES: dict[str, Any] = {}
#: the bots registered in this process: (game, name) -> factory
_REGISTERED: dict[tuple[str, str], Callable[..., Any]] = {}


class Bot(Protocol):
    name: str

    def decide(self, game: Game, player: int) -> str: ...


def _shipped(game: str) -> dict[str, Any]:
    ref = game_info(game).bots
    return load(ref) if ref else {}


@functools.cache
def _plugins(game: str) -> tuple[tuple[str, Any], ...]:
    """The bots other packages register for ``game`` (entry point group ``qwixo.bots``)."""
    from importlib.metadata import entry_points

    out: list[tuple[str, Any]] = []
    for ep in entry_points(group=BOTS_GROUP):
        if ep.name.lower() != game:
            continue
        obj = load(ep.value)
        if isinstance(obj, dict):
            out.extend((str(k), v) for k, v in obj.items())
        else:
            out.append((str(getattr(obj, "name", ep.value.rpartition(":")[2])), obj))
    return tuple(out)


def _registry(game: str) -> dict[str, Any]:
    """Every listed bot of ``game``: its own, then other packages', then the engines
    registered for it."""
    game = game_info(game).name
    reg = dict(_shipped(game))
    for name, factory in _plugins(game):
        reg.setdefault(name, factory)
    for name, spec in _ENGINES.items():
        if not spec.games or game in spec.games:
            reg.setdefault(name, functools.partial(_engine_bot, spec, game))
    for (g, name), factory in _REGISTERED.items():
        if g == game:
            reg.setdefault(name, factory)
    return reg


def _engine_bot(spec: Any, game: str, seconds: float | None = None, seed: int | None = None,
                **options: Any) -> Any:
    from qwixo.engine import EngineBot

    return EngineBot(spec, game, seconds=seconds, seed=seed, options=options)


def register_engine(spec: Any) -> None:
    """Offer an engine (:class:`qwixo.engine.EngineSpec`) as a bot by its name, for the games
    of ``spec.games`` (all when empty). A name that is already a bot of one of them is
    refused (``engine_name_taken``)."""
    from qwixo.core import game_names

    for game in spec.games or game_names():
        if spec.name in _shipped(game) or any(n == spec.name for n, _ in _plugins(game)):
            raise IllegalMove("engine_name_taken", name=spec.name, game=game)
    _ENGINES[spec.name] = spec


def unregister_engine(name: str) -> None:
    _ENGINES.pop(name, None)


def register_bot(game: str, name: str, factory: Callable[..., Any]) -> None:
    """Offer ``factory(seconds=None, seed=None, **kw) -> bot`` as bot ``name`` of ``game`` in
    this process (a tournament's worker processes forked after it see it too), until
    :func:`unregister_bot`. A name that is already a bot of the game is refused
    (``bot_name_taken``).

    >>> class Pass:
    ...     name = "first"
    ...     def decide(self, game, player):
    ...         return decision_options(game, player)[0]
    >>> register_bot("quixo", "first", lambda seconds=None, seed=None, **kw: Pass())
    >>> "first" in list_bots("quixo"), make_bot("quixo", "first").name
    (True, 'first')
    >>> unregister_bot("quixo", "first"); "first" in list_bots("quixo")
    False
    """
    game = game_info(game).name
    if name in _registry(game) or ":" in name:
        raise IllegalMove("bot_name_taken", name=name, game=game)
    _REGISTERED[(game, name)] = factory


def unregister_bot(game: str, name: str) -> None:
    """Withdraw a bot :func:`register_bot` offered (nothing when there is none)."""
    _REGISTERED.pop((game_info(game).name, name), None)


def registered_engines() -> tuple[Any, ...]:
    """The engines registered in this process (to register them again in a worker)."""
    return tuple(_ENGINES.values())


def list_bots(game: str) -> list[str]:
    """Bot names for ``game``, weakest first (the game's own), then other packages' and the
    registered engines."""
    return list(_registry(game))


def shipped_bots(game: str) -> list[str]:
    """The game's own bots, weakest first."""
    return list(_shipped(game))


def _factory(game: str, name: str) -> Callable[..., Any]:
    reg = _registry(game)
    if name in reg:
        return reg[name]
    if name.startswith("engine:"):
        from qwixo.engine import EngineSpec

        return functools.partial(_engine_bot, EngineSpec.of_command(name[len("engine:"):]),
                                 game_info(game).name)
    if ":" in name:
        try:
            return load(name)
        except (ImportError, AttributeError, ValueError) as e:
            raise IllegalMove("bot_not_found", name=name, why=f"{type(e).__name__}: {e}") \
                from None
    raise IllegalMove("unknown_bot", name=name, game=game, choices=", ".join(reg))


def check_bot(game: str, name: str) -> str:
    """``name`` when it names a bot of ``game`` (listed, ``module:attribute`` or
    ``engine:CMD``); else raises ``unknown_bot`` (or ``bot_not_found``, ``bad_engine``)."""
    _factory(game, name)
    return name


def is_light(game: str, name: str) -> bool:
    """Whether bot ``name`` of ``game`` is light: a decision costs well under a millisecond
    in any position, whatever its budget (the rule bots; not a search).

    >>> is_light("qwixx", "gap"), is_light("qwixx", "strong"), is_light("quixo", "random")
    (True, False, True)
    """
    return bool(getattr(_factory(game, name), "light", False))


def budget_of(game: str, name: str, seconds: float | None = None) -> float | None:
    """The time a decision of bot ``name`` of ``game`` may take: ``seconds`` when given,
    else the budget its factory declares (``default_seconds``); None when it declares none
    (a rule, a search of fixed depth, a table lookup, an engine without a budget).

    >>> budget_of("quixo", "strong", 5.0), budget_of("quixo", "medium"), budget_of("quixo", "easy")
    (5.0, 0.5, None)
    """
    if seconds is not None:
        return float(seconds)
    declared = getattr(_factory(game, name), "default_seconds", None)
    return None if declared is None else float(declared)


def decision_options(game: Game, player: int) -> list[str]:
    """The texts of ``player``'s options now, for a bot's ``decide``; raises
    :class:`~qwixo.core.IllegalMove` (``game_over``, else ``not_your_turn``) when there is none.
    Every game's bots start their ``decide`` with it."""
    options = [str(o) for o in game.options(player)]
    if not options:
        if game.is_over:
            raise IllegalMove("game_over")
        raise IllegalMove("not_your_turn", player=player)
    return options


def make_bot(game: str, name: str, *, seconds: float | None = None, seed: int | None = None,
             **options: Any) -> Bot:
    """A bot by name: ``make_bot("quixo", "strong", seconds=1.0)`` (any name
    :func:`check_bot` takes)."""
    return _factory(game, name)(seconds=seconds, seed=seed, **options)


def fallback_bot(game: str, failed: str | None = None) -> str | None:
    """The shipped bot that takes a seat whose bot failed: the strongest light one (a rule,
    well under a millisecond a decision: it cannot time out) of the game's own bots, or None
    when that is the bot that failed (then the seat resigns).

    >>> import qwixo
    >>> name = qwixo.game_names()[0]
    >>> fb = fallback_bot(name); is_light(name, fb), fallback_bot(name, fb)
    (True, None)
    """
    light = [n for n, f in _shipped(game).items() if getattr(f, "light", False)]
    pick = light[-1] if light else next(iter(_shipped(game)), None)
    return None if pick is None or pick == failed else pick


class Guarded:
    """A bot with the rule that follows its failure, for a host that is not the server (the
    terminal): when ``bot`` raises or answers an illegal decision, ``notify(failure,
    fallback)`` is called once (:class:`qwixo.engine.EngineFailure`, the fallback's name)
    and :func:`fallback_bot` plays the seat for the rest of the game (an engine is stopped);
    with no fallback, :class:`~qwixo.engine.EngineFailure` is raised."""

    def __init__(self, game: str, bot: Bot, notify: Callable[[Any, str | None], None],
                 seconds: float | None = None) -> None:
        self.game_name = game
        self.bot = bot
        self.name = getattr(bot, "name", "")
        self.notify = notify
        self.seconds = seconds
        self.failed: Any = None

    def decide(self, game: Game, player: int) -> str:
        from qwixo.engine import EngineFailure, failure_of

        if self.failed is None:
            try:
                decision = str(self.bot.decide(game, player))
                if decision in (str(o) for o in game.options(player)) or \
                        game.canonical_decision(player, decision) in \
                        (str(o) for o in game.options(player)):
                    return decision
                raise EngineFailure("illegal", f"{self.name}: {decision[:100]!r}")
            except Exception as e:  # noqa: BLE001 - any failure of a bot has one rule
                self.failed = failure_of(e)
                close = getattr(self.bot, "close", None)
                if close is not None:
                    close()
                fallback = fallback_bot(self.game_name, self.name)
                self.notify(self.failed, fallback)
                if fallback is None:
                    raise self.failed from None
                self.bot = make_bot(self.game_name, fallback, seconds=self.seconds)
        return str(self.bot.decide(game, player))

    def close(self) -> None:
        close = getattr(self.bot, "close", None)
        if close is not None:
            close()


def hint(game: Game, player: int, lang: str | None = None,
         seconds: float | None = None) -> dict[str, list]:
    """The game's own hint for ``player`` now: ``{"lines": [...], "moves": [...]}`` —
    ``lines`` as text in ``lang`` (the engine's figures), ``moves`` the options it ranks, best
    first, as data a front end says in its own words: ``{"move": option, "outcome": "win" |
    "loss" | "draw" | None, "plies": N | None, "chance": P | None, "score": S | None}``
    (``outcome`` and ``plies``: a proven result and the plies to it; ``chance``: the
    probability of winning, 0…1; ``score``: the expected final score; each None when the
    hint does not know it). A hint function that gives only lines (``list[str]``) gives no ``moves``.
    Both empty when it is not ``player``'s to decide.

    >>> import qwixo
    >>> hint(qwixo.new_game("quixo", size=3), 1)
    {'lines': [], 'moves': []}
    >>> h = hint(qwixo.new_game("quixo", size=3), 0)
    >>> {k: h["moves"][0][k] for k in ("outcome", "plies")}
    {'outcome': 'win', 'plies': 7}
    """
    if game.is_over or player not in game.to_act:
        return {"lines": [], "moves": []}
    ref = game.info.hint
    if not ref:
        return {"lines": [], "moves": []}
    answer = load(ref)(game, player, lang=lang, seconds=seconds)
    if isinstance(answer, dict):
        lines, moves = answer.get("lines") or [], answer.get("moves") or []
    else:
        lines, moves = answer, []
    keys = ("move", "outcome", "plies", "chance", "score")
    return {"lines": [str(line) for line in lines],
            "moves": [{k: m.get(k) for k in keys} for m in moves]}


def hint_lines(game: Game, player: int, lang: str | None = None,
               seconds: float | None = None) -> list[str]:
    """The lines of the game's own :func:`hint` for ``player`` now (``[]`` when it is not
    ``player``'s to decide): Quixo the solver's/search's ranked moves, Qwixx the strong bot's
    ranked options. ``seconds``: the thinking budget.

    >>> import qwixo
    >>> hint_lines(qwixo.new_game("quixo", size=3), 1)
    []
    """
    return hint(game, player, lang, seconds)["lines"]


def bot_level(game: str, bot: str, lang: str | None) -> str:
    """A bot's level in words (``Casual``; the catalogue's ``web_botname_<game>_<bot>``), or
    its id when the catalogue has no name for it (an engine, a plugged bot)."""
    from qwixo.i18n import t

    key = f"web_botname_{game}_{bot}"
    level = t(key, lang)
    return bot if level == key else level


def terminal_bot(game: str, name: str, *, seconds: float | None = None,
                 seed: int | None = None, lang: str | None = None, err: Any = None) -> Guarded:
    """A bot for a terminal game (``qwixo play GAME --vs NAME``): :class:`Guarded`, saying on
    ``err`` (standard error) in ``lang`` when the bot failed and who plays on."""
    import sys

    from qwixo.i18n import t

    def notify(failure: Any, fallback: str | None) -> None:
        why = failure.words(lang)
        line = (t("bot_failed_fallback", lang, bot=name, why=why,
                  fallback=t("web_bot_named", lang, level=bot_level(game, fallback, lang)))
                if fallback else t("bot_failed_forfeit", lang, bot=name, why=why))
        print(line, file=err or sys.stderr, flush=True)

    return Guarded(game, make_bot(game, name, seconds=seconds, seed=seed), notify,
                   seconds=seconds)
