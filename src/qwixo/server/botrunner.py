"""Bots and hints on the server, off the event loop.

Bot decisions and hints run in a small thread pool on a **copy** of the game, so the event loop
keeps serving every other game while a bot thinks; the room applies the decision afterwards
through the normal (validated, committed) path. One bot object per (game, seat) is kept, so
bots with memory (search trees, random state) keep it between moves.

Hints come from the bots engineers' functions when they exist —
``qwixo.quixo.bots_cli.hint_text(game, lang=None) -> str`` and
``qwixo.qwixx.bots_cli.hint_lines(game, player, lang=None) -> list[str]`` — and otherwise from
the strongest listed bot's choice ("Suggestion (strong bot): b1b5").
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import qwixo
from qwixo.core import Game
from qwixo.i18n import t

log = logging.getLogger("qwixo.server")

HINT_SECONDS = 1.0
MAX_BOTS = 4096


class BotRunner:
    """A thread pool for bot decisions and hints."""

    def __init__(self, workers: int = 2) -> None:
        self.pool = ThreadPoolExecutor(max_workers=max(1, workers),
                                       thread_name_prefix="qwixo-bot")
        self._bots: OrderedDict[tuple[str, int, str], Any] = OrderedDict()

    def bot(self, game_id: str, seat: int, game_name: str, name: str,
            seconds: float | None) -> Any:
        key = (game_id, seat, name)
        b = self._bots.get(key)
        if b is None:
            b = qwixo.make_bot(game_name, name, seconds=seconds)
            self._bots[key] = b
            if len(self._bots) > MAX_BOTS:
                self._bots.popitem(last=False)
        else:
            self._bots.move_to_end(key)
        return b

    async def decide(self, game_id: str, name: str, seconds: float | None, game: Game,
                     seat: int) -> str:
        """The bot's decision for ``seat`` (computed on a copy, in the pool)."""
        bot = self.bot(game_id, seat, game.name, name, seconds)
        snapshot = game.copy()
        loop = asyncio.get_running_loop()
        return str(await loop.run_in_executor(self.pool, bot.decide, snapshot, seat))

    async def hint(self, game: Game, seat: int, lang: str) -> list[str]:
        """Hint lines for ``seat`` now (empty when it has nothing to decide)."""
        snapshot = game.copy()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.pool, hint_lines, snapshot, seat, lang)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _external_hint(game: Game, seat: int, lang: str) -> list[str] | None:
    try:
        if game.name == "quixo":
            mod = importlib.import_module("qwixo.quixo.bots_cli")
            fn = getattr(mod, "hint_text", None)
            if fn is None:
                return None
            text = fn(game, lang=lang)
            return [line for line in str(text).splitlines() if line.strip()]
        mod = importlib.import_module("qwixo.qwixx.bots_cli")
        fn = getattr(mod, "hint_lines", None)
        if fn is None:
            return None
        return [str(line) for line in fn(game, seat, lang=lang)]
    except ModuleNotFoundError:
        return None


def hint_lines(game: Game, seat: int, lang: str = "en") -> list[str]:
    """Hint for ``seat``: the bots engineers' hint function, else the strongest bot's choice.

    >>> import qwixo
    >>> g = qwixo.new_game("quixo", size=3)
    >>> lines = hint_lines(g, 0)
    >>> len(lines) >= 1
    True
    >>> hint_lines(g, 1)
    []
    """
    if game.is_over or seat not in game.to_act:
        return []
    try:
        lines = _external_hint(game, seat, lang)
    except Exception:  # noqa: BLE001 - fall back to a bot suggestion
        log.exception("hint function failed")
        lines = None
    if lines:
        return lines
    for name in reversed(qwixo.list_bots(game.name)):  # the strongest bot that works
        try:
            bot = qwixo.make_bot(game.name, name, seconds=HINT_SECONDS)
            decision = bot.decide(game.copy(), seat)
        except Exception:  # noqa: BLE001 - a bot being written, a missing database...
            log.warning("hint: bot %s failed", name, exc_info=True)
            continue
        return [t("hint_suggest", lang, bot=name, decision=decision)]
    return []
