"""The heavy reads of finished games, as functions of plain data (their arguments and results
pickle): the server runs them off its event loop, in the heavy reads' worker
(:meth:`qwixo.server.botrunner.BotRunner.read`), so a replay, an analysis' steps or a long
player page never stalls the other games' moves. Only the engines and the rooms are imported
here (never the web framework): a worker process loads this module."""

from __future__ import annotations

from typing import Any

from qwixo.core import load_game
from qwixo.server.accounts import game_record, statistics
from qwixo.server.lobby import apply_events
from qwixo.server.protocol import ServerError
from qwixo.server.rooms import Room


def room_parts(room: Room) -> dict[str, Any]:
    """What :func:`replay_view` needs of a room (its events as they are now)."""
    return {"id": room.id, "game_name": room.game_name, "settings": room.settings,
            "options": room.options, "initial": room.initial, "seats": list(room.seats),
            "events": list(room.events), "created": room.created, "updated": room.updated}


def replay_view(parts: dict[str, Any], step: int) -> dict[str, Any]:
    """The spectator view of a finished game (:func:`room_parts`) after its first ``step``
    events."""
    events = parts["events"]
    game = apply_events(load_game(parts["initial"]), events[:step])
    if game is None:  # pragma: no cover - the stored events of a game always apply
        raise ServerError("server_error", status=500)
    shadow = Room(id=parts["id"], game_name=parts["game_name"], settings=parts["settings"],
                  options=parts["options"], game=game, initial=parts["initial"],
                  seats=parts["seats"], events=events[:step], created=parts["created"],
                  updated=parts["updated"])
    view = shadow.view(None)
    view["replay"] = {"step": step, "steps": len(events)}
    return view


def history_steps(initial: str, events: list[dict[str, Any]]) -> list[int]:
    """For each entry of the finished game's history, the replay step (number of the room's
    events) after which the position shows it: the last event that brought the history to
    that length (undone decisions are replaced by the ones that stayed)."""
    game = load_game(initial)
    steps: list[int] = []
    for k, ev in enumerate(events, 1):
        game = apply_events(game, [ev])
        if game is None:  # pragma: no cover - the stored events of a game always apply
            break
        n = len(game.history)
        del steps[n:]
        steps.extend([k] * (n - len(steps)))
    return steps


def player_games(rows: list[tuple]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A player's games (rows of ``AccountStore.games_of``: each game's snapshot is loaded)
    and their statistics per class."""
    records = [game_record(r) for r in rows]
    return records, statistics(records)
