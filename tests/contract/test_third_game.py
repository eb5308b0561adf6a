"""The proof that nothing above the games knows which game it runs: tic-tac-toe, a game that
exists only in ``tictactoe_game.py`` and is registered like an outside package's
(``game_sites.py``), plays through the contract's registry, a tournament with ratings, the
PettingZoo, Gymnasium and OpenSpiel adapters, and the web server (HTTP + WebSocket, two
people) — with no change anywhere else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from game_sites import python_path

import qwixo

HERE = Path(__file__).resolve().parent


def test_found_through_its_entry_point(tictactoe_site):
    # found beside whatever else is installed (qwixo's own games first, the others by name)
    names = qwixo.game_names()
    assert "tictactoe" in names and names[:len(qwixo.core._BUILT_IN)] == tuple(
        qwixo.core._BUILT_IN)
    info = qwixo.game_info("tictactoe")
    assert info.utility == "win_loss" and info.renderer is None
    assert info.to_dict("it")["title"] == "Tris"
    g = qwixo.new_game("tictactoe")
    for cell in ("a1", "a2", "b1", "b2", "c1"):
        g.choose(g.to_act[0], cell)
    assert g.is_over and g.winners() == [0] and g.scores() == [1, -1]
    again = qwixo.load_game(g.to_json())
    assert again.to_dict() == g.to_dict() and again.view() == g.view()
    with pytest.raises(qwixo.IllegalMove):
        qwixo.new_game("tictactoe").choose(0, "d4")


def test_unknown_once_uninstalled():
    assert "tictactoe" not in qwixo.game_names()
    with pytest.raises(qwixo.IllegalMove):
        qwixo.new_game("tictactoe")


def test_tournament_with_ratings(tictactoe_site):
    from qwixo.tournament.ratings import rate_report
    from qwixo.tournament.runner import run_tournament

    rep = run_tournament("tictactoe", ["random", "winner"], games=24, seed=5)
    by = {b["bot"]: b for b in rep["bots"]}
    assert by["random"]["games"] == by["winner"]["games"] == 24
    assert abs(by["random"]["wins"] + by["winner"]["wins"] - 24) < 1e-9  # a draw is half each
    assert by["winner"]["win_rate"] > by["random"]["win_rate"]
    assert "draws" in by["winner"] and set(rep["end_reasons"]) <= {"line", "full"}
    assert 5 <= rep["length"]["min"] and rep["length"]["max"] <= 9  # plies
    rated = rate_report(rep)
    assert rated["class"] == "tictactoe-2p" and rated["system"] == "glicko2"
    assert rated["bots"]["winner"]["rating"] > rated["bots"]["random"]["rating"]
    with pytest.raises(qwixo.IllegalMove):  # a setting the game does not have
        run_tournament("tictactoe", ["random"], games=1, size=5)


@pytest.mark.research
def test_pettingzoo(tictactoe_site):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, parallel_api_test

    from qwixo.envs import pz

    api_test(pz.env("tictactoe"), num_cycles=30)
    parallel_api_test(pz.parallel_env("tictactoe"), num_cycles=30)
    env = pz.env("tictactoe")
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(obs["action_mask"].argmax()))
    # the first free cell every time: X fills a1, b1, c1 first
    assert env.game.winners() == [0]


@pytest.mark.research
def test_gymnasium(tictactoe_site):
    gym = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    import qwixo.envs  # noqa: F401 - registers qwixo/Game-v0

    env = gym.make("qwixo/Game-v0", game="tictactoe", opponent="winner")
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    total, done = 0.0, False
    while not done:
        obs, reward, term, trunc, _ = env.step(int(obs["action_mask"].argmax()))
        total += reward
        done = term or trunc
    assert total in (-1.0, 0.0, 1.0)


@pytest.mark.research
def test_openspiel(tictactoe_site):
    pyspiel = pytest.importorskip("pyspiel")
    from qwixo.envs import openspiel

    name = openspiel.register("tictactoe")  # registered after the adapter was imported
    game = pyspiel.load_game(name)
    assert game.num_players() == 2 and game.num_distinct_actions() == 9
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    from dataclasses import replace  # a declaration the sequential game cannot play: refused
    for decl in ({"simultaneous": True}, {"hidden": True}):
        assert not openspiel.fits(replace(qwixo.game_info("tictactoe"), **decl))
    state = game.new_initial_state()
    for action in (0, 3, 1, 4, 2):  # a1, a2, b1, b2, c1
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_served_and_played_by_two_people(tmp_path, tictactoe_site):
    """A real ``qwixo serve`` with the game on its path: the lobby's metadata, creating the
    game, two people playing it over WebSockets with the news lines the game declares, the
    board under the generic key, and the page that the browser test draws it on."""
    sys.path.insert(0, str(HERE.parent / "server"))
    try:
        from proc_helpers import Server, ws_recv
    finally:
        sys.path.pop(0)
    from websockets.sync.client import connect

    with python_path(tictactoe_site):
        srv = Server(tmp_path / "db.sqlite", tmp_path / "data", "--bot-processes", "0")
    try:
        meta = srv.http.get("/api/meta", params={"lang": "pl"}).json()
        info = meta["games"]["tictactoe"]["info"]
        assert info["title"] == "Kółko i krzyżyk" and info["renderer"] is None
        assert meta["games"]["tictactoe"]["bots"] == ["random", "winner"]
        assert srv.http.get("/").status_code == 200
        made = srv.http.post("/api/games", json={
            "game": "tictactoe", "seats": [{"kind": "human", "name": "Ada"},
                                           {"kind": "human", "name": "Bo"}]})
        assert made.status_code == 201, made.text
        g = made.json()
        tokens = [s["token"] for s in g["seats"]]
        with connect(f"{srv.ws_base}ws/{g['id']}") as w0, \
                connect(f"{srv.ws_base}ws/{g['id']}") as w1:
            for ws, tok in ((w0, tokens[0]), (w1, tokens[1])):
                ws.send(json.dumps({"type": "auth", "token": tok}))
                ws_recv(ws, lambda m: m["type"] == "welcome")
            w1.send(json.dumps({"type": "choose", "decision": "a1", "id": 0}))
            err = ws_recv(w1, lambda m: m["type"] in ("ok", "error"))
            assert err["type"] == "error"  # not Bo's turn: nothing changes
            for i, cell in enumerate(["a1", "a2", "b1", "b2", "c1"]):
                ws = (w0, w1)[i % 2]
                ws.send(json.dumps({"type": "choose", "decision": cell, "id": i + 1}))
                ok = ws_recv(ws, lambda m: m["type"] in ("ok", "error"))
                assert ok["type"] == "ok", ok
            seen: list[dict] = []
            news = ws_recv(w1, lambda m: seen.append(m) or (
                m["type"] == "announce" and "c1" in m["text"]))
            assert news["text"] == "Ada plays c1." and news["params"]["cell"] == "c1"
        view = [m for m in seen if m["type"] == "state"][-1]["view"]
        assert view["winners"] == [0] and view["scores"] == [1, -1]
        assert view["board"]["rows"] == ["...", "oo.", "xxx"]
        assert view["tictactoe"] == view["board"] and view["quixo"] is None
        assert srv.http.get(f"/api/games/{g['id']}").json()["board"] == view["board"]
    finally:
        srv.stop()


def test_tournament_command_offers_its_settings(tictactoe_site, capsys, monkeypatch):
    """``qwixo tournament`` builds an option for each setting the game's schema offers on
    command lines (here ``--first``) and runs the game by name (the command's ``main``, in
    this process where the game is registered: a new process finding it by its entry point
    is the server's test above)."""
    from qwixo.cli import main

    monkeypatch.setenv("QWIXO_LANG", "en")
    with pytest.raises(SystemExit) as helped:
        main(["tournament", "--help"])
    out = capsys.readouterr().out
    assert helped.value.code == 0 and "--first {0,1}" in out and "Who starts" in out
    assert main(["tournament", "tictactoe", "--bots", "random,winner", "--games", "4",
                 "--first", "1", "--rate", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["settings"] == {"first": 1, "players": 2}
    assert rep["ratings"]["class"] == "tictactoe-2p"
    try:  # (an option of no game, or not of this one: refused either way)
        code = main(["tournament", "tictactoe", "--bots", "random", "--games", "1",
                     "--size", "4"])
    except SystemExit as e:
        code = e.code
    cap = capsys.readouterr()
    assert code != 0 and "--size" in cap.err + cap.out


def test_played_in_the_terminal_from_its_view(tictactoe_site):
    """``qwixo play tictactoe``: a game with no terminal drawing of its own is drawn from its
    view (the board's rows), its settings as options (``--first``), in the person's language;
    here both seats at this keyboard."""
    env = dict(os.environ, QWIXO_LANG="en",
               PYTHONPATH=os.pathsep.join(p for p in (str(tictactoe_site),
                                                      os.environ.get("PYTHONPATH")) if p))
    done = subprocess.run([sys.executable, "-m", "qwixo", "play", "tictactoe", "--hotseat",
                           "--first", "0", "--lang", "it"], input="1\nd4\na2\nb1\nb2\nc1\n",
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "   9) c3" in lines and "xx." in done.stdout.replace(" ", "")  # numbered, the rows
    assert "xxx" in lines[-4:-1] and lines[-1] == "Partita finita (line): ha vinto Giocatore 1."
    assert qwixo.IllegalMove("bad_decision", text="d4").translated("it") in done.stdout
    quit = subprocess.run([sys.executable, "-m", "qwixo", "play", "tictactoe", "--vs",
                           "winner"], input="q\n", env=env, capture_output=True, text=True,
                          timeout=300)
    assert quit.returncode == 1 and "Player 1, your decision" in quit.stdout


def test_capabilities_declared_and_checked(tictactoe_site):
    """What a game can do is data, filled in from its class when it is not declared (a game
    written before the fields existed, as tic-tac-toe), and a declaration the class does not
    hold is refused when the game registers."""
    from dataclasses import replace

    from tictactoe_game import INFO, TicTacToe

    caps = qwixo.game_info("tictactoe").capabilities()
    assert caps == {"resign": False, "draws": False, "hints": True, "analysis": False,
                    "simultaneous": False, "hidden": False, "chance": False,
                    "scorepad": False, "timeout": "forfeit", "timeout_decision": None}
    assert qwixo.game_info("tictactoe").to_dict()["capabilities"] == caps
    for wrong in ({"resign": True}, {"draws": True}, {"chance": True}):
        with pytest.raises(ValueError, match=next(iter(wrong))):
            replace(INFO, **wrong).resolved(TicTacToe)
    with pytest.raises(ValueError, match="hints"):
        replace(INFO, bots=None, hints=True).resolved(TicTacToe)
    with pytest.raises(ValueError, match="timeout"):
        replace(INFO, timeout="later")
    with pytest.raises(ValueError, match="scorepad"):
        replace(INFO, scorepad=True).resolved(TicTacToe)
    assert replace(INFO, bots=None).resolved(TicTacToe).hints is False
    with pytest.raises(qwixo.IllegalMove) as refused:
        qwixo.new_game("tictactoe").resign(0)
    assert refused.value.key == "cannot_resign"


def test_forfeit_above_a_game_without_resigning(tictactoe_site):
    """:func:`qwixo.core.forfeit` ends any game: tic-tac-toe has no resign of its own."""
    from qwixo.core import Forfeited, forfeit

    g = qwixo.new_game("tictactoe")
    g.choose(0, "a1")
    done = forfeit(g, 0)
    assert isinstance(done, Forfeited) and done.is_over and done.to_act == []
    o = done.outcome()
    assert (o.termination, o.places, o.winners, o.resigned, o.plies) == \
        ("resign", (2, 1), (1,), (0,), 1)
    view = done.view(1)
    assert view["is_over"] and view["options"] == [] and view["end_reason"] == "resign"
    assert view["events"][-1] == {"type": "game_over", "winners": [1], "reason": "resign",
                                  "resigned": [0]}
    assert done.view(1, since=view["event_count"])["events"] == []
    again = qwixo.load_game(done.to_json())
    assert again.outcome() == o and again.view() == done.view()
    for act in (lambda: done.choose(1, "b1"), lambda: done.undo(), lambda: forfeit(done, 1)):
        with pytest.raises(qwixo.IllegalMove) as refused:
            act()
        assert refused.value.key == "game_over"


def test_a_rated_clock_that_runs_out_ends_a_game_without_resigning(tmp_path, tictactoe_site):
    """Out of time in a rated game is a forfeit whatever the game (the game declares what a
    timeout means); a resignation, which tic-tac-toe does not declare, is refused, and the
    views offer neither Resign nor a draw. The finished game loads again from the store."""
    import asyncio

    from qwixo.server.lobby import Lobby
    from qwixo.server.protocol import CreateGame
    from qwixo.server.store import Store

    async def main():
        store = Store(tmp_path / "c.sqlite")
        lobby = Lobby(store)
        spec = CreateGame.model_validate({"game": qwixo.game_names()[0], "clock": 30,
                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
        # (the protocol's names of games were read at import, before tic-tac-toe came)
        spec = spec.model_copy(update={"game": "tictactoe"})
        room, _ = await lobby.create(spec)
        view = room.view(0)
        assert view["resign"] is False and view["draws"] is False and view["analysis"] is False
        with pytest.raises(qwixo.IllegalMove) as refused:
            await lobby.act(room, 0, "resign")
        assert refused.value.key == "cannot_resign"
        await lobby.act(room, 0, "choose", "b2")
        room.options.update(rated=True, clock=0.2)  # (the API allows 5 s at least)
        room.deadline = None
        lobby.kick(room)
        for _ in range(200):
            if room.public["is_over"]:
                break
            await asyncio.sleep(0.05)
        over = room.view(None)
        events = list(room.events)
        await lobby.close()
        again = await Lobby(store).get(room.id)
        reloaded = again.view(None)
        store.close()
        return over, events, reloaded

    over, events, reloaded = asyncio.run(main())
    assert over["is_over"] and over["winners"] == [0] and over["end_reason"] == "resign"
    assert over["places"] == [1, 2] and over["resigned"] == [1]
    assert events[-1]["kind"] == "resign" and events[-1]["forfeit"] and events[-1]["auto"]
    assert reloaded["is_over"] and reloaded["winners"] == [0] and reloaded["places"] == [1, 2]


@pytest.mark.research
def test_codec_requirements_declared_on_the_base(tictactoe_site):
    """What the adapters read of a codec is declared on ``ActionCodec`` with a default: a
    codec that says nothing gets them (tic-tac-toe's), one that declares its dtype has it in
    the spaces (it was guessed from the shape)."""
    pytest.importorskip("gymnasium")
    import numpy as np
    from tictactoe_game import Codec

    from qwixo.envs.codec import ActionCodec, codec_for
    from qwixo.envs.pz import observation_space

    assert (ActionCodec.solo_scale, ActionCodec.obs_dtype, ActionCodec.max_plies) == \
        (1.0, None, None)
    plain = codec_for("tictactoe")
    assert observation_space(plain)["observation"].dtype == np.int8
    assert observation_space(plain, channels_first=True)["observation"].dtype == np.uint8

    class Floats(Codec):
        obs_dtype = np.float32

    assert observation_space(Floats())["observation"].dtype == np.float32
    assert observation_space(Floats(), channels_first=True)["observation"].shape == (3, 3, 3)


def test_one_outcome(tictactoe_site):
    """``Game.outcome()``: one value for every reader; the tournament's end reasons are its
    termination."""
    g = qwixo.new_game("tictactoe")
    assert g.outcome() is None and g.end_reason is None and g.ply == 0
    for cell in ("a1", "a2", "b1", "b2", "c1"):
        g.choose(g.to_act[0], cell)
    o = g.outcome()
    assert (o.termination, o.scores, o.places, o.winners, o.resigned, o.plies, o.draw) == \
        ("line", (1, -1), (1, 2), (0,), (), 5, False)
    assert o.to_dict()["places"] == [1, 2]


@pytest.mark.research
def test_the_declared_default_decision_replaces_an_illegal_action(tictactoe_site, monkeypatch):
    """The adapters play the game's declared default decision (``timeout_decision``) for an
    action outside the mask, when it is legal — not a word they know (it was ``"pass"``)."""
    pytest.importorskip("pettingzoo")
    from dataclasses import replace

    from qwixo.envs import gym_envs, pz

    real = qwixo.core.game_info
    monkeypatch.setattr(qwixo.core, "game_info", lambda n: replace(real(n),
                        timeout_decision="b2") if n == "tictactoe" else real(n))
    monkeypatch.setattr(qwixo, "game_info", qwixo.core.game_info)
    env = pz.env("tictactoe")
    env.reset(seed=0)
    env.step(0)  # X: a1
    env.step(0)  # O: a1 again, outside the mask: b2 instead
    assert env.game.to_dict()["moves"] == ["a1", "b2"] and not env.game.is_over
    assert env.infos["player_1"]["illegal_action"]
    genv = gym_envs.GameEnv(game="tictactoe", opponent="random")
    genv.reset(seed=0)
    genv.step(0)  # X: a1 (the opponent answers)
    taken = set(genv.game.to_dict()["moves"])
    _obs, _r, term, _trunc, info = genv.step(0)  # a1 again: b2 instead, unless it is taken
    assert info["illegal_action"] and term == ("b2" in taken)
    assert term or genv.game.to_dict()["moves"][2] == "b2"


def test_the_score_pad_is_offered_as_declared(tmp_path, monkeypatch):
    """The server takes a score pad for a game that declares one (``GameInfo.scorepad``), not
    for any game with dice."""
    import asyncio
    from dataclasses import replace

    from qwixo.server.lobby import Lobby
    from qwixo.server.protocol import CreateGame, ServerError
    from qwixo.server.store import Store

    name = next(n for n in qwixo.game_names() if qwixo.game_info(n).scorepad)
    spec = CreateGame.model_validate({"game": name, "settings": {"scorepad": True},
                                      "seats": [{"kind": "human"}, {"kind": "human"}]})

    async def create():
        store = Store(tmp_path / f"p{len(list(tmp_path.iterdir()))}.sqlite")
        lobby = Lobby(store)
        try:
            room, _ = await lobby.create(spec)
            return room.scorepad
        except ServerError as e:
            return e.key
        finally:
            await lobby.close()
            store.close()

    assert asyncio.run(create()) is True
    real = qwixo.core.game_info
    monkeypatch.setattr(qwixo.core, "game_info", lambda n: replace(real(n), scorepad=False)
                        if n == name else real(n))
    assert qwixo.game_info(name).chance and asyncio.run(create()) == "bad_setting"
