"""mctx's Gumbel MuZero search on the JAX port of Quixo, against a random player.

    pip install -e '.[jax]'
    python examples/jax_mctx.py                       # 4×4, 64 games, 32 simulations
    python examples/jax_mctx.py --env quixo-3x3 --games 32 --simulations 64

The search uses the true rules as its model (``recurrent_fn`` steps the port), a uniform prior
over the legal actions and a value of zero at the leaves (no network): what is left is the
search itself. Games are played in a batch (``jax.vmap``); the searcher takes seat 0 in half
of them and seat 1 in the other half; the ply limit of the port (200) draws.
"""

from __future__ import annotations

import argparse

import jax
import jax.numpy as jnp
import mctx

import qwixo.jax


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--env", default="quixo-4x4", help="a 2-player Quixo id of qwixo.jax")
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--simulations", type=int, default=32)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    env = qwixo.jax.make(a.env)
    if env.num_players != 2:
        raise SystemExit("a two-player game, please")
    B = a.games

    def recurrent_fn(params, key, action, state):
        mover = state.current_player
        nxt = jax.vmap(env.step)(state, action)
        over = nxt.terminated | nxt.truncated
        reward = jnp.take_along_axis(nxt.rewards, mover[:, None], axis=1)[:, 0]
        logits = jnp.where(nxt.legal_action_mask, 0.0, -jnp.inf)
        out = mctx.RecurrentFnOutput(reward=reward, discount=jnp.where(over, 0.0, -1.0),
                                     prior_logits=logits, value=jnp.zeros(B))
        return out, nxt

    @jax.jit
    def search_action(state, key):
        root = mctx.RootFnOutput(prior_logits=jnp.where(state.legal_action_mask, 0.0, -jnp.inf),
                                 value=jnp.zeros(B), embedding=state)
        out = mctx.gumbel_muzero_policy(params=None, rng_key=key, root=root,
                                        recurrent_fn=recurrent_fn,
                                        num_simulations=a.simulations,
                                        invalid_actions=~state.legal_action_mask)
        return out.action

    @jax.jit
    def random_action(state, key):
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    step = jax.jit(jax.vmap(env.step))
    key = jax.random.key(a.seed)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, B))
    seat = jnp.arange(B) % 2                      # the searcher's seat in each game
    total = jnp.zeros(B)
    while not bool((state.terminated | state.truncated).all()):
        key, k1, k2 = jax.random.split(key, 3)
        action = jnp.where(state.current_player == seat, search_action(state, k1),
                           random_action(state, k2))
        state = step(state, action)
        total = total + jnp.take_along_axis(state.rewards, seat[:, None], axis=1)[:, 0]
    won, lost = int((total > 0).sum()), int((total < 0).sum())
    line = (f"{a.env}: Gumbel MuZero ({a.simulations} simulations, uniform prior, zero value) "
            f"vs random, {B} games: won {won}, drawn {B - won - lost}, lost {lost}; "
            f"mean return {float(total.mean()):+.3f}")
    print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
