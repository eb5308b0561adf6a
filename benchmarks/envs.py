"""Steps per second of every research environment, in one run (needs ``qwixo[research]`` for
PettingZoo, Gymnasium and OpenSpiel; the vectorised environments need numpy and numba only).

Usage::

    python benchmarks/envs.py                       # every environment, 2 s each
    python benchmarks/envs.py --seconds 5 --only vector
    python benchmarks/envs.py --n 4096              # games per vectorised step

Every environment plays uniformly random legal actions (from its action mask). A *step* is
one decision of one player: one AEC ``step``, one Gymnasium ``step`` (the bots' decisions in
it are not counted), one action of the vectorised environment (``n`` per call), one OpenSpiel
``apply_action`` (a die counts as one). The parallel PettingZoo environments count one step
per player deciding. Rates are per second of this process's CPU time (so other jobs on a
shared machine skew them less; the wall-clock rate is printed too); the vectorised rates count
the ``step`` call only (``with sampling``: also drawing the random actions, in numba).
The last lines are ``<env> steps/s: N`` (CPU time).

``kernel``: the Gymnasium kernel vector envs of :mod:`qwixo.envs.gym_vector` (one agent step
= the agent's decision and the opponents' replies, all in numba over every core), timed by
the wall clock, with the random legal actions drawn each step — the training rate a learner
sees; their CPU rate sums the cores. ``connect_four``: PettingZoo's own ``connect_four_v3``,
the reference, in the same run. The first line gives the cores usable, the load average and
``n``; the ``conditions:`` line after the table the load average after the run, numba's
threads and threading layer and the environment variables that choose them (on a shared
machine, wall-clock rates fall with the load, and numba's default OpenMP layer, whose
threads wait for each other by spinning, loses far more: there run with
``OMP_WAIT_POLICY=PASSIVE``, ``NUMBA_THREADING_LAYER=workqueue`` or ``NUMBA_NUM_THREADS=1``;
docs/research.md, Speed).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import numpy as np


def _timed(run: Callable[[], int], seconds: float,
           wall: bool = False) -> tuple[float, float, int]:
    """Call ``run`` (returns the steps it made) until ``seconds`` of CPU time (``wall``: of
    wall-clock time) have passed."""
    run()  # warm up (numba compile or cache load, imports)
    c0, w0 = time.process_time(), time.perf_counter()
    steps = 0
    clock = time.perf_counter if wall else time.process_time
    start = clock()
    while clock() - start < seconds:
        steps += run()
    return steps / (time.process_time() - c0), steps / (time.perf_counter() - w0), steps


def bench_vector(n: int, seconds: float) -> list[tuple[str, float, float, str]]:
    from qwixo.envs.vector import QuixoVec, QwixxVec

    rows = []
    for label, env in (("QuixoVec 5x5, 2 players", QuixoVec(n, size=5, copy=False)),
                       ("QuixoVec 4x4, 2 players", QuixoVec(n, size=4, copy=False)),
                       ("QwixxVec classic, 2 players", QwixxVec(n, "classic", 2, copy=False)),
                       ("QwixxVec classic, 4 players", QwixxVec(n, "classic", 4, copy=False)),
                       ("QwixxVec bonus-b, 2 players", QwixxVec(n, "bonus-b", 2, copy=False))):
        env.reset(seed=0)
        actions = np.empty(n, np.int64)
        env.sample_actions(actions)
        env.step(actions)
        cpu_step = 0.0
        steps = 0
        c0, w0 = time.process_time(), time.perf_counter()
        while time.process_time() - c0 < seconds:
            env.sample_actions(actions)
            t = time.process_time()
            env.step(actions)
            cpu_step += time.process_time() - t
            steps += n
        total_cpu = time.process_time() - c0
        wall = time.perf_counter() - w0
        rows.append((label, steps / cpu_step, steps / wall,
                     f"with sampling {steps / total_cpu / 1e6:.2f} M/s"))
    return rows


def bench_kernel_vector(n: int, seconds: float) -> list[tuple[str, float, float, str]]:
    """The Gymnasium kernel vector envs (one agent, the opponent inside the kernels, every
    core via prange), from Python with the random legal actions drawn each step (numba)."""
    import gymnasium as gym

    import qwixo.envs  # noqa: F401

    rows = []
    for label, env_id, kw in (
            ("gym.make_vec Quixo-v0 5x5 vs random", "qwixo/Quixo-v0",
             {"size": 5, "opponent": "random"}),
            ("gym.make_vec Quixo-v0 5x5 vs safe", "qwixo/Quixo-v0",
             {"size": 5, "opponent": "safe"}),
            ("gym.make_vec Qwixx-v0 classic 2p vs gap", "qwixo/Qwixx-v0",
             {"players": 2, "opponent": "gap"}),
            ("gym.make_vec Qwixx-v0 classic 2p vs td", "qwixo/Qwixx-v0",
             {"players": 2, "opponent": "td"}),
            ("gym.make_vec QwixxSolitaire-v0", "qwixo/QwixxSolitaire-v0", {})):
        # same-step auto-reset: every step is an agent decision (next-step mode spends one
        # step per finished game restarting it)
        env = gym.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point",
                           copy=False, autoreset_mode=gym.vector.AutoresetMode.SAME_STEP, **kw)
        env.reset(seed=0)

        def run(env=env) -> int:
            for _ in range(10):
                env.step(env.sample_actions())
            return 10 * env.num_envs

        cpu, wall, _ = _timed(run, seconds, wall=True)
        rows.append((label, cpu, wall, "agent steps, sampling included; wall = all cores"))
    return rows


def aec_random_game(env):
    """A function playing one whole game of the PettingZoo AEC ``env`` with random legal
    actions (a new seed each call) and returning its number of steps."""
    rng = np.random.default_rng(0)
    state = {"seed": 0}

    def run() -> int:
        env.reset(seed=state["seed"])
        state["seed"] += 1
        k = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            k += 1
        return k

    return run


def bench_connect_four(seconds: float) -> list[tuple[str, float, float, str]]:
    """PettingZoo's own connect_four_v3 (AEC), random legal actions: the reference."""
    from pettingzoo.classic import connect_four_v3

    cpu, wall, _ = _timed(aec_random_game(connect_four_v3.env()), seconds)
    return [("PettingZoo connect_four_v3 (reference)", cpu, wall, "")]


def bench_pettingzoo(seconds: float) -> list[tuple[str, float, float, str]]:
    from qwixo.envs import quixo_v0, qwixx_v0

    rows = []
    for label, make in (("PettingZoo AEC quixo_v0 5x5", lambda: quixo_v0.env()),
                        ("PettingZoo AEC qwixx_v0 classic 2p", lambda: qwixx_v0.env())):
        cpu, wall, _ = _timed(aec_random_game(make()), seconds)
        rows.append((label, cpu, wall, ""))
    for label, make in (("PettingZoo parallel quixo_v0 5x5", lambda: quixo_v0.parallel_env()),
                        ("PettingZoo parallel qwixx_v0 classic 2p",
                         lambda: qwixx_v0.parallel_env())):
        env = make()
        rng = np.random.default_rng(0)
        state = {"seed": 0}

        def prun(env=env, rng=rng, state=state) -> int:
            obs, _ = env.reset(seed=state["seed"])
            state["seed"] += 1
            k = 0
            while env.agents:
                acts = {}
                for a, o in obs.items():
                    legal = np.flatnonzero(o["action_mask"])
                    if len(legal):
                        acts[a] = int(rng.choice(legal))
                        k += 1
                    else:
                        acts[a] = 0
                obs, *_ = env.step(acts)
            return k

        cpu, wall, _ = _timed(prun, seconds)
        rows.append((label, cpu, wall, "steps = decisions"))
    return rows


def bench_gymnasium(seconds: float) -> list[tuple[str, float, float, str]]:
    import gymnasium as gym

    import qwixo.envs  # noqa: F401

    rows = []
    for label, env_id, kw in (("Gymnasium qwixo/Quixo-v0 vs random", "qwixo/Quixo-v0", {}),
                              ("Gymnasium qwixo/Qwixx-v0 vs gap", "qwixo/Qwixx-v0", {}),
                              ("Gymnasium qwixo/QwixxSolitaire-v0", "qwixo/QwixxSolitaire-v0",
                               {})):
        env = gym.make(env_id, **kw)
        rng = np.random.default_rng(0)
        state = {"seed": 0}

        def run(env=env, rng=rng, state=state) -> int:
            obs, _ = env.reset(seed=state["seed"])
            state["seed"] += 1
            k = 0
            done = False
            while not done:
                obs, _, done, trunc, _ = env.step(
                    int(rng.choice(np.flatnonzero(obs["action_mask"]))))
                done = done or trunc
                k += 1
            return k

        cpu, wall, _ = _timed(run, seconds)
        rows.append((label, cpu, wall, "bot moves not counted"))
    return rows


def bench_openspiel(seconds: float) -> list[tuple[str, float, float, str]]:
    import pyspiel

    import qwixo.envs.openspiel  # noqa: F401

    rows = []
    for label, name, params in (("OpenSpiel python_qwixo_quixo 5x5", "python_qwixo_quixo", {}),
                                ("OpenSpiel python_qwixo_qwixx classic 2p",
                                 "python_qwixo_qwixx", {})):
        game = pyspiel.load_game(name, params)
        rng = np.random.default_rng(0)

        def run(game=game, rng=rng) -> int:
            s = game.new_initial_state()
            k = 0
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(int(rng.integers(len(s.chance_outcomes()))))
                elif s.is_simultaneous_node():
                    s.apply_actions([int(rng.choice(s.legal_actions(p)))
                                     for p in range(game.num_players())])
                    k += game.num_players() - 1
                else:
                    s.apply_action(int(rng.choice(s.legal_actions())))
                k += 1
            return k

        cpu, wall, _ = _timed(run, seconds)
        rows.append((label, cpu, wall, "a die = a step"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per environment")
    ap.add_argument("--n", type=int, default=4096, help="games per vectorised step")
    ap.add_argument("--only", choices=("vector", "kernel", "connect_four", "pettingzoo",
                                       "gymnasium", "openspiel"),
                    action="append", help="only these interfaces (repeatable)")
    args = ap.parse_args(argv)
    kinds = args.only or ["vector", "kernel", "connect_four", "pettingzoo", "gymnasium",
                          "openspiel"]
    try:
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "?"
    print(f"cores usable: {len(os.sched_getaffinity(0))} of {os.cpu_count()}, "
          f"load average before: {load}, n = {args.n}, seconds = {args.seconds}")
    rows: list[tuple[str, float, float, str]] = []
    for kind in kinds:
        try:
            if kind == "vector":
                rows += bench_vector(args.n, args.seconds)
            elif kind == "kernel":
                rows += bench_kernel_vector(args.n, args.seconds)
            elif kind == "connect_four":
                rows += bench_connect_four(args.seconds)
            elif kind == "pettingzoo":
                rows += bench_pettingzoo(args.seconds)
            elif kind == "gymnasium":
                rows += bench_gymnasium(args.seconds)
            else:
                rows += bench_openspiel(args.seconds)
        except ImportError as e:
            print(f"{kind}: skipped ({e}; pip install qwixo[research])", file=sys.stderr)
    print(f"{'environment':42} {'steps/CPU s':>14} {'steps/wall s':>14}  note")
    for label, cpu, wall, note in rows:
        print(f"{label:42} {cpu:14,.0f} {wall:14,.0f}  {note}")
    print(conditions())
    for label, cpu, _, _ in rows:
        print(f"{label} steps/s: {cpu:.0f}")
    return 0


def conditions() -> str:
    """The conditions the figures were measured under: cores usable, load average after the
    run, numba's threads and threading layer (known once a parallel kernel has run), the CPU."""
    try:
        load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        load = "?"
    try:
        import numba

        threads = str(numba.get_num_threads())
        try:
            layer = numba.threading_layer()
        except ValueError:  # no parallel kernel ran
            layer = "not initialised"
    except ImportError:
        threads = layer = "?"
    cpu = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f
                        if line.startswith("model name")), "?")
    except OSError:
        pass
    return (f"conditions: cores usable {len(os.sched_getaffinity(0))} of {os.cpu_count()}, "
            f"load average after: {load}, numba threads {threads}, threading layer {layer}, "
            + ", ".join(f"{k}={os.environ.get(k, 'unset')}" for k in
                        ("NUMBA_NUM_THREADS", "NUMBA_THREADING_LAYER", "OMP_WAIT_POLICY"))
            + f", CPU {cpu}")


if __name__ == "__main__":
    sys.exit(main())
