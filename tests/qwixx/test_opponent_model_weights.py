"""``StrongBot(weights=FILE)``: the greedy ``td`` rule that :class:`OpponentModels` asks to
predict the opponents uses the file's weights, the same as the playouts."""

from __future__ import annotations

import json

import numpy as np
from qwixx_helpers import play

from qwixo.qwixx import td
from qwixo.qwixx.game import QwixxGame
from qwixo.qwixx.rulebots import TdBot
from qwixo.qwixx.strong import StrongBot


def _td_hits(bot: StrongBot, opp: int) -> tuple[int, int]:
    """How often the watch's ``td`` rule agreed with the opponent ``opp``, and how many of its
    decisions the rules disagreed on."""
    watch = bot._watch
    return int(watch.hits[opp, watch.RULES.index("td")]), int(watch.seen[opp])


def test_the_td_rule_of_the_opponent_models_uses_the_weights_file(tmp_path):
    """An opponent that plays the greedy policy of the file's weights (negated, doubled) is
    predicted at every decision by the ``td`` rule of a bot given that file; with the
    shipped weights it is not."""
    shipped = td.load_weights("classic", 2)
    seen = 0
    for factor in (-1.0, 2.0):
        wts = shipped * factor
        path = tmp_path / f"w{factor}.json"
        path.write_text(json.dumps({"weights": {"classic/2": [float(x) for x in wts]}}))
        for seed in (3, 4):
            bot = StrongBot(seed=1, playouts=16, weights=str(path))
            g = play([bot, TdBot(weights=wts)], seed=seed, check=False)
            assert np.array_equal(bot._watch.td_weights, bot.plain_weights("classic", 2))
            hits, n = _td_hits(bot, 1)
            assert hits == n, (factor, seed, hits, n)
            seen += n
            # the shipped greedy policy would have chosen otherwise somewhere in these games
            ship = TdBot()
            replay = QwixxGame(edition="classic", players=2, lucky=g.lucky or None)
            differ = 0
            for entry in g.history:
                if entry[0] == "roll":
                    replay.roll(entry[1])
                    continue
                p, text = entry[1], entry[2]
                if p == 1 and len(replay.options(p)) > 1:
                    differ += ship.decide(replay, p) != text
                replay.choose(p, text)
            assert differ > 0, (factor, seed)
    assert seen > 20


def test_without_a_weights_file_the_td_rule_keeps_the_shipped_weights():
    bot = StrongBot(seed=1, playouts=16)
    play([bot, TdBot()], seed=3, check=False)
    assert bot._watch.td_weights is None
    hits, n = _td_hits(bot, 1)
    assert hits == n > 0
