"""Qwixx in JAX with PGX's interface (:mod:`qwixo.jax`; the optional extra ``qwixo[jax]``).

The editions without lucky numbers and chains — classic, Mixx A, Mixx B — with 1 to 5 players,
played as the vector environment plays them (:class:`qwixo.envs.vector.QwixxVec`):

- a turn is the roll (drawn from the key of the ``step`` that ends the turn before, or of
  ``init``), action 1 asked of the players one after another (player 0 first; each sees the
  sheets as they were before action 1, the choices are kept aside and take effect together
  after the last one), then the active player's action 2; a pass in action 2 after no cross
  in action 1 costs a penalty box; two closed rows or a sheet's last penalty end the game;
- an action outside the mask is played as ``pass`` (the vector environment's rule);
- actions and observations are :class:`qwixo.envs.qwixx_codec.QwixxCodec`'s; ``rewards`` are
  zero until the step that ends the game, then those of :mod:`qwixo.envs.rewards`
  (``"outcome"``, ``"margin"``, ``"score"``; a lone player's outcome its score over the
  codec's ``solo_scale``).

Every number — the rows' numbers, the cells a die pair may cross, where the lock cells begin,
how many crosses a lock needs, the penalties, the row points, the rows that end the game — is
read from the edition's table (:func:`qwixo.qwixx.editions.arrays`,
:func:`qwixo.qwixx.kernels.table`, :func:`qwixo.qwixx.editions.row_points`); this module
restates only the flow of a step in array form.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from qwixo.jax import JaxGame, Tally, where_done
from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import EDITIONS, END_ROWS, arrays, edition, row_points

#: the editions the port plays (no lucky numbers, no bar, no pairs)
PORTED = tuple(n for n in EDITIONS
               if not edition(n).lucky and not edition(n).bar and not edition(n).pairs)
ACTION1, ACTION2, OVER = K.P_ACTION1, K.P_ACTION2, K.P_OVER


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class State:
    current_player: jax.Array       # int32 (): action 1 the player asked, action 2 the active
    observation: jax.Array          # float32 (obs_size,): the current player's
    legal_action_mask: jax.Array    # bool (A,)
    rewards: jax.Array              # float32 (P,)
    terminated: jax.Array           # bool ()
    truncated: jax.Array            # bool () (never: the game has no cut)
    _step_count: jax.Array          # int32 ()
    _marks: jax.Array               # bool (P, 4, L): crossed cells
    _last: jax.Array                # int32 (P, 4): the last crossed position, -1 none
    _cnt: jax.Array                 # int32 (P, 4): crosses, the lock box included
    _locked: jax.Array              # bool (P, 4): lock boxes crossed
    _pen: jax.Array                 # int32 (P,): penalty boxes
    _closed: jax.Array              # bool (4,)
    _active: jax.Array              # int32 ()
    _phase: jax.Array               # int32 (): ACTION1, ACTION2 or OVER
    _a1crossed: jax.Array           # bool ()
    _asked: jax.Array               # int32 (): action 1, the player asked
    _choice: jax.Array              # int32 (P,): action-1 choices kept aside (0 pass)
    _dice: jax.Array                # int32 (6,): w1 w2 r y g b

    def replace(self, **changes: Any) -> State:
        return dataclasses.replace(self, **changes)


class QwixxJax:
    """One Qwixx configuration (see the module docstring).

    >>> import jax
    >>> env = QwixxJax("classic", players=2)
    >>> s = env.init(jax.random.key(0))
    >>> env.num_actions, s.observation.shape, int(s.current_player)
    (45, (151,), 0)
    """

    def __init__(self, edition_name: str = "classic", players: int = 2,
                 reward: str = "outcome") -> None:
        from qwixo.envs.qwixx_codec import QwixxCodec
        from qwixo.envs.rewards import REWARD_MODES

        codec = QwixxCodec(edition_name, players)  # validates the edition and the players
        if codec.edition_name not in PORTED:
            raise ValueError(f"the JAX port plays {', '.join(PORTED)}, not {edition_name!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}")
        self.codec = codec
        self.edition = codec.edition_name
        self.players = self.num_players = int(players)
        self.reward_mode = reward
        self.num_actions = codec.num_actions
        self.observation_shape = codec.obs_shape
        self.id = f"qwixx-{self.edition}-{self.players}p"
        self.version = "v0"
        a = arrays(self.edition)
        T = K.table(self.edition)
        self.L = L = int(T[K.T_LEN])
        self.faces = int(T[K.T_FACES])
        self.need = int(T[K.T_NEED])
        self.max_pen = int(T[K.T_MAXPEN])
        self.pen_points = int(T[K.T_PENPTS])
        self.solo_scale = float(codec.solo_scale)
        self.blocks = {k: v[0] for k, v in codec.blocks.items()}
        self._lock_from = jnp.asarray(np.asarray(a.lock_from, np.int32))
        self._index_of = jnp.asarray(np.asarray(a.index_of, np.int32))        # (4, sums)
        self._by_colour = jnp.asarray(np.asarray(a.cells_by_colour, np.int32))  # (4, sums, 4)
        self._row_points = jnp.asarray([row_points(c) for c in range(L + 2)], jnp.int32)
        self._pos = jnp.arange(L)

    # -- PGX's interface -------------------------------------------------------------------
    def roll(self, key: jax.Array) -> jax.Array:
        """Six dice ``w1 w2 r y g b`` (all six rolled; a closed row's die is not looked at)."""
        return jax.random.randint(key, (6,), 1, self.faces + 1, jnp.int32)

    def init(self, key: jax.Array) -> State:
        return self.init_with_dice(self.roll(key))

    def step(self, state: State, action: jax.Array, key: jax.Array | None = None) -> State:
        """The current player's ``action``; ``key`` draws the next roll when the turn ends
        (needed then: a step without a key rolls from a fixed key)."""
        key = jax.random.key(0) if key is None else key
        return self.step_with_dice(state, action, self.roll(key))

    def observe(self, state: State, player: jax.Array) -> jax.Array:
        return self._observe(state, jnp.asarray(player, jnp.int32))

    # -- the same with the dice given (what the agreement check feeds from the kernels) -------
    def init_with_dice(self, dice: jax.Array) -> State:
        P, L = self.players, self.L
        z = jnp.zeros
        s = State(current_player=jnp.int32(0), observation=z(self.codec.obs_size, jnp.float32),
                  legal_action_mask=z(self.num_actions, bool), rewards=z(P, jnp.float32),
                  terminated=jnp.bool_(False), truncated=jnp.bool_(False),
                  _step_count=jnp.int32(0), _marks=z((P, 4, L), bool),
                  _last=jnp.full((P, 4), -1, jnp.int32), _cnt=z((P, 4), jnp.int32),
                  _locked=z((P, 4), bool), _pen=z(P, jnp.int32), _closed=z(4, bool),
                  _active=jnp.int32(0), _phase=jnp.int32(ACTION1),
                  _a1crossed=jnp.bool_(False), _asked=jnp.int32(0), _choice=z(P, jnp.int32),
                  _dice=jnp.asarray(dice, jnp.int32))
        return self._finish(s)

    def step_with_dice(self, state: State, action: jax.Array, dice: jax.Array) -> State:
        """:meth:`step` with the next roll given (used only when this step ends a turn)."""
        done = state.terminated | state.truncated
        return jax.lax.cond(done, lambda: state.replace(rewards=jnp.zeros_like(state.rewards)),
                            lambda: self._step(state, jnp.asarray(action, jnp.int32),
                                               jnp.asarray(dice, jnp.int32)))

    # -- the rules in array form (the kernels' legal, white/colour options, _mark, ...) ---------
    def _open(self, s: State, p: jax.Array) -> jax.Array:
        """``bool (4, L)``: the cells player ``p`` may cross (:func:`K.legal`)."""
        i = self._pos[None, :]
        return ((i > s._last[p][:, None]) & ~s._closed[:, None]
                & ((i < self._lock_from[:, None]) | (s._cnt[p] >= self.need)[:, None]))

    def _cells(self, s: State, p: jax.Array) -> jax.Array:
        """``bool (4, L)``: player ``p``'s options now (action 1: the white sum; action 2:
        a white die and a coloured die still in play, :func:`K.colour_options`)."""
        d = s._dice
        white = self._index_of[:, d[0] + d[1]]                               # (4,)
        a1 = white[:, None] == self._pos[None, :]
        sums = d[jnp.array([0, 1])][None, :] + d[2:][:, None]                  # (colour, w)
        idx = self._by_colour[jnp.arange(4)[:, None], sums]                   # (c, w, row)
        hit = (idx[..., None] == self._pos) & ~s._closed[:, None, None, None]  # (c, w, r, L)
        a2 = jnp.any(hit, axis=(0, 1))
        return jnp.where(s._phase == ACTION1, a1, a2) & self._open(s, p)

    def _mark(self, s: State, sel: jax.Array) -> State:
        """Cross the cells ``sel`` (``bool (P, 4, L)``, one a row at most) and their lock boxes
        (:func:`K._mark`); the rows locked close."""
        row = jnp.any(sel, axis=-1)                                            # (P, 4)
        pos = jnp.argmax(sel, axis=-1).astype(jnp.int32)
        lock = row & (pos >= self._lock_from[None, :])
        return s.replace(_marks=s._marks | sel, _last=jnp.where(row, pos, s._last),
                         _cnt=s._cnt + row + lock, _locked=s._locked | lock,
                         _closed=s._closed | jnp.any(lock, axis=0))

    def _sel(self, actions: jax.Array) -> jax.Array:
        """``bool (P, 4, L)`` of one action per player (0: pass)."""
        cell = jnp.arange(4 * self.L).reshape(4, self.L) + 1
        return actions[:, None, None] == cell[None]

    def scores(self, s: State) -> jax.Array:
        """Every sheet's points (:func:`K.score`)."""
        return self._row_points[s._cnt].sum(axis=-1) - s._pen * self.pen_points

    def _rewards(self, scores: jax.Array) -> jax.Array:
        """:func:`qwixo.envs.rewards.end_rewards` of the final scores."""
        x = scores.astype(jnp.float32)
        P = self.players
        if self.reward_mode == "score":
            return x
        if P == 1:
            return x if self.reward_mode == "margin" else jnp.clip(x / self.solo_scale, -1, 1)
        if self.reward_mode == "margin":
            others = jnp.where(jnp.eye(P, dtype=bool), -jnp.inf, x[None, :])
            return x - others.max(axis=1)
        best = x.max()
        return jnp.where(jnp.all(x == best), 0.0, jnp.where(x == best, 1.0, -1.0))

    def _step(self, s: State, action: jax.Array, dice: jax.Array) -> State:
        P = self.players
        legal = (action >= 0) & (action < self.num_actions) & s.legal_action_mask[
            jnp.clip(action, 0, self.num_actions - 1)]
        code = jnp.where(legal, action, 0)
        q = s._asked
        in_a1 = s._phase == ACTION1
        # action 1: the choice is kept aside; after the last player all take effect together
        choice = s._choice.at[q].set(code)
        ask_next = s.replace(_asked=q + 1, _choice=choice)
        res = self._mark(s, self._sel(choice))
        res = res.replace(_a1crossed=choice[s._active] > 0, _choice=choice)
        res = res.replace(_phase=jnp.where(res._closed.sum() >= END_ROWS, OVER, ACTION2))
        # action 2: the active player's cross, or a pass (a penalty after no cross in action 1)
        a = s._active
        mine = jnp.arange(P) == a
        fin = self._mark(s, self._sel(jnp.where(mine, code, 0)))
        penalty = (code == 0) & ~s._a1crossed
        fin = fin.replace(_pen=fin._pen + (mine & penalty))
        over = (fin._pen[a] >= self.max_pen) | (fin._closed.sum() >= END_ROWS)
        nxt = fin.replace(_active=(a + 1) % P, _phase=jnp.int32(ACTION1),
                          _a1crossed=jnp.bool_(False), _asked=jnp.int32(0),
                          _choice=jnp.zeros(P, jnp.int32), _dice=dice)
        fin = jax.tree.map(lambda x, y: jnp.where(over, x, y), fin.replace(_phase=jnp.int32(OVER)),
                           nxt)
        a1 = jax.tree.map(lambda x, y: jnp.where(q + 1 < P, x, y), ask_next, res)
        out = jax.tree.map(lambda x, y: jnp.where(in_a1, x, y), a1, fin)
        out = out.replace(_step_count=s._step_count + 1)
        return self._finish(out)

    def _finish(self, s: State) -> State:
        """The current player, mask, observation, end and rewards of a state."""
        over = s._phase == OVER
        p = jnp.where(s._phase == ACTION1, s._asked, s._active).astype(jnp.int32)
        mask = jnp.concatenate([jnp.ones(1, bool), self._cells(s, p).reshape(-1)])
        rewards = jnp.where(over, self._rewards(self.scores(s)), 0.0).astype(jnp.float32)
        s = s.replace(current_player=p, legal_action_mask=jnp.where(over, True, mask),
                      rewards=rewards, terminated=over)
        return s.replace(observation=self._observe(s, p))

    def _observe(self, s: State, o: jax.Array) -> jax.Array:
        """The codec's vector for player ``o`` (:func:`qwixo.envs.vector._qx_observe`)."""
        P, F, b = self.players, self.faces, self.blocks
        rel = (o + jnp.arange(P)) % P
        parts = {
            "cells": s._marks[rel].reshape(-1),
            "locks": s._locked[rel].reshape(-1),
            "penalties": (jnp.arange(self.max_pen)[None, :] < s._pen[rel][:, None]).reshape(-1),
            "closed": s._closed,
            "dice": ((s._dice[:, None] == jnp.arange(1, F + 1)[None, :])
                     & jnp.concatenate([jnp.ones(2, bool), ~s._closed])[:, None]).reshape(-1),
            "phase": jnp.arange(1, 4) == s._phase,
            "active": jnp.arange(P) == (s._active - o) % P,
            "a1_crossed": ((s._phase == ACTION2) & s._a1crossed)[None],
            "to_act": (o == s.current_player)[None] & (s._phase != OVER),
        }
        order = sorted(parts, key=lambda k: b[k])
        return jnp.concatenate([parts[k].astype(jnp.float32) for k in order])

    # -- the bridge to the kernels' state -----------------------------------------------------
    def kernel_fields(self, s: Any) -> dict[str, np.ndarray]:
        """The fields of (a batch of) states in the kernels' encoding (:mod:`K`'s offsets:
        bit masks for the marks, locks and closed rows)."""
        pos = np.uint64(1) << np.arange(self.L, dtype=np.uint64)
        rows = np.uint64(1) << np.arange(4, dtype=np.uint64)
        return {"closed": (np.asarray(s._closed) * rows).sum(-1).astype(np.int64),
                "active": np.asarray(s._active).astype(np.int64),
                "phase": np.asarray(s._phase).astype(np.int64),
                "a1crossed": np.asarray(s._a1crossed).astype(np.int64),
                "dice": np.asarray(s._dice).astype(np.int64),
                "last": np.asarray(s._last).astype(np.int64),
                "cnt": np.asarray(s._cnt).astype(np.int64),
                "marks": (np.asarray(s._marks) * pos).sum(-1).astype(np.int64),
                "pen": np.asarray(s._pen).astype(np.int64),
                "locked": (np.asarray(s._locked) * rows).sum(-1).astype(np.int64)}

    def kernel_state_fields(self, S: np.ndarray) -> dict[str, np.ndarray]:
        """The same fields read from kernel states ``S`` (``(…, K.H + P·K.PB)``)."""
        P = self.players
        sh = S[..., K.H:K.H + P * K.PB].reshape(S.shape[:-1] + (P, K.PB))
        return {"closed": S[..., K.CLOSED], "active": S[..., K.ACTIVE],
                "phase": S[..., K.PHASE], "a1crossed": S[..., K.A1CROSSED],
                "dice": S[..., K.DICE:K.DICE + 6], "last": sh[..., K.LAST:K.LAST + 4],
                "cnt": sh[..., K.CNT:K.CNT + 4], "marks": sh[..., K.MARKS:K.MARKS + 4],
                "pen": sh[..., K.PEN], "locked": sh[..., K.LOCKED]}


def make(edition: str = "classic", players: int = 2, reward: str = "outcome") -> QwixxJax:
    return QwixxJax(edition, players=players, reward=reward)


def check(games: int = 10_000, seed: int = 0, edition: str = "classic", players: int = 2,
          reward: str = "outcome", batch: int = 1024, illegal: float = 0.01,
          env: QwixxJax | None = None) -> dict[str, Any]:
    """Random games played at once in the port and in :class:`qwixo.envs.vector.QwixxVec`
    (the kernels), the same action in both at every step (uniformly random legal ones, with
    probability ``illegal`` any action: played as a pass) and the kernels' dice fed to the port
    (:meth:`QwixxJax.step_with_dice`). Compared at every step: every field of the state in the
    kernels' encoding (sheets, closed rows, active player, phase, dice), the player to act,
    the observation, the mask, the rewards and the end; for a finished game its last state
    (the kernels' own ``resolve_action1`` / ``finish_action2`` on the state before) and its
    scores. ``batch`` games at once (one compilation of the batched step)."""
    import time

    from qwixo.envs.vector import QwixxVec

    t0 = time.perf_counter()
    if env is None:  # (a port given here is checked instead: the tests give a broken one)
        env = QwixxJax(edition, players=players, reward=reward)
    B = max(1, min(batch, games))
    kv = QwixxVec(B, edition=env.edition, players=env.players, reward=env.reward_mode)
    kv.reset(seed=seed)
    T = K.table(env.edition)
    ev = np.empty((0, 5), np.int64)
    rng = np.random.default_rng(seed)
    init = jax.jit(jax.vmap(env.init_with_dice))
    step = jax.jit(jax.vmap(env.step_with_dice))
    scores = jax.jit(jax.vmap(env.scores))

    restart = jax.jit(lambda st, done, dice: where_done(done, jax.vmap(env.init_with_dice)(dice),
                                                        st))

    st = init(jnp.asarray(kv.dice, jnp.int32))
    A, L = env.num_actions, env.L
    tally = Tally(B, games)
    note = tally.note

    def compare_fields(jf: dict[str, np.ndarray], kf: dict[str, np.ndarray],
                       rows: np.ndarray, what: str, skip: tuple[str, ...] = ()) -> None:
        for name in jf:
            if name in skip:
                continue
            a, b = jf[name][rows], kf[name]
            bad = (a != b).reshape(len(rows), -1).any(axis=1)
            for j in np.flatnonzero(bad):
                note(int(rows[j]), f"{what}: {name}", jax=a[j].tolist(), kernel=b[j].tolist())

    def compare_live(st: State) -> None:
        every = np.arange(B)
        compare_fields(env.kernel_fields(st), env.kernel_state_fields(kv.states), every,
                       "state")
        o_bad = (np.asarray(st.observation) != kv.obs).any(axis=1)
        m_bad = (np.asarray(st.legal_action_mask) != kv.mask).any(axis=1)
        p_bad = np.asarray(st.current_player) != kv.to_act
        for i in np.flatnonzero(o_bad | m_bad | p_bad):
            note(int(i), "current player" if p_bad[i] else "observation" if o_bad[i] else
                 "legal_action_mask")

    compare_live(st)
    while tally.finished < games:
        actions = kv.sample_actions()
        wild = rng.random(B) < illegal
        actions[wild] = rng.integers(0, A, wild.sum())
        before, asked, choice = kv.states.copy(), kv._g[:, 0].copy(), kv._choice.copy()
        mask = kv.mask.copy()
        kv.step(actions)
        dice = kv.dice.copy()
        st = step(st, jnp.asarray(actions, jnp.int32), jnp.asarray(dice, jnp.int32))
        tally.steps += B
        done = kv.done.copy()
        e_bad = np.asarray(st.terminated) != done
        r_bad = (np.asarray(st.rewards) != kv.reward).any(axis=1)
        for i in np.flatnonzero(e_bad | r_bad):
            note(int(i), "end" if e_bad[i] else "rewards",
                 jax=np.asarray(st.rewards)[i].tolist(), kernel=kv.reward[i].tolist())
        rows = np.flatnonzero(done)
        if len(rows):
            # the last state, by the kernels from the state before
            last = before[rows].copy()
            for j, i in enumerate(rows):
                a = int(actions[i])
                code = K.cell_code((a - 1) // L, (a - 1) % L) if 0 < a < A and mask[i, a] else -1
                if last[j, K.PHASE] == K.P_ACTION1:
                    ch = choice[i].copy()
                    ch[asked[i]] = code
                    K.resolve_action1(last[j], T, ch, ev, 0)
                else:
                    K.finish_action2(last[j], T, code, ev, 0)
            compare_fields(env.kernel_fields(st), env.kernel_state_fields(last), rows,
                           "last state", skip=("dice",))
            js = np.asarray(scores(st))
            for i in rows:
                if not np.array_equal(js[i], kv.final_scores[i]):
                    note(int(i), "scores", jax=js[i].tolist(), kernel=kv.final_scores[i].tolist())
            for i in rows:
                tally.finish(i)
            st = restart(st, jnp.asarray(done), jnp.asarray(dice, jnp.int32))
        compare_live(st)
    return tally.report(time.perf_counter() - t0)


#: the port, as the game's metadata names it (``GameInfo.jax_env``; :mod:`qwixo.jax`)
JAX = JaxGame(make=make, check=check, ids={
    f"qwixx-{name}-{p}p": {"edition": name, "players": p}
    for name in PORTED for p in range(1, 6)})
