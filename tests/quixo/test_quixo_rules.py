"""The rules of Quixo as QuixoGame implements them (docs/quixo.md, the rulebook's examples)."""

from __future__ import annotations

import pytest

import qwixo
from qwixo import IllegalMove
from qwixo.quixo.cli import perft
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.notation import move_texts, parse_position


def moves_from(game: QuixoGame, square: str) -> list[str]:
    return [m for m in game.options(game.to_act[0]) if m.startswith(square)]


# -- move counts --------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [3, 4, 5, 6, 7])
def test_start_has_12n_minus_16_moves(size):
    g = QuixoGame(size=size)
    assert len(g.options(0)) == 12 * size - 16
    assert len(QuixoGame(size=size, players=4).options(0)) == 2 * (12 * size - 16)


def test_corner_cube_has_two_moves_and_edge_cube_three():
    g = QuixoGame()
    assert sorted(moves_from(g, "a1")) == ["a1a5", "a1e1"]
    assert sorted(moves_from(g, "e5")) == ["e5a5", "e5e1"]
    assert sorted(moves_from(g, "c1")) == ["c1a1", "c1c5", "c1e1"]
    assert sorted(moves_from(g, "a3")) == ["a3a1", "a3a5", "a3e3"]
    assert moves_from(g, "c3") == []  # not on the border


def test_perft_from_the_start():
    assert [perft(QuixoGame(), d) for d in (1, 2, 3)] == [44, 1836, 76596]
    assert perft(QuixoGame(), 0) == 1


def test_perft_counts_nothing_after_a_finished_game():
    g = QuixoGame(position="xxxx./...../...../...../..... x")
    # some moves of x end the game at once (into e5): depth 2 counts no replies to them
    total = 0
    for mv in g.options(0):
        c = g.copy()
        c.choose(0, mv)
        total += 0 if c.is_over else len(c.options(1))
    assert perft(g, 2) == total
    assert perft(g, 1) == len(g.options(0))
    over = QuixoGame(position="xxxxx/...../...../...../..... o")
    assert over.is_over and perft(over, 1) == 0 and perft(over, 3) == 0


# -- pushes -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("start", "move", "after"), [
    # cubes slide to the right, the cube enters at a3
    ("...../...../o.x../...../..... x", "e3a3", "...../...../xo.x./...../..... o"),
    # cubes slide to the left, the cube enters at e3
    ("...../...../.ox.o/...../..... x", "a3e3", "...../...../ox.ox/...../..... o"),
    # cubes slide down, the cube enters at c5 (file c bottom-up: . x o . o)
    ("..o../...../..o../..x../..... x", "c1c5", "..x../..o../...../..o../..x.. o"),
    # cubes slide up, the cube enters at c1 (file c bottom-up: o . x o .)
    ("...../..o../..x../...../..o.. x", "c5c1", "..o../..x../...../..o../..x.. o"),
    # an own cube may be taken again
    ("...../...../...../...../x.... o", "b1b5", ".o.../...../...../...../x.... x"),
])
def test_pushes_in_all_four_directions(start, move, after):
    g = QuixoGame(position=start)
    g.choose(g.to_act[0], move)
    assert g.position == after


def test_corner_pushes_along_both_lines():
    g = QuixoGame(position="o..../...../...../...../..... x")
    g.choose(0, "e1e5")
    assert g.position == "o...x/...../...../...../..... o"
    g = QuixoGame(position="...../...../...../...../x.... x")
    g.choose(0, "a1a5")
    assert g.position == "x..../...../...../...../..... o"


def test_never_back_in_place():
    g = QuixoGame()
    for mv in g.options(0):
        assert mv[:2] != mv[2:]
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "a1a1")
    assert e.value.key == "quixo_same_place"


def test_taking_a_cube_turns_it_to_your_symbol():
    g = QuixoGame(position="...../...../...../...../....x x")
    g.choose(0, "e1a1")
    assert g.position == "...../...../...../...../x.... o"


# -- the end of the game ------------------------------------------------------------------------
def test_making_a_line_wins():
    g = QuixoGame(position="xxxx./...../...../...../oooo. x")
    g.choose(0, "e1e5")
    assert (g.is_over, g.winner, g.end_reason, g.scores()) == (True, "x", "line", [1, -1])
    assert g.to_act == [] and g.options(0) == [] and g.options(1) == []
    assert g.winners == [0] and g.result == "x"


def test_a_double_line_loses_for_the_mover():
    # x completes the top rank with e1e5 and, sliding file e down, the bottom rank of o
    g = QuixoGame(position="xxxx./...../...../....o/oooo. x")
    g.choose(0, "e1e5")
    assert g.position == "xxxxx/...../...../...../ooooo o"
    assert (g.winner, g.end_reason, g.scores()) == ("o", "opponent_line", [-1, 1])


def test_making_only_the_opponents_line_loses():
    g = QuixoGame(position="...../...../...../....o/oooo. x")
    g.choose(0, "e1e5")
    assert (g.winner, g.end_reason) == ("o", "opponent_line")


def test_diagonal_and_column_lines():
    g = QuixoGame(size=3, position="..x/.x./... x")
    g.choose(0, "b1a1")  # a1 gets x: diagonal a1-b2-c3
    assert g.winner == "x"
    g = QuixoGame(size=3, position="o../o../... o")
    g.choose(1, "b1a1")
    assert g.winner == "o" and g.position == "o../o../o.. x"


def test_finished_start_position():
    # the side to move has a line: the opponent made it, so the side to move has won
    g = QuixoGame(position="xxxxx/...../...../...../..... x")
    assert g.is_over and g.winner == "x"
    # only the side that just moved has a line: it won
    g = QuixoGame(position="xxxxx/...../...../...../..... o")
    assert g.is_over and g.winner == "x"
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "a1e1")
    assert e.value.key == "game_over"


def test_no_pass_with_two_players():
    g = QuixoGame()
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "pass")
    assert e.value.key == "quixo_no_pass_2p"


# -- errors -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "key"), [
    ("z9a1", "quixo_unknown_square"),
    ("a1f1", "quixo_unknown_square"),
    ("c3c1", "quixo_not_border"),
    ("a1a1", "quixo_same_place"),
    ("b1c1", "quixo_not_line_end"),
    ("b1b4", "quixo_not_line_end"),
    ("a1e5", "quixo_not_line_end"),
    ("e1a1", "quixo_opponent_cube"),
    ("hello", "quixo_bad_move"),
    ("", "quixo_bad_move"),
    ("b1b5:S", "quixo_no_dot"),
    ("pass", "quixo_no_pass_2p"),
])
def test_each_error_has_its_own_message_and_leaves_the_game_unchanged(text, key):
    g = QuixoGame(position="...../...../...../...../....o x")
    before = g.to_dict(), g.position
    with pytest.raises(IllegalMove) as e:
        g.choose(0, text)
    assert e.value.key == key
    assert (g.to_dict(), g.position) == before
    assert e.value.translated("tr") != str(e.value)


def test_not_your_turn_unknown_player_and_bad_decisions():
    g = QuixoGame()
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "a1e1")
    assert e.value.key == "not_your_turn"
    for bad in (2, -1, "0", None, True):
        with pytest.raises(IllegalMove) as e:
            g.choose(bad, "a1e1")
        assert e.value.key == "unknown_player"
    for bad in (None, 3, 1.5, ["a1e1"], {"m": 1}):
        with pytest.raises(IllegalMove) as e:
            g.choose(0, bad)
        assert e.value.key == "bad_decision"
    assert g.history == [] and g.options(1) == []


def test_option_objects_and_case_and_spaces_are_accepted():
    g = QuixoGame()

    class Opt:
        def __str__(self):
            return "a1e1"

    g.choose(0, Opt())
    g.choose(1, "  B1B5 ")
    assert g.history == ["a1e1", "b1b5"]


# -- settings -----------------------------------------------------------------------------------
@pytest.mark.parametrize("settings", [
    {"size": 2}, {"size": 8}, {"size": "5"}, {"size": True}, {"players": 3}, {"players": True},
    {"position": 5}, {"position": "...../...../..... x"}, {"size": 4, "position": "..../x"},
    {"size": 4, "position": "...../...../...../...../..... x"},
    {"players": 4, "position": "...../...../...../...../..... x"},
    {"ply_limit": 0}, {"ply_limit": "10"}, {"repetition": 1}, {"repetition": "3"},
    {"first": "z"}, {"first": 2}, {"players": 4, "first": "x"},
    {"first": "o", "position": "...../...../...../...../..... x"},
])
def test_bad_settings_are_refused(settings):
    with pytest.raises(IllegalMove) as e:
        QuixoGame(**settings)
    assert e.value.key in ("bad_setting", "quixo_bad_position", "quixo_position_size",
                           "quixo_position_rank")


def test_unknown_settings_are_refused():
    with pytest.raises(IllegalMove) as e:
        qwixo.new_game("quixo", colour="red")
    assert e.value.key == "bad_setting"


def test_settings_and_first_player():
    g = qwixo.new_game("quixo", size=4, first="o")
    assert g.to_act == [1] and g.position == "..../..../..../.... o"
    g = qwixo.new_game("quixo", players=4, first="W")
    assert g.to_act == [3] and g.position.endswith(" W")
    g = qwixo.new_game("quixo", position=".../.../... o")
    assert g.size == 3 and g.num_players == 2 and g.to_act == [1]
    assert qwixo.new_game("quixo", position=".../.../... o", first="o").to_act == [1]
    g = qwixo.new_game("quixo", repetition=True, ply_limit=100)
    assert g.repetition == 3 and g.ply_limit == 100
    assert qwixo.new_game("quixo", repetition=False).repetition is None


# -- draw rules ---------------------------------------------------------------------------------
def test_ply_limit_draw():
    g = QuixoGame(size=3, ply_limit=3)
    for mv in ("a1c1", "a1c1", "a1c1"):
        assert not g.is_over
        g.choose(g.to_act[0], mv)
    assert g.is_over and g.end_reason == "ply_limit" and g.winner is None
    assert g.scores() == [0, 0] and g.result == "draw"
    g.undo()
    assert not g.is_over and g.to_act == [0]


def test_a_line_beats_the_ply_limit():
    g = QuixoGame(position="xxxx./...../...../...../..... x", ply_limit=1)
    g.choose(0, "e1e5")
    assert g.end_reason == "line" and g.winner == "x"


CYCLE = ["a1e1", "a5e5", "e1a1", "e5a5"]


def test_threefold_repetition_draw():
    g = QuixoGame(position="o..../...../...../...../x.... x", repetition=True)
    for i, mv in enumerate(CYCLE * 2):
        assert not g.is_over, i
        g.choose(g.to_act[0], mv)
    assert g.is_over and g.end_reason == "repetition" and g.repetitions == 3
    assert g.scores() == [0, 0]
    g.undo()
    assert not g.is_over and g.repetitions == 2


def test_repetition_is_off_by_default():
    g = QuixoGame(position="o..../...../...../...../x.... x")
    for mv in CYCLE * 5:
        g.choose(g.to_act[0], mv)
    assert not g.is_over and g.repetitions == 6


# -- four players -------------------------------------------------------------------------------
def test_four_player_seats_teams_and_dots():
    g = QuixoGame(players=4)
    assert g.to_act == [0] and [g.side_of(p) for p in range(4)] == ["x", "o", "x", "o"]
    assert all(m.endswith((":N", ":S")) for m in g.options(0))
    g.choose(0, "a1e1:S")
    assert g.position == "...../...../...../...../....S E"
    assert all(m.endswith((":E", ":W")) for m in g.options(1))
    # E may not take the cube of team X
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "e1a1:E")
    assert e.value.key == "quixo_opponent_cube"
    # the dot must point at E or W
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "a1e1:N")
    assert e.value.key == "quixo_dot_other_team"
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "a1e1")
    assert e.value.key == "quixo_dot_missing"
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "a1e1:Q")
    assert e.value.key == "quixo_bad_dot"
    g.choose(1, "a5e5:w")
    g.choose(2, "e1e5:S")  # S takes its own cube (the dot points at S)
    assert g.position == "....S/....W/...../...../..... W"
    assert g.board[0][4] == "S" and g.cell("e4") == "W"


def test_four_player_dot_pointing_at_the_partner():
    # N's partner is S: a cube whose dot points at S may be taken only by S
    g = QuixoGame(position="...../...../...../...../S.... N")
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "a1e1:N")
    assert e.value.key == "quixo_dot_not_you"
    g2 = QuixoGame(position="...../...../...../...../S.... S")
    g2.choose(2, "a1e1:N")
    assert g2.position == "...../...../...../...../....N W"


# border ring alternating S and E (16 cells): no line, and N has no cube to take
RING = "SESES/E...E/S...S/E...E/SESES"


def test_four_player_pass_when_no_cube_can_be_taken():
    g = QuixoGame(position=RING + " N")
    assert not g.is_over
    assert g.options(0) == ["pass"] and g.legal_moves == [-1]
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "a2a1:N")  # the cube on a2 belongs to team O
    assert e.value.key == "quixo_opponent_cube"
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "a1e1:N")  # the cube on a1 points at S
    assert e.value.key == "quixo_dot_not_you"
    g.choose(0, "pass")
    assert g.position == RING + " E" and g.history == ["pass"]
    assert "pass" not in g.options(1)
    with pytest.raises(IllegalMove) as e:
        g.choose(1, "pass")
    assert e.value.key == "quixo_cannot_pass"
    g.undo()
    assert g.position == RING + " N"


def test_four_player_team_results():
    # N completes the top rank of team X (dots mixed) -> N and S win
    g = QuixoGame(position="NSNS./...../...../...../..... N")
    g.choose(0, "e1e5:S")
    assert g.winner == "x" and g.scores() == [1, -1, 1, -1] and g.winners == [0, 2]
    # E completes a line of team X -> team X wins
    g = QuixoGame(position="NSNS./...../...../...../..... E")
    with pytest.raises(IllegalMove):
        g.choose(1, "e1e5:N")
    g.choose(1, "e1a1:E")
    assert not g.is_over
    # double line made by W: team O loses
    g = QuixoGame(position="EWEW./...../...../....N/NSNS. W")
    g.choose(3, "e1e5:W")
    assert g.position == "EWEWW/...../...../...../NSNSN N"
    assert g.winner == "x" and g.end_reason == "opponent_line" and g.scores() == [1, -1, 1, -1]


def test_four_player_perft():
    g = QuixoGame(players=4)
    assert perft(g, 1) == 88
    # after N's move, E may take every border cube but the X cube N put back in
    assert perft(g, 2) == sum(
        88 - 2 * len([m for m in QuixoGame(size=5).options(0) if m.startswith(t[2:4])])
        for t in g.options(0))
    assert perft(QuixoGame(position=RING + " N"), 1) == 1  # the pass


# -- records ------------------------------------------------------------------------------------
def test_history_undo_and_json_round_trip():
    g = qwixo.new_game("quixo", size=4, ply_limit=50, repetition=3)
    for mv in ("a1d1", "b1b4", "d1a1"):
        g.choose(g.to_act[0], mv)
    assert g.history == ["a1d1", "b1b4", "d1a1"] and g.last_move == "d1a1" and g.ply == 3
    text = g.to_json()
    h = qwixo.load_game(text)
    assert h == g and h.to_json() == text and h.position == g.position
    assert h.ply_limit == 50 and h.repetition == 3 and h.start_position == g.start_position
    h.undo()
    assert h != g and h.history == ["a1d1", "b1b4"]
    h.undo()
    h.undo()
    with pytest.raises(IllegalMove) as e:
        h.undo()
    assert e.value.key == "nothing_to_undo"
    assert h.position == "..../..../..../.... x"


def test_copy_is_independent():
    g = QuixoGame()
    c = g.copy()
    c.choose(0, "a1e1")
    assert g.history == [] and g.position == "...../...../...../...../..... x"
    assert c.history == ["a1e1"]


@pytest.mark.parametrize("data", [
    '{"game":"quixo","moves":"a1e1"}',
    '{"game":"quixo","moves":["a1e1","e1a1"]}',
    '{"game":"quixo","moves":[5]}',
    '{"game":"quixo","size":9}',
    '{"game":"quixo","colour":1}',
    '{"game":"quixo","position":"xx"}',
])
def test_bad_saves_are_refused(data):
    with pytest.raises(IllegalMove) as e:
        qwixo.load_game(data)
    assert e.value.key == "bad_save"


def test_push_and_codes_for_bots():
    g = QuixoGame()
    codes = g.legal_moves
    assert len(codes) == 44 and [g.move_text(c) for c in codes] == g.options(0)
    g.push(codes[0])
    assert g.history == [g.move_text(codes[0])]
    with pytest.raises(IllegalMove):
        g.push(10_000)
    with pytest.raises(IllegalMove):
        g.push(-1)  # no pass with 2 players
    with pytest.raises(IllegalMove) as e:
        g.push(move_texts(5).index("e1a1"))  # x's cube
    assert e.value.key == "quixo_opponent_cube"
    assert g.parse_move("b1b5") in g.legal_moves
    g.pop()
    assert g.history == []


def test_parsed_positions_are_kept():
    text = "xo.../.x.../..o../...x./o...x o"
    g = QuixoGame(position=text)
    assert g.position == text and g.start_position == text
    assert parse_position(text).boards[:2] == g.bitboards
    assert g.cell("a1") == "o" and g.cell("a5") == "x" and g.cell("c3") == "o"


def test_rulebook_figure_7_each_partner_takes_only_the_cubes_pointing_at_them():
    # team O (E and W): cubes pointing at E and at W on the border, one X cube, blanks elsewhere
    g = QuixoGame(position="E.W.E/W...N/...../....E/..W.. E")
    takeable = {m[:2] for m in g.options(1)}
    assert {"a5", "e5", "e2"} <= takeable  # the cubes pointing at E
    assert not {"c5", "a4", "c1", "e4"} & takeable  # W's cubes and the X cube
    assert "b1" in takeable  # blanks
    g.choose(1, "a5e5:W")
    assert g.position == ".W.EW/W...N/...../....E/..W.. S"
    with pytest.raises(IllegalMove) as e:
        g.choose(2, "e5a5:S")  # team O's cube
    assert e.value.key == "quixo_opponent_cube"


def test_rulebook_figure_4_a_cube_goes_back_in_at_three_places():
    g = QuixoGame(position="...../...../...../...../.x... x")
    results = set()
    for mv in moves_from(g, "b1"):
        c = g.copy()
        c.choose(0, mv)
        results.add(c.position)
    assert results == {
        "...../...../...../...../x.... o",  # pushed in at a1
        "...../...../...../...../....x o",  # pushed in at e1
        ".x.../...../...../...../..... o",  # pushed in at b5
    }
