"""The kernels the tests use beyond what the server needs, compiled (or loaded from numba's
on-disk cache) in a second process while ``make test``'s controller runs
:func:`qwixo.server.warmup.warm_up` (tests/conftest.py, ``--warm-kernels``): the controller would
otherwise keep one of two cores busy and the other idle for a minute, and these kernels would be
compiled later by whichever test worker needed them first. The vectorised environments, the
Quixo retrograde solver and Monte Carlo search, the Qwixx batch simulator, solitaire solver and
value-network features.

Each step is small: a tiny game or a handful of steps, enough to compile the kernels with the
argument types the tests use. A failing step is printed and skipped (the test that needs it
compiles and reports it)."""

from __future__ import annotations

import sys
import time
import traceback


def _quixo_solver() -> None:
    from qwixo.quixo.solver import solve

    solve(3)


def _quixo_envs() -> None:
    import gymnasium as gym

    import qwixo.envs  # noqa: F401 - registers the Gymnasium ids
    from qwixo.envs.vector import QuixoVec

    for opponent in ("random", "safe"):
        env = gym.make_vec("qwixo/Quixo-v0", num_envs=2, vectorization_mode="vector_entry_point",
                           opponent=opponent)
        env.reset(seed=0)
        for _ in range(3):
            env.step(env.sample_actions())
    for size, players in ((3, 2), (4, 4)):
        v = QuixoVec(2, size=size, players=players, max_plies=40)
        v.reset(seed=0)
        for _ in range(3):
            v.step(v.sample_actions())


def _quixo_mcts() -> None:
    import qwixo

    g = qwixo.new_game("quixo", size=3)
    qwixo.make_bot("quixo", "mcts", seconds=0.05, seed=0).decide(g, g.to_act[0])


def _qwixx_envs() -> None:
    import gymnasium as gym

    import qwixo.envs  # noqa: F401
    from qwixo.envs.gym_vector import QwixxVectorEnv
    from qwixo.envs.vector import QwixxVec

    env = gym.make_vec("qwixo/QwixxSolitaire-v0", num_envs=2)
    env.reset(seed=0)
    env.step(env.sample_actions())
    two = QwixxVectorEnv(2, players=2, opponent="gap", seat=1)
    two.reset(seed=0)
    for _ in range(3):
        two.step(two.sample_actions())
    v = QwixxVec(2, edition="classic", players=2, reward="score")
    v.reset(seed=0)
    for _ in range(3):
        v.step(v.sample_actions())


def _qwixx_solitaire() -> None:
    from qwixo.qwixx.solitaire import solve, tiny_edition

    solve(tiny_edition(), progress=False)


def _qwixx_batch() -> None:
    from qwixo.qwixx import batch

    batch.run_games("classic", 2, players=3, seed=0)
    batch.random_log("classic", 2, players=2, seed=0, rows=10)


# in the order the tests need them: the first files run are the solitaire solver's, the
# retrograde solver's and the Qwixx bots' (tests/conftest.py LONG_FILES_FIRST)
STEPS = [_qwixx_solitaire, _quixo_solver, _qwixx_batch, _quixo_mcts, _quixo_envs, _qwixx_envs]


def main() -> int:
    t0 = time.perf_counter()
    for step in STEPS:
        t = time.perf_counter()
        try:
            step()
        except Exception:  # noqa: BLE001 - best effort: the test that needs it says what fails
            traceback.print_exc()
        if "-v" in sys.argv:
            print(f"{step.__name__}: {time.perf_counter() - t:.1f} s", flush=True)
    if "-v" in sys.argv:
        print(f"total {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
