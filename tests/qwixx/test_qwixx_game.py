"""QwixxGame through the public contract: hidden decisions, refusals, dice, save/load, undo."""

from __future__ import annotations

import json
import random

import pytest

import qwixo
from qwixo import IllegalMove
from qwixo.qwixx.editions import EDITION_NAMES
from qwixo.qwixx.game import ACTION1, ACTION2, ROLL, QwixxGame


def play_random(g: QwixxGame, rng: random.Random, decisions: int = 10**9) -> None:
    while not g.is_over and decisions > 0:
        if g.needs_roll:
            g.roll()
            continue
        for p in g.to_act:
            g.choose(p, rng.choice(g.options(p)))
            decisions -= 1


def test_new_game_through_the_registry():
    g = qwixo.new_game("qwixx", edition="classic", players=3, seed=7)
    assert isinstance(g, QwixxGame) and g.name == "qwixx"
    assert g.num_players == 3 and g.needs_roll and g.to_act == [] and not g.is_over
    assert g.scores() == [0, 0, 0]
    assert g.options(0) == []
    g = qwixo.new_game("qwixx", edition="longo", players=3, lucky=[(5, 8), (5, 10), (6, 11)])
    assert g.lucky == [(5, 8), (5, 10), (6, 11)]


@pytest.mark.parametrize("settings", [
    {"edition": "chess"}, {"edition": None}, {"players": 0}, {"players": 6},
    {"players": "2"}, {"players": True}, {"seed": "x"}, {"seed": 1.5},
])
def test_bad_settings_are_refused(settings):
    with pytest.raises(IllegalMove):
        QwixxGame(**settings)


def test_choose_before_roll_and_roll_twice_are_refused():
    g = QwixxGame(seed=1)
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "pass")
    assert e.value.key == "roll_needed"
    g.roll()
    with pytest.raises(IllegalMove) as e:
        g.roll()
    assert e.value.key == "no_roll_needed"


@pytest.mark.parametrize("dice", [
    [1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6, 1], [0, 1, 1, 1, 1, 1], [7, 1, 1, 1, 1, 1],
    [1, 1, 1, 1, 1, "2"], [1, 1, 1, 1, 1, 2.0], [1, 1, 1, 1, 1, None], "123456", 5, None,
    [True, 1, 1, 1, 1, 1],
])
def test_bad_dice_leave_the_game_unchanged(dice):
    g = QwixxGame(seed=1)
    before = g.to_json()
    if dice is None:
        g.roll(dice)  # None means: roll with the generator
        return
    with pytest.raises(IllegalMove):
        g.roll(dice)
    assert g.to_json() == before


def test_dice_with_removed_colours():
    g = QwixxGame(players=1, seed=2)
    g.closed = 0b0101                      # red and green closed
    with pytest.raises(IllegalMove) as e:
        g.roll([1, 2, 3, 4, 5, 6])
    assert e.value.key == "die_removed"
    assert g.roll([1, 2, 4, 6]) == [1, 2, None, 4, None, 6]
    g2 = QwixxGame(players=1, seed=2)
    g2.closed = 0b0101
    assert g2.roll([1, 2, 0, 4, None, 6]) == [1, 2, None, 4, None, 6]
    g3 = QwixxGame("longo", players=1, seed=2)
    assert g3.roll([8, 8, 8, 8, 8, 8]) == [8] * 6
    g4 = QwixxGame("longo", players=1, seed=2)
    with pytest.raises(IllegalMove):
        g4.roll([9, 8, 8, 8, 8, 8])


def test_random_rolls_only_dice_in_play_and_respect_faces():
    for name, faces in (("classic", 6), ("longo", 8)):
        g = QwixxGame(name, players=1, seed=3)
        g.closed = 0b0010
        seen = set()
        for _ in range(300):
            d = g.roll()
            assert d[3] is None and all(1 <= v <= faces for v in d if v is not None)
            seen.update(v for v in d if v is not None)
            g.phase = ROLL                 # (test only: roll again)
        assert seen == set(range(1, faces + 1))


def test_action_1_is_simultaneous_and_hidden():
    g = QwixxGame(players=3, seed=4)
    g.roll([3, 4, 1, 1, 1, 1])
    assert g.to_act == [0, 1, 2] and g.phase == ACTION1
    before = {p: g.options(p) for p in range(3)}
    sheets = g.sheets
    g.choose(2, "r7")
    assert g.to_act == [0, 1] and g.decided == [2]
    assert g.options(0) == before[0] and g.options(1) == before[1]
    assert g.options(2) == []
    assert g.sheets == sheets              # nothing shows until everyone is in
    with pytest.raises(IllegalMove) as e:
        g.choose(2, "y7")
    assert e.value.key == "already_decided"
    g.choose(0, "r7")
    g.choose(1, "r7")                      # everyone may take the same number
    assert g.phase == ACTION2 and g.to_act == [0]
    assert [s["rows"][0]["crossed"] for s in g.sheets] == [[7], [7], [7]]
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "pass")
    assert e.value.key == "not_your_turn"


@pytest.mark.parametrize("player, text, key", [
    (0, "r8", "not_white_sum"),
    (0, "r13", "no_such_cell"),
    (0, "x7", "bad_option"),
    (0, "", "bad_option"),
    (0, "L:r", "no_lucky_here"),
    (0, "r7+y", "no_tie_here"),
    (5, "pass", "unknown_player"),
    (-1, "pass", "unknown_player"),
    ("0", "pass", "unknown_player"),
    (True, "pass", "unknown_player"),
    (0, None, "bad_decision"),
    (0, 7, "bad_decision"),
    (0, ["r7"], "bad_decision"),
])
def test_illegal_decisions_leave_the_game_unchanged(player, text, key):
    g = QwixxGame(players=2, seed=5)
    g.roll([3, 4, 1, 1, 1, 1])
    before = g.to_json()
    with pytest.raises(IllegalMove) as e:
        g.choose(player, text)
    assert e.value.key == key
    assert e.value.translated("tr") and e.value.translated("pl")
    assert g.to_json() == before and g.to_act == [0, 1]


def test_option_objects_and_spaces_are_accepted():
    class Opt:
        def __str__(self):
            return "r7"

    g = QwixxGame(players=1, seed=6)
    g.roll([3, 4, 1, 1, 1, 1])
    g.choose(0, Opt())
    g.choose(0, " pass ")
    assert g.sheets[0]["rows"][0]["crossed"] == [7]


def test_options_are_unique_and_start_with_pass():
    rng = random.Random(7)
    for name in EDITION_NAMES:
        g = QwixxGame(name, players=3, seed=7)
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in g.to_act:
                opts = g.options(p)
                assert opts[0] == "pass" and len(set(opts)) == len(opts)
                opts.append("junk")        # a caller's list is its own
                g.choose(p, rng.choice(g.options(p)))


def test_undo_within_action_1_and_after_it_takes_effect():
    g = QwixxGame(players=2, seed=8)
    g.roll([3, 4, 1, 1, 1, 1])
    start = g.to_json()
    g.choose(1, "g7")
    g.undo()
    assert g.to_json() == start and g.to_act == [0, 1]
    g.choose(1, "g7")
    g.choose(0, "r7")                      # action 1 takes effect: everyone's choice is known
    mid = g.to_json()
    with pytest.raises(IllegalMove) as e:
        g.undo()                           # never back into action 1
    assert e.value.key == "undo_revealed" and g.to_json() == mid
    g.choose(0, "pass")
    assert g.needs_roll
    g.undo()                               # the turn's action 2 again, same dice
    assert g.phase == ACTION2 and g.to_json() == mid
    assert g.dice == [3, 4, 1, 1, 1, 1]
    with pytest.raises(IllegalMove) as e:
        g.undo()
    assert e.value.key == "undo_revealed"
    g.choose(0, "pass")
    g.roll([1, 1, 1, 1, 1, 1])
    with pytest.raises(IllegalMove) as e:
        g.undo()                           # never the roll
    assert e.value.key == "nothing_to_undo"
    assert g.phase == ACTION1


def test_undo_never_reveals_a_choice_made_with_knowledge_of_the_others():
    """A player decided after seeing nothing; once action 1 took effect
    (the bot's choice shown), undo must not let them choose again. Also when action 1 ends
    the game, and never across a roll. Solo games have nothing hidden: undo is allowed."""
    g = QwixxGame(players=2, seed=8)
    g.roll([3, 4, 1, 1, 1, 1])
    g.choose(0, "r7")                      # hidden
    g.undo()                               # fine: nobody has seen it
    assert g.to_act == [0, 1] and g.events == [g.events[0]]
    g.choose(0, "r7")
    g.choose(1, "y7")                      # revealed
    before = (g.to_json(), g.events)
    with pytest.raises(IllegalMove) as e:
        g.undo()
    assert e.value.key == "undo_revealed" and (g.to_json(), g.events) == before
    solo = QwixxGame(players=1, seed=8)
    solo.roll([3, 4, 1, 1, 1, 1])
    solo.choose(0, "r7")
    solo.undo()
    assert solo.phase == ACTION1 and solo.options(0)[1] == "r7"


def test_undo_keeps_the_random_state():
    g = QwixxGame(players=2, seed=9)
    g.roll()
    g.choose(0, "pass")
    g.choose(1, "pass")
    g.choose(0, "pass")
    g.undo()
    g.choose(0, "pass")
    g2 = QwixxGame(players=2, seed=9)
    g2.roll()
    for p in (0, 1, 0):
        g2.choose(p, "pass")
    assert g.roll() == g2.roll()


@pytest.mark.parametrize("name", EDITION_NAMES)
def test_save_and_load_with_random_state(name):
    rng = random.Random(10)
    g = QwixxGame(name, players=3, seed=10)
    play_random(g, rng, decisions=25)
    text = g.to_json()
    data = json.loads(text)
    assert data["game"] == "qwixx" and data["edition"] == name
    h = qwixo.load_game(text)
    assert h == g and h.to_json() == text
    assert h.sheets == g.sheets and h.to_act == g.to_act and h.scores() == g.scores()
    # both continue identically, rolls from the saved generator included
    rng_a, rng_b = random.Random(11), random.Random(11)
    play_random(g, rng_a)
    play_random(h, rng_b)
    assert h == g and h.scores() == g.scores() and h.log == g.log


def test_load_refuses_tampered_saves():
    g = QwixxGame(players=2, seed=12)
    g.roll([3, 4, 1, 1, 1, 1])
    g.choose(0, "r7")
    data = json.loads(g.to_json())
    bad = dict(data, history=data["history"] + [["choose", 0, "r7"]])
    with pytest.raises(IllegalMove):
        qwixo.load_game(json.dumps(bad))
    bad = dict(data, history=[["dance", 1]])
    with pytest.raises(IllegalMove):
        qwixo.load_game(json.dumps(bad))
    bad = dict(data, rng=[3, [1, 2], None])
    with pytest.raises(IllegalMove):
        qwixo.load_game(json.dumps(bad))
    bad = dict(data, edition="chess")
    with pytest.raises(IllegalMove):
        qwixo.load_game(json.dumps(bad))


def test_copy_is_independent():
    g = QwixxGame(players=2, seed=13)
    g.roll([3, 4, 1, 1, 1, 1])
    c = g.copy()
    c.choose(0, "r7")
    c.choose(1, "r7")
    assert g.to_act == [0, 1] and g.sheets[0]["rows"][0]["crossed"] == []
    assert c != g
    g.choose(0, "r7")
    g.choose(1, "r7")
    assert c == g
    c.choose(0, "pass")
    g.choose(0, "pass")
    assert c.roll() == g.roll()            # the generator was copied too


def test_one_player_solitaire_takes_both_actions():
    g = QwixxGame(players=1, seed=14)
    g.roll([1, 1, 2, 2, 2, 2])
    assert g.to_act == [0]
    g.choose(0, "pass")
    assert g.to_act == [0] and g.phase == ACTION2
    g.choose(0, "pass")
    assert g.sheets_state[0].penalties == 1 and g.active == 0 and g.needs_roll


def test_sheets_view_and_log_for_front_ends():
    g = QwixxGame("bonus-a", players=2, seed=15)
    g.roll([5, 6, 1, 1, 1, 1])
    g.choose(0, "g11")
    g.choose(1, "pass")
    s = g.sheets[0]
    assert set(s) == {"rows", "penalties", "bar", "rewards", "lucky", "score"}
    assert s["rows"][2] == {"colour": "g", "crossed": [11], "crosses": 1, "locked": False,
                            "closed": False, "last": 11, "points": 1}
    assert s["bar"][0] == "x" and s["score"] == g.scores()[0] == 2
    assert g.white_sum == 11 and g.winners() == []  # not over yet
    assert repr(g).startswith("QwixxGame(edition='bonus-a'")
    ed = g.edition.to_dict()
    json.dumps(ed)
    assert ed["rows"][2]["cells"][1]["bonus"] is True


def test_random_games_end_properly_for_every_edition_and_player_count():
    rng = random.Random(16)
    for name in EDITION_NAMES:
        for n in range(1, 6):
            for seed in range(3):
                g = QwixxGame(name, players=n, seed=seed)
                play_random(g, rng)
                s = g.sheets_state
                assert g.end_reason in ("locks", "penalties")
                if g.end_reason == "locks":
                    assert len(g.closed_rows) >= 2
                else:
                    assert max(x.penalties for x in s) == 4
                assert g.log[-1]["event"] == "end" and g.log[-1]["scores"] == g.scores()


def test_longo_refusals_explain_why():
    g = QwixxGame("longo", players=2, seed=17, lucky=[(5, 8), (6, 11)])
    g.roll([2, 3, 1, 1, 1, 1])             # white sum 5: lucky for player 0 only
    before = g.to_json()
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "L:g")
    assert e.value.key == "not_lucky"
    g.sheets_state[0].count[0] = 1          # (test only) red is no longer a fewest row
    g.sheets_state[0].last[0] = 0
    g.sheets_state[0].marks[0] = 1
    g._opts = {}
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "L:r")
    assert e.value.key == "lucky_row"
    g.choose(0, "L:y")
    g.choose(1, "pass")
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "L:g")
    assert e.value.key == "lucky_action1"
    assert before != g.to_json()


@pytest.mark.parametrize("name", EDITION_NAMES)
def test_order_of_action_1_decisions_does_not_matter(name):
    """Simultaneous: the same choices made in any order give the same game."""
    rng = random.Random(name)
    for seed in range(20):
        g = QwixxGame(name, players=4, seed=seed)
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            if g.phase == ACTION1:
                picks = {p: rng.choice(g.options(p)) for p in g.to_act}
                other = g.copy()
                for p in (0, 1, 2, 3):
                    g.choose(p, picks[p])
                for p in (3, 1, 0, 2):
                    other.choose(p, picks[p])
                assert other.sheets == g.sheets and other.closed == g.closed
                assert other.phase == g.phase and other.scores() == g.scores()
                continue
            g.choose(g.active, rng.choice(g.options(g.active)))


def test_options_of_an_unknown_player_is_refused():
    g = QwixxGame(players=2, seed=18)
    g.roll([1, 2, 3, 4, 5, 6])
    for bad in (2, -1, "0", True, None):
        with pytest.raises(IllegalMove) as e:
            g.options(bad)
        assert e.value.key == "unknown_player"


def test_copies_share_no_random_state():
    g = QwixxGame(players=1, seed=19)
    c1 = g.copy()
    c2 = c1.copy()
    first = g.roll()
    g.choose(0, "pass")
    g.choose(0, "pass")
    second = g.roll()
    assert c1.roll() == first              # the copies start from the same generator state
    c1.choose(0, "pass")
    c1.choose(0, "pass")
    assert c1.roll() == second
    assert c2.roll() == first              # ... and rolling one never moves another
    assert c2.to_json() != c1.to_json()
    assert qwixo.load_game(c2.to_json()) == c2


def test_option_info_names_the_cells():
    g = QwixxGame("bonus-b", players=1, seed=20)
    g.sheets_state[0].marks[1] = 1 << 9     # y11 crossed (test set-up)
    g.sheets_state[0].last[1] = 9
    g.sheets_state[0].count[1] = 1
    g.sheets_state[0].marks[2] = 1          # g12 crossed
    g.sheets_state[0].last[2] = 0
    g.sheets_state[0].count[2] = 1
    g.roll([4, 5, 6, 6, 6, 6])
    info = {o["text"]: o for o in g.option_info(0)}
    assert set(info) == set(g.options(0))
    assert info["pass"] == {"text": "pass", "kind": "pass", "row": None, "number": None,
                            "reward_row": None}
    assert info["g9+b"] == {"text": "g9+b", "kind": "cell", "row": "g", "number": 9,
                            "reward_row": "b"}
    assert info["r9"]["number"] == 9 and info["r9"]["reward_row"] is None


@pytest.mark.parametrize("edition", ["classic", "bonus-a", "bonus-b", "longo"])
def test_pickle_and_deepcopy_give_a_game_that_plays_on_alone(edition):
    """A pickled or deep-copied game (OpenSpiel serialises states so) has its own kernel
    memory with the sheets viewing it, and plays on exactly as the original."""
    import copy
    import pickle

    g = qwixo.new_game("qwixx", edition=edition, players=3, seed=1)
    g.roll()
    g.choose(0, g.options(0)[-1])  # a hidden action-1 choice travels too
    for h in (copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert h._m is not g._m and all(s._s is h._m for s in h.sheets_state)
        # the edition's rules and read-only kernel table, not a copy (a writable table is
        # another argument type: numba would compile every kernel again for it)
        assert h.rules is g.rules and not h.rules.T.flags.writeable
        assert h.view(1) == g.view(1) and h.options(1) == g.options(1)
        k = g.copy()
        r = random.Random(3)
        while not k.is_over:
            if k.needs_roll:
                d = [r.randint(1, 6) for _ in range(6)]
                d = [v if j < 2 or "rygb"[j - 2] not in k.closed_rows else None
                     for j, v in enumerate(d)]
                h.roll(d)
                k.roll(d)
                continue
            p = k.to_act[0]
            opts = k.options(p)
            assert h.options(p) == opts
            c = opts[r.randrange(len(opts))]
            h.choose(p, c)
            k.choose(p, c)
            assert h.sheets == k.sheets and h.scores() == k.scores()
        assert h.is_over and h.scores() == k.scores()
    assert not g.is_over
