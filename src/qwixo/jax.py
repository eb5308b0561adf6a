"""JAX ports of the games with PGX's interface (the optional extra ``qwixo[jax]``).

::

    import jax, qwixo.jax
    qwixo.jax.env_ids()                           # {id: (game, settings)}
    env = qwixo.jax.make(ID)                      # an id, or a game's name with its settings
    state = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.key(0), 4096))
    state = jax.jit(jax.vmap(env.step))(state, actions, keys)

``env.init(key) -> State`` and ``env.step(state, action, key=None) -> State``; a state has
``current_player``, ``observation`` (the current player's), ``legal_action_mask``,
``rewards`` (one per player, of this step), ``terminated``, ``truncated``;
``env.observe(state, player)``, ``env.num_players``, ``env.num_actions``,
``env.observation_shape``, ``env.id``. Both are pure functions of arrays: ``jax.jit`` and
``jax.vmap`` take them. Actions and observations are the research codecs' (docs/research.md,
"Encodings"), so a policy moves between the JAX port and the other interfaces.

This module names no game: a game declares its port in its metadata, ``GameInfo.jax_env``
(``"module:attribute"`` of a :class:`JaxGame`), and :func:`make` finds it there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class JaxGame:
    """What a game's JAX port gives (``GameInfo.jax_env`` names one):

    - ``make(**settings) -> env``: the environment of those settings (the game's own names);
    - ``ids``: canonical ids ``{id: settings}`` (a game, its size or edition, its players);
    - ``check(games, seed, **settings) -> dict``: plays ``games`` random games in the port
      and in the game's numba kernels with the same actions (and dice) and compares every
      step; the report has ``games``, ``agreeing``, ``steps`` and ``first_disagreement``.
    """

    make: Callable[..., Any]
    ids: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    check: Callable[..., dict[str, Any]] | None = None


def where_done(done: Any, fresh: Any, state: Any) -> Any:
    """A batch of states with game ``i`` taken from ``fresh`` where ``done[i]`` (restarting
    finished games; jittable)."""
    import jax
    import jax.numpy as jnp

    return jax.tree.map(lambda a, b: jnp.where(
        done.reshape(done.shape + (1,) * (a.ndim - 1)), a, b), fresh, state)


class Tally:
    """The bookkeeping of an agreement check over ``slots`` games played at once: a slot's
    game disagrees once :meth:`note` was called for it; :meth:`finish` counts its end (the
    first ``games`` ends only); :meth:`report` is the check's report."""

    def __init__(self, slots: int, games: int) -> None:
        import numpy as np

        self.games, self.finished, self.agreeing, self.steps = games, 0, 0, 0
        self.bad = np.zeros(slots, bool)
        self.first: dict[str, Any] | None = None

    def note(self, slot: int, what: str, **detail: Any) -> None:
        self.bad[slot] = True
        if self.first is None:
            self.first = {"slot": int(slot), "what": what, "games_finished": self.finished,
                          **detail}

    def finish(self, slot: int) -> None:
        if self.finished < self.games:
            self.finished += 1
            self.agreeing += not self.bad[slot]
        self.bad[slot] = False

    def report(self, seconds: float) -> dict[str, Any]:
        return {"games": self.finished, "agreeing": self.agreeing, "steps": self.steps,
                "first_disagreement": self.first, "seconds": seconds}


def _ported() -> dict[str, Any]:
    """``{game name: JaxGame}`` of every registered game that declares a port."""
    import qwixo
    from qwixo.gameinfo import load

    out = {}
    for name in qwixo.game_names():
        ref = getattr(qwixo.game_info(name), "jax_env", None)
        if ref:
            out[name] = load(ref)
    return out


def games() -> tuple[str, ...]:
    """The games with a JAX port."""
    return tuple(_ported())


def env_ids() -> dict[str, tuple[str, dict[str, Any]]]:
    """Every canonical id: ``{id: (game, settings)}``."""
    return {i: (name, dict(s)) for name, port in _ported().items() for i, s in port.ids.items()}


def port(game: str) -> JaxGame:
    """The :class:`JaxGame` of a game (``KeyError`` when it has none)."""
    ported = _ported()
    if game not in ported:
        raise KeyError(f"no JAX port of {game!r} (ported: {', '.join(ported) or 'none'})")
    return ported[game]


def resolve(env_id: str, **settings: Any) -> tuple[str, dict[str, Any]]:
    """``(game, settings)`` of an id or a game name (the keywords override the id's)."""
    ids = env_ids()
    if env_id in ids:
        game, base = ids[env_id]
        return game, {**base, **settings}
    port(env_id)  # a game name, or KeyError
    return env_id, dict(settings)


def make(env_id: str, **settings: Any) -> Any:
    """The JAX environment of ``env_id`` (a canonical id or a game's name, with settings)."""
    game, s = resolve(env_id, **settings)
    return port(game).make(**s)


def check(env_id: str, games: int = 10_000, seed: int = 0, **settings: Any) -> dict[str, Any]:
    """The agreement check of a port against the game's kernels (:class:`JaxGame`)."""
    game, s = resolve(env_id, **settings)
    p = port(game)
    if p.check is None:
        raise KeyError(f"the JAX port of {game!r} has no agreement check")
    return p.check(games=games, seed=seed, **s)


def main(argv: list[str] | None = None) -> int:
    """``python -m qwixo.jax check ID [--games N] [--seed S]`` and ``python -m qwixo.jax ids``."""
    import argparse
    import json

    ap = argparse.ArgumentParser(prog="python -m qwixo.jax")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("env_id", nargs="+")
    c.add_argument("--games", type=int, default=10_000)
    c.add_argument("--seed", type=int, default=0)
    sub.add_parser("ids")
    a = ap.parse_args(argv)
    if a.cmd == "ids":
        for i, (g, s) in env_ids().items():
            print(i, g, json.dumps(s))
        return 0
    bad = 0
    for env_id in a.env_id:
        r = check(env_id, games=a.games, seed=a.seed)
        print(f"{env_id}: {r['agreeing']:,}/{r['games']:,} games agree, "
              f"{r['steps']:,} steps compared ({r['seconds']:.1f} s)")
        if r["first_disagreement"]:
            print("  first disagreement:", r["first_disagreement"])
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
