"""What a game says about itself, as data: :class:`GameInfo` (in the spirit of OpenSpiel's
``GameType``/``GameInfo``), read by everything above the games (the server, the tournament
runner, the ratings, the research adapters, the front end through ``/api/meta``) so that
none of them needs to know which game it runs.

Each game class carries its own ``info`` (``QuixoGame.info``, ``QwixxGame.info``); games are
found through the entry point group ``qwixo.games`` (:func:`qwixo.core.game_class`), so a
package of its own can add one (``docs/api.md``, "Adding a game").

Texts are message keys of the catalogues (``qwixo.i18n``) or, for a game that brings its own
words, a mapping ``{lang: text}`` (:func:`text`).

>>> import qwixo
>>> info = qwixo.game_info("quixo")
>>> info.utility, info.teams_of(4), info.rating_class({"size": 4, "players": 2})
('win_loss', [[0, 2], [1, 3]], 'quixo-4x4-2p')
>>> qwixo.game_info("qwixx").rating_class({"players": 1}) is None
True
>>> [s.name for s in info.settings if s.lobby], info.players
(['size'], (2, 4))
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: the utility kinds (OpenSpiel's ``Utility``, in words): ``win_loss``: each player's score
#: is 1 win, 0 draw, -1 loss (teams share theirs); ``points``: the scores are points and the
#: highest wins (several top scores share the win)
UTILITIES = ("win_loss", "points")

#: what running out of time means in a rated game (:attr:`GameInfo.timeout`): ``forfeit``: the
#: player gives up (the game's :meth:`~qwixo.core.Game.resign`, or, in a game without
#: resigning, :func:`qwixo.core.forfeit` above the game); ``move``: the clock decides for them
#: as in a game that is not rated (:attr:`GameInfo.timeout_decision`, else a random option)
TIMEOUTS = ("forfeit", "move")

#: the capabilities a game declares (:meth:`GameInfo.capabilities`), each a bool once resolved
CAPABILITIES = ("resign", "draws", "hints", "analysis", "simultaneous", "hidden", "chance",
                "scorepad")

Text = str | Mapping[str, str]

#: how a rated game takes a setting (:attr:`Setting.rated`): part of the rating class,
#: fixed to one value, or refused
RATED_KINDS = ("class", "fixed", "refused")


def text(label: Text, lang: str | None = None, **params: Any) -> str:
    """A label in ``lang``: a message key of the catalogues, or a ``{lang: text}`` mapping
    (English when ``lang`` is missing) formatted with ``params``.

    >>> text("web_players", "pl"), text({"en": "Cells", "it": "Celle"}, "it")
    ('Gracze', 'Celle')
    """
    if isinstance(label, Mapping):
        raw = label.get(lang or "en") or label.get("en") or next(iter(label.values()), "")
        return raw.format(**params) if params else raw
    from qwixo.i18n import t

    return t(label, lang, **params)


def load(ref: str) -> Any:
    """The object an entry-point style reference ``"module:attribute"`` names."""
    module, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class Setting:
    """One setting of ``new_game(name, **settings)``: what it accepts and how to offer it.

    ``type``: ``"int"``, ``"choice"`` (one of ``choices``), ``"bool"``, or ``"other"`` (a
    value a form does not offer: ``note`` says what it takes). ``nullable``: None is allowed
    (the game's own default). ``lobby``: the lobby form offers it; ``cli``: command lines
    offer it as ``--name``. ``room``: a setting of the server's room, not passed to the game
    (the score pad). ``choice_label``: a message-key prefix naming each choice
    (``web_edition_`` + choice).

    ``rated``: how a rated game takes the setting (:data:`RATED_KINDS`; read by
    :meth:`GameInfo.rated_settings`): ``"class"`` chosen freely, it is part of the rating
    class (named in ``rating_class_template``); ``"fixed"``: every rated game plays with
    ``rated_value`` (an end rule: the same in every rated game of the class), another value is
    refused; ``"refused"`` (for any setting that can decide or reveal how a game goes): a
    rated game refuses any value but None. Not given (``""``): ``"class"`` when the rating
    class template names the setting, else ``"refused"`` (:meth:`GameInfo.rated_kind`)."""

    name: str
    type: str
    default: Any = None
    label: Text = ""
    help: Text = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] = ()
    choice_label: str = ""
    nullable: bool = False
    note: str = ""
    lobby: bool = True
    cli: bool = True
    room: bool = False
    rated: str = ""
    rated_value: Any = None

    def __post_init__(self) -> None:
        if self.rated not in ("", *RATED_KINDS):
            raise ValueError(f"rated must be one of {RATED_KINDS}, not {self.rated!r}")

    def summary(self) -> Any:
        """The short form of ``/api/meta``'s ``settings`` (kept as it always was): a range
        ``{"min", "max", "default"}``, the list of choices, ``"bool"`` or the note."""
        if self.type == "int" and self.min is not None and self.max is not None:
            out: dict[str, Any] = {"min": self.min, "max": self.max}
            if self.default is not None:
                out["default"] = self.default
            return out
        if self.type == "choice":
            return list(self.choices)
        if self.type == "bool":
            return "bool"
        return self.note or self.type

    def cli_option(self, lang: str | None = None) -> dict[str, Any] | None:
        """The keywords of ``argparse``'s ``add_argument("--name", ...)`` offering this setting
        on a command line (default None: the game's own default), or None when it is not
        offered there (``cli`` false, a room setting, or a value a command line cannot say).

        >>> import qwixo
        >>> qwixo.game_info("quixo").setting("size").cli_option("en")["type"]
        <class 'int'>
        """
        if not self.cli or self.room or self.type not in ("int", "choice", "bool"):
            return None
        out: dict[str, Any] = {"default": None, "dest": self.name,
                               "help": text(self.help or self.label, lang) if
                               (self.help or self.label) else None}
        if self.type == "int":
            out["type"] = int
        elif self.type == "bool":
            out.update(type=_yes_no, metavar="yes|no")
        else:
            out["choices"] = list(self.choices)
            out["type"] = type(self.choices[0]) if self.choices else str
        return out

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready, the label, help and choice names in ``lang``."""
        out: dict[str, Any] = {
            "name": self.name, "type": self.type, "default": self.default,
            "label": text(self.label, lang) if self.label else self.name,
            "label_key": self.label if isinstance(self.label, str) and self.label else None,
            "help": text(self.help, lang) if self.help else "",
            "min": self.min, "max": self.max, "nullable": self.nullable,
            "lobby": self.lobby, "cli": self.cli, "room": self.room, "note": self.note,
            "rated": self.rated or None, "rated_value": self.rated_value}
        if self.type == "choice":
            out["choices"] = [
                {"value": c, "label": text(f"{self.choice_label}{c}", lang)
                 if self.choice_label else str(c),
                 "label_key": f"{self.choice_label}{c}" if self.choice_label else None}
                for c in self.choices]
        return out


def _yes_no(value: str) -> bool:
    """A command line's yes/no (also true/false, 1/0)."""
    word = value.strip().lower()
    if word in ("yes", "true", "1", "on"):
        return True
    if word in ("no", "false", "0", "off"):
        return False
    raise ValueError(value)


@dataclass(frozen=True)
class News:
    """The news line (an announcement to everyone at the table) of one kind of engine event.

    ``event``: the event's ``type``; ``key``: the message (a key or ``{lang: text}``);
    ``params``: the event's fields passed to it (``name`` is added: the seat name of the
    event's ``player``); ``upper``: fields shown in capitals; ``together``: events of this
    kind with the same fields in one change make one line naming every player."""

    event: str
    key: Text
    params: tuple[str, ...] = ()
    upper: tuple[str, ...] = ()
    together: bool = False

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        return {"event": self.event, "key": self.key if isinstance(self.key, str) else None,
                "text": self.key if isinstance(self.key, str) else text(self.key, lang),
                "params": list(self.params), "upper": list(self.upper),
                "together": self.together}


@dataclass(frozen=True)
class Stat:
    """How the statistics of a player add up one per-game figure of :attr:`GameInfo.details`:
    ``how`` ``"mean"`` (per game), ``"sum"`` or ``"mean_by_key"`` (a dict of counts, each
    key's mean per game); shown under ``out``, labelled ``label`` (a message key or
    ``{lang: text}``; None: ``out`` itself) on the profile page."""

    field: str
    how: str
    out: str
    label: Text | None = None

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """``/api/meta``'s ``info.stats`` entry: ``out``, ``how`` and the ``label`` in ``lang``."""
        return {"out": self.out, "how": self.how,
                "label": text(self.label, lang) if self.label else self.out}


#: the module of a game's :attr:`GameInfo.web` folder that the front end loads
WEB_MODULE = "renderer.js"
#: the files of that folder the web server serves, by suffix, and their media types
WEB_TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
             ".svg": "image/svg+xml", ".png": "image/png", ".json": "application/json"}


@dataclass(frozen=True)
class GameInfo:
    """Everything the layers above a game need to know about it, as data.

    - ``name``, ``title``; ``game``: ``"module:Class"`` of the :class:`qwixo.core.Game`;
      ``renderer``: the front end's board renderer (None: the generic
      drawing of the view's ``board``);
    - ``players``: the player counts allowed, ``default_players``; ``dice``: whether there are
      rolls (chance events: ``needs_roll``/``roll``);
    - ``utility``: ``"win_loss"`` or ``"points"`` (:data:`UTILITIES`);
    - ``teams``: by player count, the seats that win or lose together (others: alone);
    - ``rating_class``: a template formatted with the settings (defaults filled in) and
      ``players``, e.g. ``"quixo-{size}x{size}-{players}p"``; ``rated_players``: the player
      counts that are rated;
    - ``settings``: the schema of ``new_game``'s settings (:class:`Setting`, without
      ``players``, which ``players`` describes);
    - ``tournament``: settings a tournament uses unless told otherwise;
      ``length``: how a game's length is counted, ``"rolls"`` or ``"plies"`` (decisions);
    - ``news``: the news line of each event kind (:class:`News`);
    - ``bots``: ``"module:attribute"`` of the game's bot registry (``{name: factory}``),
      ``hint``: of its hint function ``(game, player, lang=, seconds=) -> list[str]``;
      ``analysis``: of its analysis function ``(game, seconds=) -> dict`` (the shape of
      :mod:`qwixo.analysis`; None: the game has no analysis); ``puzzles``: of its puzzle
      module (``load()``, ``daily(puzzles)``, ``by_difficulty(puzzles, rating, exclude=)``,
      ``check(puzzle, played, move)``, ``defence(game)``; each puzzle with ``id``,
      ``position``, ``plies``, ``rating``, ``moves`` and ``game()``), None: no puzzles;
    - ``tables``: of a function ``() -> None`` that builds (or loads) the tables the game's
      analysis reads (solver databases), once: ``qwixo warm-up`` and the server's analysis
      worker run it at their start, so that the first analysis does not build them; None:
      nothing to build;
    - ``env_codec``: of the research codec class (``from_settings(**settings)``; None: no
      research adapters); ``jax_env``: of the game's JAX port, a :class:`qwixo.jax.JaxGame`
      (None: none; read only by :mod:`qwixo.jax`, so JAX is imported only there); ``oracle``:
      of a function ``f(env) -> qwixo.envs.oracles.Oracle``, the exact values of a kernel
      vector env's positions and actions (None: no oracle; :mod:`qwixo.envs.oracles`); ``editions``: of a ``{name: edition}`` table with ``to_dict()``
      (the rules pages' sheets), if the game has editions;
    - ``details``: of a function ``(view, seat) -> dict`` giving a finished game's figures for
      a player's statistics, and ``stats``: how they add up (:class:`Stat`);
    - ``unrated_settings``: settings outside the schema that choose or reveal how a game goes
      (a position, who starts): a rated game refuses them; the schema's settings say it on
      each :class:`Setting` (``rated``): :meth:`rated_settings` reads both;
    - ``bot_ratings``: ``"package:path"`` of the data file, in the game's own package, of its
      bots' measured ratings, as ``qwixo tournament --ratings-file`` writes it
      (``{"format": 1, "classes": {class: ...}}``; read by
      :func:`qwixo.tournament.ratings.bot_ratings`), None: none shipped;
    - ``web``: ``"package:folder"`` of the package data folder of the game's browser files
      (:data:`WEB_MODULE`, an ES module that registers the renderer named ``renderer``; the
      folder's ``.css`` files are loaded beside it; :meth:`web_files`), served by the web server
      and loaded by the front end; None: the front end ships the renderer, or draws the
      generic one;
    - ``terminal``: ``"module:function"`` of the game's terminal drawing, ``(view, lang) ->
      str`` (the board's picture for ``qwixo play``); None: the generic one.

    What a game can do, declared (:data:`CAPABILITIES`; None: found out from the game's class
    and the fields above when the game registers, :meth:`resolved`, in the way boardgame.io's
    ``ProcessGameConfig`` fills in a game's optional parts, so that a game written before
    these fields existed keeps working):

    - ``resign``: a player may give up (the class has its own
      :meth:`~qwixo.core.Game.resign`); ``draws``: the players may agree a draw
      (:meth:`~qwixo.core.Game.agree_draw`, the class's ``draws_by_agreement``);
    - ``hints``: the server gives hints (a ``hint`` function, or else the strongest bot's
      choice: ``bots``); ``analysis``: a finished game can be analysed (``analysis``);
    - ``simultaneous``: several players decide at once; ``hidden``: a decision made stays
      hidden from the others until every player has decided (the class has its own
      :attr:`~qwixo.core.Game.decided`); ``chance``: there are rolls (``dice``);
    - ``scorepad``: a game at a real table can be followed with its dice typed in (a room
      setting named ``scorepad``);
    - ``timeout``: what running out of time means in a rated game (:data:`TIMEOUTS`,
      ``"forfeit"`` by default); ``timeout_decision``: the decision the clock plays for a
      player whose time ran out (when it is among their options; otherwise a random option).
    """

    name: str
    title: Text
    game: str
    players: tuple[int, ...]
    default_players: int
    utility: str
    settings: tuple[Setting, ...] = ()
    dice: bool = False
    teams: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    rating_class_template: str = "{game}-{players}p"
    rated_players: tuple[int, ...] = (2,)
    tournament: Mapping[str, Any] = field(default_factory=dict)
    length: str = "plies"
    news: tuple[News, ...] = ()
    renderer: str | None = None
    bots: str | None = None
    hint: str | None = None
    analysis: str | None = None
    puzzles: str | None = None
    tables: str | None = None
    env_codec: str | None = None
    jax_env: str | None = None
    oracle: str | None = None
    editions: str | None = None
    details: str | None = None
    stats: tuple[Stat, ...] = ()
    unrated_settings: tuple[str, ...] = ()
    bot_ratings: str | None = None
    resign: bool | None = None
    draws: bool | None = None
    hints: bool | None = None
    simultaneous: bool | None = None
    hidden: bool | None = None
    chance: bool | None = None
    scorepad: bool | None = None
    timeout: str = "forfeit"
    timeout_decision: str | None = None
    web: str | None = None
    terminal: str | None = None

    def __post_init__(self) -> None:
        if self.utility not in UTILITIES:
            raise ValueError(f"utility must be one of {UTILITIES}, not {self.utility!r}")
        if self.length not in ("rolls", "plies"):
            raise ValueError(f"length must be 'rolls' or 'plies', not {self.length!r}")
        if self.timeout not in TIMEOUTS:
            raise ValueError(f"timeout must be one of {TIMEOUTS}, not {self.timeout!r}")
        for name in CAPABILITIES:
            value = getattr(self, name, None) if name != "analysis" else None
            if value is not None and not isinstance(value, bool):
                raise ValueError(f"{name} must be true, false or None, not {value!r}")
        if self.timeout_decision is not None and not isinstance(self.timeout_decision, str):
            raise ValueError(f"timeout_decision must be a text or None, "
                             f"not {self.timeout_decision!r}")
        if not self.players or self.default_players not in self.players:
            raise ValueError(f"default_players {self.default_players!r} is not among the "
                             f"players {self.players!r}")

    # -- the declaration, checked and completed when the game registers -------------------
    def resolved(self, cls: Any) -> GameInfo:
        """This info with every capability that is None found out from the game's class
        ``cls`` (a :class:`qwixo.core.Game` subclass) and the other fields; raises
        ``ValueError`` when the declaration and the class disagree (a game that declares
        resigning but has no ``resign`` of its own, draws without ``agree_draw``, chance
        without ``roll``, hints with neither a hint function nor bots, a score pad without
        dice, web files without a renderer's name). :func:`qwixo.core.game_info` gives the resolved info.

        >>> import qwixo
        >>> qwixo.game_info("quixo").capabilities()["draws"], qwixo.game_info("qwixx").hidden
        (True, True)
        """
        from dataclasses import replace

        # qwixo.core.Game among the class's bases (core imports this module: no import back)
        Game = next((k for k in getattr(cls, "__mro__", ()) if k.__name__ == "Game"
                     and k.__module__ == "qwixo.core"), None)
        if Game is None:
            raise ValueError(f"{self.name}: game {self.game!r} is not a qwixo.core.Game class")
        if getattr(cls, "name", None) != self.name:
            raise ValueError(f"{self.name}: the class's name is {getattr(cls, 'name', None)!r}")

        def own(member: str) -> bool:  # the class has its own, not Game's
            return getattr(cls, member) is not getattr(Game, member)

        has = {"resign": own("resign"), "draws": own("agree_draw"),
               "hints": bool(self.hint or self.bots), "chance": own("roll"),
               "hidden": own("decided")}
        found = {
            "resign": has["resign"],
            "draws": has["draws"] and bool(cls.draws_by_agreement),
            "hints": has["hints"],
            "chance": bool(self.dice),
            "hidden": has["hidden"],
            "scorepad": any(s.room and s.name == "scorepad" for s in self.settings),
        }
        values: dict[str, Any] = {}
        for name, value in found.items():
            declared = getattr(self, name)
            if declared is None:
                values[name] = value
            elif declared and not has.get(name, True):
                raise ValueError(f"{self.name} declares {name} but does not implement it")
            else:
                values[name] = declared
        if values["draws"] and not cls.draws_by_agreement:
            raise ValueError(f"{self.name} declares draws but its class's "
                             "draws_by_agreement is false")
        if self.simultaneous is None:
            values["simultaneous"] = values["hidden"]
        if values["scorepad"] and not values["chance"]:
            raise ValueError(f"{self.name} declares scorepad but has no dice (chance)")
        if self.web and not self.renderer:
            raise ValueError(f"{self.name} ships web files but names no renderer they register")
        return replace(self, **values, dice=bool(self.dice or values["chance"]))

    def capabilities(self) -> dict[str, Any]:
        """What the game can do (:data:`CAPABILITIES`) and what a timeout means, as data
        (``/api/meta``'s ``info.capabilities``; the front end shows only what is declared)."""
        out: dict[str, Any] = {name: bool(getattr(self, name)) for name in CAPABILITIES}
        out.update(timeout=self.timeout, timeout_decision=self.timeout_decision)
        return out

        for s in self.settings:
            if s.room:
                continue
            named = "{" + s.name + "}" in self.rating_class_template
            if s.rated and (s.rated == "class") != named:
                raise ValueError(f"setting {s.name!r}: rated='class' exactly when the rating "
                                 f"class template names it")

    # -- reading the data -----------------------------------------------------------------
    def setting(self, name: str) -> Setting | None:
        return next((s for s in self.settings if s.name == name), None)

    def defaults(self) -> dict[str, Any]:
        """Each setting's default (``players`` included)."""
        out = {s.name: s.default for s in self.settings if not s.room}
        out["players"] = self.default_players
        return out

    def rated_kind(self, setting: Setting) -> str:
        """How a rated game takes ``setting``: its :attr:`Setting.rated`, or when not given
        ``"class"`` if the rating class template names it, else ``"refused"``."""
        if setting.rated:
            return setting.rated
        return "class" if "{" + setting.name + "}" in self.rating_class_template else "refused"

    def rated_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings a rated game is made with, from those its creator gave: every setting
        that can decide or reveal how the game goes is fixed for the rating class or refused
        (:attr:`Setting.rated`; :attr:`unrated_settings` and any setting outside the schema
        are refused); ``players`` and room settings pass unchanged (the server checks them).
        Raises :class:`qwixo.core.IllegalMove` ``rated_setting`` (a refused setting given a
        value) or ``rated_setting_fixed`` (a fixed one given another value).

        >>> import qwixo
        >>> qwixo.game_info("quixo").rated_settings({"size": 4, "ply_limit": None})
        {'size': 4, 'ply_limit': 200, 'repetition': 3}
        >>> qwixo.game_info("quixo").rated_settings({"ply_limit": 1})
        Traceback (most recent call last):
        ...
        qwixo.core.IllegalMove: A rated game plays with ply_limit = 200: every rated game of its class ends by the same rules.
        """
        from qwixo.errors import IllegalMove

        out = dict(settings)
        schema = {s.name: s for s in self.settings}
        for name, value in settings.items():
            s = schema.get(name)
            if name == "players" or (s is not None and (s.room or
                                                        self.rated_kind(s) != "refused")):
                continue
            if value is not None:  # (None: the game's own default, no choice)
                raise IllegalMove("rated_setting", name=name)
        for s in self.settings:
            if self.rated_kind(s) != "fixed" or s.room:
                continue
            given = settings.get(s.name)
            if given is not None and given != s.rated_value:
                raise IllegalMove("rated_setting_fixed", name=s.name, value=s.rated_value)
            out[s.name] = s.rated_value
        return out

    def teams_of(self, players: int) -> list[list[int]] | None:
        """The teams of a game of ``players`` (None: everyone alone)."""
        teams = self.teams.get(int(players))
        return [list(t) for t in teams] if teams else None

    def rating_class(self, settings: Mapping[str, Any]) -> str | None:
        """The class a game with these settings is rated in, or None (not rated)."""
        values = {k: v for k, v in self.defaults().items()}
        values.update({k: v for k, v in settings.items() if v is not None})
        players = int(values.get("players") or self.default_players)
        if players not in self.rated_players:
            return None
        values["players"] = players
        return self.rating_class_template.format(game=self.name, **values)

    def results(self, scores: list[int] | tuple[int, ...]) -> list[float]:
        """Each seat's share of the win: ``win_loss`` 1 win, 0.5 draw, 0 loss; ``points``
        1/m for each of m top scores.

        >>> import qwixo
        >>> qwixo.game_info("qwixx").results([30, 50, 50])
        [0.0, 0.5, 0.5]
        >>> qwixo.game_info("quixo").results([1, -1]), qwixo.game_info("quixo").results([0, 0])
        ([1.0, 0.0], [0.5, 0.5])
        """
        if self.utility == "win_loss":
            return [(s + 1) / 2 for s in scores]
        best = max(scores)
        m = sum(1 for s in scores if s == best)
        return [1.0 / m if s == best else 0.0 for s in scores]

    def opponents(self, players: int, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` play against each other (not team mates)."""
        for team in self.teams_of(players) or ():
            if a in team and b in team:
                return False
        return a != b

    def summary(self) -> dict[str, Any]:
        """``/api/meta``'s ``settings`` of the game (short form, :meth:`Setting.summary`)."""
        out: dict[str, Any] = {}
        for s in self.settings:
            out[s.name] = s.summary()
        out["players"] = (list(self.players) if self._gaps() else
                          {"min": min(self.players), "max": max(self.players)})
        return out

    def _gaps(self) -> bool:
        return list(self.players) != list(range(min(self.players), max(self.players) + 1))

    def to_dict(self, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready (``/api/meta``'s ``info`` of each game), texts in ``lang``."""
        return {
            "name": self.name, "title": text(self.title, lang), "renderer": self.renderer,
            "players": list(self.players), "default_players": self.default_players,
            "dice": self.dice, "utility": self.utility,
            "teams": {str(k): [list(t) for t in v] for k, v in self.teams.items()},
            "rated_players": list(self.rated_players),
            "settings": [{**s.to_dict(lang), "rated": self.rated_kind(s)}
                         for s in self.settings],
            "length": self.length,
            "news": [n.to_dict(lang) for n in self.news],
            "editions": bool(self.editions), "research": bool(self.env_codec),
            "stats": [s.to_dict(lang) for s in self.stats],
            "capabilities": self.capabilities(), "web": self.web_assets()}

    # -- the game's own files for the front end --------------------------------------------
    def web_folder(self) -> Any:
        """The folder of :attr:`web` (an ``importlib.resources`` traversable), or None."""
        if not self.web:
            return None
        from importlib.resources import files

        package, _, folder = self.web.partition(":")
        root = files(package)
        return root.joinpath(*folder.split("/")) if folder else root

    def web_files(self) -> dict[str, Any]:
        """The files of :attr:`web`'s folder by name (``{}`` without one): what the web
        server serves under ``/games/NAME/``."""
        folder = self.web_folder()
        if folder is None or not folder.is_dir():
            return {}
        return {f.name: f for f in folder.iterdir()
                if f.is_file() and "." + f.name.rsplit(".", 1)[-1] in WEB_TYPES}

    def web_assets(self) -> dict[str, Any] | None:
        """``/api/meta``'s ``info.web``: the names of the module to load and of the style
        sheets (``{"module": "renderer.js", "styles": ["renderer.css"]}``), None without
        :attr:`web`."""
        if not self.web:
            return None
        names = sorted(self.web_files())
        return {"module": WEB_MODULE, "styles": [n for n in names if n.endswith(".css")]}
