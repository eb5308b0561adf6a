"""Quixo in JAX with PGX's interface (:mod:`qwixo.jax`; the optional extra ``qwixo[jax]``).

Sizes 3..7, 2 players, or 4 players in two teams. The numbers and tables come from the one
source of the board geometry, :mod:`qwixo.quixo.tables` and the kernels' own push
(:func:`qwixo.quixo.kernels.push`): here they are turned into gathers over a board of cells.

- A board is ``int8[N·N]``, cell ``r·N + f`` (the bit of the bitboards): 0 empty, 2 players
  ``1 + player`` (X, O), 4 players ``1 + seat`` of the dot (N, E, S, W; teams N+S and E+W).
- Actions and observations are :class:`qwixo.envs.quixo_codec.QuixoCodec`'s: action ``m`` the
  move ``m`` of the tables (4 players: ``4·m + dot``, the last action a pass); the
  observation ``int8 (N, N, C)`` with the observer's planes first and the to-move plane last.
- The end as in the vector environment (:class:`qwixo.envs.vector.QuixoVec`): a move that
  makes the opponents' line loses even when it makes the mover's too; an illegal action loses
  for the mover; after ``max_plies`` plies the game is truncated (rewards 0). Rewards: +1 the
  winning side, -1 the other (a team shares). Stepping a finished state changes nothing
  (rewards 0); a finished state's ``legal_action_mask`` allows every action, as PGX's.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from qwixo.jax import JaxGame, Tally, where_done
from qwixo.quixo import kernels as QK
from qwixo.quixo.tables import MAX_SIZE, MIN_SIZE, move_tables


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State:
    current_player: jax.Array       # int32 ()
    observation: jax.Array          # int8 (N, N, C): the current player's
    legal_action_mask: jax.Array    # bool (A,)
    rewards: jax.Array              # float32 (players,): this step's
    terminated: jax.Array           # bool ()
    truncated: jax.Array            # bool ()
    _step_count: jax.Array          # int32 (): plies played
    _board: jax.Array               # int8 (N·N,)

    def replace(self, **changes: Any) -> State:
        return dataclasses.replace(self, **changes)


@cache
def board_tables(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(src, dst, gather, lines)`` of an n×n board: the cells taken and pushed into per move,
    ``gather[m]`` such that ``board[gather[m]]`` is the board after move ``m`` slid the cubes
    (the new cube not yet placed), and the lines as ``bool (2n+2, n·n)``. Derived from
    :func:`~qwixo.quixo.tables.move_tables` and the kernels' :func:`~qwixo.quixo.kernels.push`
    (each cell's cube pushed alone)."""
    mt = move_tables(n)
    T, L = QK.packed_tables(n)
    nn = n * n
    M = len(mt.src)
    gather = np.tile(np.arange(nn, dtype=np.int32), (M, 1))
    for m in range(M):
        for c in range(nn):
            after = int(QK.push(np.uint64(1 << c), m, T))
            if after:
                gather[m, after.bit_length() - 1] = c
    lines = np.array([[(int(x) >> c) & 1 for c in range(nn)] for x in L], dtype=bool)
    return mt.src.astype(np.int32), mt.dst.astype(np.int32), gather, lines


class QuixoJax:
    """One Quixo configuration (see the module docstring).

    >>> import jax
    >>> env = QuixoJax(size=3)
    >>> s = env.init(jax.random.key(0))
    >>> env.num_actions, s.observation.shape, int(s.legal_action_mask.sum())
    (20, (3, 3, 3), 20)
    """

    def __init__(self, size: int = 5, players: int = 2, max_plies: int | None = 200) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE or players not in (2, 4):
            raise ValueError(f"size {MIN_SIZE}..{MAX_SIZE}, players 2 or 4")
        self.size, self.players = int(size), int(players)
        self.max_plies = max_plies
        src, dst, gather, lines = board_tables(self.size)
        self.num_moves = len(src)
        self.num_actions = self.num_moves if players == 2 else 4 * self.num_moves + 1
        self.num_players = self.players
        C = 3 if players == 2 else 5
        self.observation_shape = (self.size, self.size, C)
        self.id = f"quixo-{size}x{size}" + ("" if players == 2 else "-4p")
        self.version = "v0"
        self._src, self._dst = jnp.asarray(src), jnp.asarray(dst)
        self._gather, self._lines = jnp.asarray(gather), jnp.asarray(lines)

    # -- PGX's interface -------------------------------------------------------------------
    def init(self, key: jax.Array) -> State:
        """The empty board, player 0 to move (Quixo has no chance: ``key`` is not used)."""
        board = jnp.zeros(self.size * self.size, jnp.int8)
        p = jnp.int32(0)
        return State(current_player=p, observation=self._observe(board, p, p),
                     legal_action_mask=self._mask(board, p),
                     rewards=jnp.zeros(self.players, jnp.float32),
                     terminated=jnp.bool_(False), truncated=jnp.bool_(False),
                     _step_count=jnp.int32(0), _board=board)

    def step(self, state: State, action: jax.Array, key: jax.Array | None = None) -> State:
        """Play ``action`` for the current player (``key`` is not used)."""
        done = state.terminated | state.truncated
        return jax.lax.cond(done, lambda: state.replace(rewards=jnp.zeros_like(state.rewards)),
                            lambda: self._step(state, jnp.asarray(action, jnp.int32)))

    def observe(self, state: State, player: jax.Array) -> jax.Array:
        return self._observe(state._board, state.current_player, jnp.asarray(player, jnp.int32))

    # -- the rules, on a board of cells -----------------------------------------------------
    def _has_line(self, mine: jax.Array) -> jax.Array:
        return jnp.any(jnp.all(mine[None, :] | ~self._lines, axis=1))

    def _move_ok(self, board: jax.Array, p: jax.Array) -> jax.Array:
        """``bool (M,)``: the moves whose cube the mover may take (QK.legal)."""
        cube = board[self._src]
        if self.players == 2:
            return cube != (2 - p)  # not the opponent's
        return (cube == 0) | (cube == p + 1)  # blank, or its dot at the mover

    def _mask(self, board: jax.Array, p: jax.Array) -> jax.Array:
        ok = self._move_ok(board, p)
        if self.players == 2:
            return ok
        dots = jnp.arange(4)
        mine = (dots == p) | (dots == (p ^ 2))
        moves = (ok[:, None] & mine[None, :]).reshape(-1)
        return jnp.concatenate([moves, ~jnp.any(ok)[None]])

    def _observe(self, board: jax.Array, to_move: jax.Array, player: jax.Array) -> jax.Array:
        k = 2 if self.players == 2 else 4
        planes = [board == ((player + c) % k) + 1 for c in range(k)]
        planes.append(jnp.broadcast_to(player == to_move, board.shape))
        n = self.size
        return jnp.stack(planes, axis=-1).astype(jnp.int8).reshape(n, n, k + 1)

    def _step(self, state: State, action: jax.Array) -> State:
        board, p = state._board, state.current_player
        mask = self._mask(board, p)
        A = self.num_actions
        legal = (action >= 0) & (action < A) & mask[jnp.clip(action, 0, A - 1)]
        if self.players == 2:
            m = jnp.clip(action, 0, self.num_moves - 1)
            dot = p
            is_pass = jnp.bool_(False)
        else:
            is_pass = action == A - 1
            m = jnp.clip(action >> 2, 0, self.num_moves - 1)
            dot = action & 3
        moved = board[self._gather[m]].at[self._dst[m]].set((dot + 1).astype(jnp.int8))
        new = jnp.where(is_pass | ~legal, board, moved)
        if self.players == 2:
            mine, theirs = new == p + 1, new == 2 - p
        else:
            x = (new == 1) | (new == 3)
            o = (new == 2) | (new == 4)
            mine, theirs = jnp.where(p & 1, o, x), jnp.where(p & 1, x, o)
        r = jnp.where(self._has_line(theirs), -1, jnp.where(self._has_line(mine), 1, 0))
        r = jnp.where(legal, r, -1).astype(jnp.float32)
        seats = jnp.arange(self.players)
        same = (seats & 1) == (p & 1) if self.players == 4 else seats == p
        rewards = jnp.where(same, r, -r)
        ply = state._step_count + 1
        terminated = r != 0
        limit = self.max_plies if self.max_plies is not None else np.iinfo(np.int32).max
        truncated = ~terminated & (ply >= limit)
        nxt = jnp.where(legal, (p + 1) % self.players, p).astype(jnp.int32)
        over = terminated | truncated
        return State(current_player=nxt, observation=self._observe(new, nxt, nxt),
                     legal_action_mask=jnp.where(over, True, self._mask(new, nxt)),
                     rewards=rewards, terminated=terminated, truncated=truncated,
                     _step_count=ply, _board=new)

    # -- the bridge to the kernels' state (the agreement check) ---------------------------------
    def bitboards(self, state: Any) -> np.ndarray:
        """The kernels' bitboards ``uint64 (…, 5)`` of (a batch of) states: X, O (4 players:
        N, E, S, W) and the player to move, as :attr:`qwixo.envs.vector.QuixoVec.boards`."""
        board = np.asarray(state._board)
        k = 2 if self.players == 2 else 4
        weights = (np.uint64(1) << np.arange(board.shape[-1], dtype=np.uint64))
        out = np.zeros(board.shape[:-1] + (5,), np.uint64)
        for c in range(k):
            out[..., c] = ((board == c + 1).astype(np.uint64) * weights).sum(axis=-1)
        out[..., 4] = np.asarray(state.current_player).astype(np.uint64)
        return out


def make(size: int = 5, players: int = 2, max_plies: int | None = 200) -> QuixoJax:
    return QuixoJax(size=size, players=players, max_plies=max_plies)


def check(games: int = 10_000, seed: int = 0, size: int = 5, players: int = 2,
          max_plies: int | None = 200, batch: int = 1024, illegal: float = 0.01,
          env: QuixoJax | None = None) -> dict[str, Any]:
    """Random games played at once in the port and in :class:`qwixo.envs.vector.QuixoVec`
    (the kernels), the same action in both at every step: uniformly random legal ones, and
    with probability ``illegal`` any action (an illegal one loses). Compared at every step:
    the board and the player to move, the observation, the mask, the rewards, the end and
    whether it is a truncation (a finished game's last position by the kernels' own
    ``state_play`` on the position before). Returns the report of :class:`qwixo.jax.JaxGame`;
    ``batch`` games are played at once (one compilation of the batched step)."""
    import time

    from qwixo.envs.vector import QuixoVec

    t0 = time.perf_counter()
    if env is None:  # (a port given here is checked instead: the tests give a broken one)
        env = QuixoJax(size=size, players=players, max_plies=max_plies)
    B = max(1, min(batch, games))
    kv = QuixoVec(B, size=size, players=players,
                  max_plies=max_plies if max_plies is not None else 1 << 30)
    kv.reset(seed=seed)
    T, L = QK.packed_tables(size)
    rng = np.random.default_rng(seed)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(env.step))
    keys = jax.random.split(jax.random.key(seed), B)
    fresh = init(keys)
    st = fresh

    restart = jax.jit(lambda st, done: where_done(done, fresh, st))

    A = env.num_actions
    tally = Tally(B, games)
    note = tally.note

    def compare_live(st: State) -> None:
        jb = env.bitboards(st)
        jobs = np.asarray(st.observation)
        jmask = np.asarray(st.legal_action_mask)
        ko, km = kv.obs, kv.mask
        b_bad = (jb != kv.boards).any(axis=1)
        o_bad = (jobs != ko).reshape(B, -1).any(axis=1)
        m_bad = (jmask != km).any(axis=1)
        for i in np.flatnonzero(b_bad | o_bad | m_bad):
            if b_bad[i]:
                note(i, "state", jax=jb[i].tolist(), kernel=kv.boards[i].tolist())
            elif o_bad[i]:
                note(i, "observation")
            else:
                note(i, "legal_action_mask", jax=np.flatnonzero(jmask[i]).tolist(),
                     kernel=np.flatnonzero(km[i]).tolist())

    compare_live(st)
    last_mask = kv.mask.copy()
    while tally.finished < games:
        actions = kv.sample_actions()
        wild = rng.random(B) < illegal
        actions[wild] = rng.integers(0, A, wild.sum())
        before = kv.boards.copy()
        kv.step(actions)
        st = step(st, jnp.asarray(actions, jnp.int32), keys)
        tally.steps += B
        done = kv.done.copy()
        jterm, jtrunc = np.asarray(st.terminated), np.asarray(st.truncated)
        jrew = np.asarray(st.rewards)
        jb = env.bitboards(st)
        e_bad = ((jterm | jtrunc) != done) | (jtrunc != kv.truncated)
        r_bad = (jrew != kv.reward).any(axis=1)
        for i in np.flatnonzero(e_bad | r_bad):
            if e_bad[i]:
                note(i, "end", jax=[bool(jterm[i]), bool(jtrunc[i])],
                     kernel=[bool(done[i]), bool(kv.truncated[i])])
            else:
                note(i, "rewards", jax=jrew[i].tolist(), kernel=kv.reward[i].tolist())
        for i in np.flatnonzero(done):  # the last position, by the kernels from the one before
            a = int(actions[i])
            pos = before[i].copy()
            if 0 <= a < A and last_mask[i, a]:  # an illegal action loses: nothing moves
                QK.state_play(pos, players, QK.PASS if players == 4 and a == A - 1 else a, T, L)
            if not np.array_equal(jb[i], pos):
                note(i, "last position", jax=jb[i].tolist(), kernel=pos.tolist())
            tally.finish(i)
        if done.any():
            st = restart(st, jnp.asarray(done))
        compare_live(st)
        last_mask[:] = kv.mask
    return tally.report(time.perf_counter() - t0)


#: the port, as the game's metadata names it (``GameInfo.jax_env``; :mod:`qwixo.jax`)
JAX = JaxGame(make=make, check=check, ids={
    **{f"quixo-{n}x{n}": {"size": n} for n in range(MIN_SIZE, MAX_SIZE + 1)},
    **{f"quixo-{n}x{n}-4p": {"size": n, "players": 4} for n in range(MIN_SIZE, MAX_SIZE + 1)}})
