"""Value functions learnt against a known opponent (keys ``edition/players@rule``): the
``strong`` search values its own seat with them once it has recognised that opponent."""

from __future__ import annotations

import numpy as np
import pytest
from qwixx_helpers import play

import qwixo
from qwixo.qwixx import batch, td, td_train
from qwixo.qwixx.strong import StrongBot


@pytest.fixture
def table_with_gap_weights(monkeypatch):
    """The shipped weights without any ``@rule`` key, plus a made-up ``classic/2@gap``."""
    data = td._weights_file()
    wts = {k: v for k, v in data["weights"].items() if "@" not in k}
    special = np.asarray(wts["classic/2"], np.float64) * 0.5
    wts["classic/2@gap"] = special.tolist()
    monkeypatch.setattr(td, "_weights_file", lambda: {**data, "weights": wts})
    return td.pad_weights(special)  # as loaded: in the current feature layout


@pytest.fixture
def spy(monkeypatch):
    """The ``td_weights`` of every ``batch.rollouts_value`` call."""
    seen = []
    real = batch.rollouts_value

    def rollouts_value(*a, **k):
        seen.append(a[9] if len(a) > 9 else k.get("td_weights"))
        return real(*a, **k)

    monkeypatch.setattr(batch, "rollouts_value", rollouts_value)
    return seen


def test_rule_weights_are_looked_up_exactly(table_with_gap_weights):
    assert (td.rule_weights("classic", 2, "gap") == table_with_gap_weights).all()
    assert td.rule_weights("classic", 2, "race") is None
    assert td.rule_weights("classic", 3, "gap") is None      # no fallback
    assert td.rule_weights("longo", 2, "gap") is None


def test_strong_values_its_seat_with_the_weights_learnt_against_a_recognised_gap(
        table_with_gap_weights, spy):
    bots = [StrongBot(seed=1, playouts=16), qwixo.make_bot("qwixx", "gap")]
    g = play(bots, seed=3, check=False)
    assert bots[0]._watch.policies(g) == ["td", "gap"]
    assert bots[0].exploiting == "gap"
    assert spy[0] is None                                   # not recognised yet: plain weights
    used = [w for w in spy if w is not None]
    assert used, "the @gap weights were never used"
    plain = td.load_weights("classic", 2)
    for w in used:
        assert (w[0] == table_with_gap_weights).all() and (w[1] == plain).all()


@pytest.mark.parametrize("opp, exploit", [("race", True), ("gap", False)])
def test_strong_keeps_the_plain_weights_otherwise(table_with_gap_weights, spy, opp, exploit):
    """Against an opponent without weights of its own (race here), or with ``exploit``
    off, every search uses the plain weights."""
    bots = [StrongBot(seed=1, playouts=16, exploit=exploit), qwixo.make_bot("qwixx", opp)]
    g = play(bots, seed=3, check=False)
    assert bots[0]._watch.policies(g) == ["td", opp]
    assert spy and all(w is None for w in spy)
    assert bots[0].exploiting is None


def test_per_seat_weights_may_differ_in_their_hidden_units():
    """A list of per-seat vectors: each seat's row gets its own (a logistic model next to a
    network); a seat that plays a rule does not look at its weights."""
    g = qwixo.new_game("qwixx", players=2, seed=2)
    g.roll([2, 3, 4, 5, 6, 1])
    pos = batch.state_of(g)
    net = td.load_weights("classic", 2)
    logistic = net[:td.NX]
    one = batch.rollouts_value(pos, 64, 5, 0, 2, policies=["td", "gap"], td_weights=logistic)
    two = batch.rollouts_value(pos, 64, 5, 0, 2, policies=["td", "gap"],
                               td_weights=[logistic, net])
    other = batch.rollouts_value(pos, 64, 5, 0, 2, policies=["td", "gap"], td_weights=net)
    assert (one[1] == two[1]).all() and (one[0] == two[0]).all()
    assert not (one[1] == other[1]).all()


def test_train_against_records_only_the_learner():
    X, Y = td_train.generate("classic", 40, 2, 3, ["td", "gap"], record=[0],
                             td_weights=td.load_weights("classic", 2))
    Xa, _ = td_train.generate("classic", 40, 2, 3, ["td", "gap"],
                              td_weights=td.load_weights("classic", 2))
    assert 0 < len(Y) and abs(len(Xa) - 2 * len(X)) <= 2
    res = td_train.train_against("classic", 2, "gap", games=60, generations=1, epochs=1,
                                 log=lambda *_: None)
    assert res["weights"].shape == td.load_weights("classic", 2).shape


def test_value_weights_value_the_cut_without_playing():
    """``value_weights``: the same games (the seat's moves by its own weights), valued by
    the other weights."""
    g = qwixo.new_game("qwixx", players=2, seed=2)
    g.roll([2, 3, 4, 5, 6, 1])
    pos = batch.state_of(g)
    net = td.load_weights("classic", 2)
    half = net * 0.5
    pol = ["td", "gap"]
    plain = batch.rollouts_value(pos, 64, 5, 0, 2, policies=pol)
    same = batch.rollouts_value(pos, 64, 5, 0, 2, policies=pol, value_weights=net)
    other = batch.rollouts_value(pos, 64, 5, 0, 2, policies=pol, value_weights=half)
    played = batch.rollouts_value(pos, 64, 5, 0, 2, policies=pol, td_weights=half)
    assert (plain[0] == same[0]).all() and (plain[1] == same[1]).all()
    assert (other[0] == plain[0]).all() and not (other[1] == plain[1]).all()
    assert not (played[0] == plain[0]).all()  # half's moves are other moves


def test_strong_can_use_the_gap_weights_for_the_value_only(table_with_gap_weights,
                                                           monkeypatch):
    seen = []
    real = batch.rollouts_value

    def rollouts_value(*a, **k):
        seen.append((a[9] if len(a) > 9 else k.get("td_weights"), k.get("value_weights")))
        return real(*a, **k)

    monkeypatch.setattr(batch, "rollouts_value", rollouts_value)
    bots = [StrongBot(seed=1, playouts=16, exploit="value"), qwixo.make_bot("qwixx", "gap")]
    play(bots, seed=3, check=False)
    assert all(tw is None for tw, _ in seen)
    used = [vw for _, vw in seen if vw is not None]
    assert used and all((vw == table_with_gap_weights).all() for vw in used)


def test_strong_weights_option_reads_a_file_and_changes_only_the_playouts(tmp_path):
    """``StrongBot(weights=FILE)``: the shipped weights written to a file give the same
    search values to the bit (as a list and as a weights file's key); other weights give
    other values."""
    import json

    import qwixo
    from qwixo.qwixx import td
    from qwixo.qwixx.strong import StrongBot

    w = td.load_weights("classic", 2)
    as_list = tmp_path / "list.json"
    as_list.write_text(json.dumps([float(x) for x in w]))
    as_file = tmp_path / "file.json"
    as_file.write_text(json.dumps({"weights": {"classic/2": [float(x) for x in w]}}))
    other = tmp_path / "other.json"
    other.write_text(json.dumps([float(x) * 0.5 for x in w]))
    g = qwixo.new_game("qwixx", players=2, seed=5)
    g.roll()
    p = next(q for q in range(2) if len(g.options(q)) > 1)

    def values(**kw):
        return [(e.option, e.value) for e in StrongBot(seed=1, playouts=64, **kw).evaluate(g, p)]

    plain = values()
    assert values(weights=str(as_list)) == plain
    assert values(weights=str(as_file)) == plain
    assert values(weights=str(other)) != plain
