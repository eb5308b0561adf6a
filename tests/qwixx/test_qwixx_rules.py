"""Qwixx rules: the rulebook examples and every lock / end case, on explicit dice."""

from __future__ import annotations

import pytest

import qwixo
from qwixo import IllegalMove
from qwixo.qwixx.editions import EDITIONS, edition, row_points
from qwixo.qwixx.game import ACTION1, ACTION2, OVER, ROLL, QwixxGame
from qwixo.qwixx.rules import CELL, Rules, Sheet


def put(g: QwixxGame, p: int, row: str, numbers: list[int]) -> None:
    """Set up a sheet: cross ``numbers`` (left to right) in ``row`` directly (no chains)."""
    rules = g.rules
    r = "rygb".index(row)
    sh = g.sheets_state[p]
    for n in numbers:
        i = rules.index_of[r][n]
        assert i > sh.last[r], "set-up must go left to right"
        sh.marks[r] |= 1 << i
        sh.last[r] = i
        sh.count[r] += 1
    g._opts = {}


def everyone(g: QwixxGame, *decisions: str) -> None:
    """Action 1: player k chooses decisions[k]."""
    assert g.phase == ACTION1
    for p, d in enumerate(decisions):
        g.choose(p, d)


# -- scoring ---------------------------------------------------------------------------------
@pytest.mark.parametrize("counts, penalties, total", [
    ((4, 3, 7, 8), 2, 70),   # classic rulebook (seeds 001, 004): Laura
    ((4, 3, 9, 8), 2, 87),   # Longo rulebook (seeds 000, 002, 004): Emma
])
def test_rulebook_totals(counts, penalties, total):
    sh = Sheet()
    sh.count, sh.penalties = list(counts), penalties
    assert Rules.of("classic").score(sh) == total
    assert sum(row_points(c) for c in counts) - 5 * penalties == total


def test_score_table_is_triangular():
    assert EDITIONS["classic"].score_table()[:13] == (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55,
                                                      66, 78)
    assert EDITIONS["longo"].score_table()[-1] == 120  # 14 numbers + the lock = 15 crosses


# -- crossing order ----------------------------------------------------------------------------
def test_skipped_cells_are_lost_rulebook_red_5_then_7():
    g = QwixxGame(players=2, seed=1)
    put(g, 0, "r", [5, 7])
    g.roll([2, 2, 1, 1, 1, 1])   # white sum 4
    assert "r4" not in g.options(0) and "r4" in g.options(1)
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "r4")
    assert e.value.key == "left_of_last"
    g.choose(0, "pass")
    g.choose(1, "pass")
    # action 2: white 2 + red 1 = 3 is left of red 7 too; yellow 3 is fine
    assert g.options(0) == ["pass", "y3", "g3", "b3"]


def test_longo_rows_and_locks():
    g = QwixxGame("longo", players=2, seed=2, lucky=[(5, 8), (5, 10)])
    put(g, 0, "r", [2, 3, 4, 5, 6])       # 5 crosses: not enough for 15/16
    put(g, 1, "r", [2, 3, 4, 5, 6, 7])    # 6 crosses: may lock
    g.roll([8, 7, 1, 1, 1, 1])            # white sum 15
    assert "r15" not in g.options(0)
    assert "r15" in g.options(1)
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "r15")
    assert e.value.key == "lock_needs"
    everyone(g, "pass", "r15")
    assert g.closed_rows == ["r"] and g.dice[2] is None
    assert g.sheets[1]["rows"][0]["crosses"] == 8  # 7 numbers + the lock box
    assert g.sheets_state[1].count[0] == 8


# -- locks -----------------------------------------------------------------------------------
def test_lock_needs_five_crosses_and_removes_the_die_at_once():
    g = QwixxGame(players=2, seed=3)
    put(g, 0, "g", [12, 11, 10, 9, 8])
    g.roll([1, 1, 6, 6, 6, 6])            # white sum 2
    assert "g2" in g.options(0) and "g2" not in g.options(1)
    everyone(g, "g2", "pass")
    assert g.closed_rows == ["g"] and g.removed_dice == ["g"]
    assert g.dice == [1, 1, 6, 6, None, 6]
    assert g.phase == ACTION2
    # action 2: the green die is gone and the green row closed
    assert not any(o.startswith("g") for o in g.options(0))
    assert [e["event"] for e in g.log] == ["lock", "die_removed"]
    g.choose(0, "pass")                   # crossed in action 1: no penalty
    assert g.sheets_state[0].penalties == 0
    assert g.scores() == [row_points(7), 0]
    g.roll([3, 3, 1, 1, 1])               # only the dice still in play may be given
    assert g.dice == [3, 3, 1, 1, None, 1]
    assert "g6" not in g.options(0)
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "g6")
    assert e.value.key == "row_closed"


def test_simultaneous_lock_by_several_players_in_action_1():
    g = QwixxGame(players=3, seed=4)
    put(g, 0, "r", [2, 3, 4, 5, 6])
    put(g, 1, "r", [7, 8, 9, 10, 11])
    put(g, 2, "r", [2, 3, 4, 5])          # only 4: may never take the lock number
    g.roll([6, 6, 1, 1, 1, 1])
    assert "r12" in g.options(0) and "r12" in g.options(1) and "r12" not in g.options(2)
    g.choose(0, "r12")
    # hidden: player 1 still sees red open and may lock it too
    assert "r12" in g.options(1)
    g.choose(1, "r12")
    g.choose(2, "pass")
    assert g.closed_rows == ["r"]
    assert [s["rows"][0]["locked"] for s in g.sheets] == [True, True, False]
    assert [s.count[0] for s in g.sheets_state] == [7, 7, 4]
    assert [e["player"] for e in g.log if e["event"] == "lock"] == [0, 1]
    assert g.phase == ACTION2


def test_second_lock_in_action_1_ends_the_game_without_action_2():
    g = QwixxGame(players=2, seed=5)
    g.closed = 0b0100                      # green is already closed
    put(g, 1, "r", [2, 3, 4, 5, 6])
    g.roll([6, 6, 1, 1, 1])
    everyone(g, "pass", "r12")
    assert g.is_over and g.phase == OVER and g.end_reason == "locks"
    assert g.to_act == [] and g.options(0) == [] and not g.needs_roll
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "pass")
    assert e.value.key == "game_over"
    with pytest.raises(IllegalMove):
        g.roll()


def test_third_row_may_lock_in_the_same_action_rulebook_example():
    # "the blue row is already closed; Emma rolls two 6s: Max locks red, Lino locks yellow"
    g = QwixxGame(players=4, seed=6)
    g.closed = 0b1000
    put(g, 1, "r", [2, 3, 5, 7, 8])        # Max
    put(g, 3, "y", [4, 6, 8, 9, 10])       # Lino
    g.active = 0                           # Emma
    g.roll([6, 6, 2, 2, 2])
    everyone(g, "pass", "r12", "pass", "y12")
    assert g.is_over and g.end_reason == "locks"
    assert g.closed_rows == ["r", "y", "b"]
    assert g.dice[2] is None and g.dice[3] is None


def test_lock_in_action_2_and_second_lock_ends():
    g = QwixxGame(players=2, seed=7)
    put(g, 0, "b", [12, 11, 10, 9, 8])
    g.closed = 0b0001                      # red closed earlier
    g.roll([1, 5, 2, 3, 4])                # white 6; white 1 + blue 1? no: b = 4 -> 5, 9
    everyone(g, "pass", "pass")
    assert "b5" in g.options(0)
    g.choose(0, "b5")
    assert not g.is_over
    g.roll([1, 1, 1, 1, 1])
    everyone(g, "pass", "pass")
    g.choose(1, "pass")                    # player 1 active: nothing crossed -> penalty
    assert g.sheets_state[1].penalties == 1
    g.roll([1, 1, 1, 1, 1])                # player 0 active again, blue: 1 + 1 = 2
    everyone(g, "pass", "pass")
    assert "b2" in g.options(0)
    g.choose(0, "b2")
    assert g.is_over and g.end_reason == "locks" and g.closed_rows == ["r", "b"]
    assert g.sheets_state[0].count[3] == 8


def test_fourth_penalty_ends_the_game_at_once():
    g = QwixxGame(players=2, seed=8)
    for _ in range(7):
        g.roll([1, 1, 1, 1, 1, 1])
        everyone(g, "pass", "pass")
        g.choose(g.active, "pass")
    assert g.sheets_state[0].penalties == 4 and g.sheets_state[1].penalties == 3
    assert g.is_over and g.end_reason == "penalties"
    assert g.scores() == [-20, -15]
    assert g.log[-1]["event"] == "end"


def test_only_the_active_player_takes_a_penalty_and_action_1_cross_avoids_it():
    g = QwixxGame(players=3, seed=9)
    g.roll([2, 3, 1, 1, 1, 1])
    everyone(g, "r5", "pass", "pass")
    g.choose(0, "pass")
    assert [s.penalties for s in g.sheets_state] == [0, 0, 0]
    g.roll([2, 3, 1, 1, 1, 1])
    everyone(g, "pass", "pass", "pass")
    g.choose(1, "y4")                      # an action-2 cross avoids it too
    assert [s.penalties for s in g.sheets_state] == [0, 0, 0]
    g.roll([2, 3, 1, 1, 1, 1])
    everyone(g, "pass", "pass", "pass")
    g.choose(2, "pass")
    assert [s.penalties for s in g.sheets_state] == [0, 0, 1]


def test_active_player_may_cross_twice_and_action_1_counts_for_left_to_right():
    g = QwixxGame(players=2, seed=10)
    g.roll([4, 1, 6, 2, 2, 2])             # Max: 4 + 1 = 5 red; then 4 + 6 = 10 red
    everyone(g, "r5", "y5")
    assert g.options(0) == ["pass", "r7", "r10", "y3", "y6", "g6", "g3", "b6", "b3"]
    g.choose(0, "r10")
    assert g.sheets[0]["rows"][0]["crossed"] == [5, 10]


# -- Longo lucky numbers --------------------------------------------------------------------
def test_lucky_rulebook_example_six_and_eleven_cross_green_16():
    g = QwixxGame("longo", players=2, seed=11, lucky=[(5, 8), (6, 11)])
    put(g, 1, "r", [3])
    put(g, 1, "y", [4])
    put(g, 1, "b", [16])                   # green is the only row with the fewest (0)
    g.roll([5, 1, 3, 3, 3, 3])             # white sum 6
    assert g.options(1) == ["pass", "r6", "y6", "g6", "b6", "L:g"]
    assert not any(o.startswith("L:") for o in g.options(0))   # 6 is not lucky for player 0
    everyone(g, "pass", "L:g")
    assert g.sheets[1]["rows"][2]["crossed"] == [16]
    assert any(e["event"] == "lucky" and e["number"] == 16 for e in g.log)
    # the lucky cross is player 1's own action-1 cross; action 2 is player 0's
    assert g.phase == ACTION2 and g.to_act == [0]


def test_lucky_tie_is_the_players_choice_and_never_a_duplicate():
    g = QwixxGame("longo", players=1, seed=12, lucky=[(5, 9)])
    g.roll([4, 1, 1, 1, 1, 1])             # sum 5, every row empty: next cells 2, 2, 16, 16
    assert g.options(0) == ["pass", "r5", "y5", "g5", "b5", "L:r", "L:y", "L:g", "L:b"]
    put(g, 0, "r", [2, 3, 4])
    put(g, 0, "y", [2, 3, 4])
    put(g, 0, "g", [16])
    g.sheets_state[0].last[3] = -1
    put(g, 0, "b", [16, 15, 14, 13, 12, 11, 10, 9, 8])  # fewest is g (1): next cell 15
    assert g.options(0) == ["pass", "r5", "y5", "g5", "b5", "L:g"]
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "L:r")
    assert e.value.key == "lucky_row"


def test_lucky_cross_identical_to_the_plain_cross_is_offered_once():
    g = QwixxGame("longo", players=1, seed=13, lucky=[(2, 9)])
    put(g, 0, "y", [2])
    put(g, 0, "g", [16])
    put(g, 0, "b", [16])                   # fewest: red (0), next cell red 2 == the sum
    g.roll([1, 1, 1, 1, 1, 1])
    assert g.options(0) == ["pass", "r2"]


def test_lucky_cross_may_lock_and_end_the_game():
    g = QwixxGame("longo", players=2, seed=14, lucky=[(3, 7), (4, 9)])
    g.closed = 0b0010                       # yellow closed (player 0 had 7 crosses there)
    put(g, 0, "y", [2, 3, 4, 5, 6, 7, 8])
    put(g, 0, "r", [2, 3, 4, 5, 6, 14])     # 6 crosses, next cell red 15 (a lock number)
    put(g, 0, "g", [16, 15, 14, 13, 12, 11, 10])
    put(g, 0, "b", [16, 15, 14, 13, 12, 11, 10])
    g.roll([1, 2, 1, 1, 1])                 # sum 3: lucky for player 0
    assert "L:r" in g.options(0)
    everyone(g, "L:r", "pass")
    assert g.is_over and g.end_reason == "locks"
    assert g.sheets_state[0].count[0] == 8  # 6 + red 15 + the lock box


def test_lucky_not_offered_when_fewest_row_cannot_take_its_next_cell():
    g = QwixxGame("longo", players=1, seed=15, lucky=[(3, 7)])
    put(g, 0, "r", [2, 3, 4, 5, 14])        # 5 crosses, next cell 15 needs 6 first
    for row, nums in (("y", range(2, 9)), ("g", range(16, 9, -1)), ("b", range(16, 9, -1))):
        put(g, 0, row, list(nums))
    g.roll([1, 2, 1, 1, 1, 1])
    assert not any(o.startswith("L:") for o in g.options(0))


def test_lucky_numbers_dealt_distinct_and_validated():
    g = qwixo.new_game("qwixx", edition="longo", players=5, seed=3)
    pairs = [tuple(sorted(x)) for x in g.lucky]
    assert len(set(pairs)) == 5 and all(a != b and 2 <= a <= 16 and 2 <= b <= 16
                                        for a, b in pairs)
    assert g.sheets[0]["lucky"] == list(g.lucky[0])
    for bad in ([(5, 5), (2, 3)], [(5, 8)], [(1, 8), (2, 3)], [(5, 17), (2, 3)], "xy",
                [(5, 8, 9), (2, 3)]):
        with pytest.raises(IllegalMove):
            QwixxGame("longo", players=2, lucky=bad)
    with pytest.raises(IllegalMove):
        QwixxGame("classic", players=2, lucky=[(5, 8), (2, 3)])


# -- Mixx A / Mixx B ----------------------------------------------------------------------------
def test_mixx_a_white_sum_any_colour_and_die_only_its_colour():
    g = QwixxGame("mixx-a", players=1, seed=16)
    g.roll([2, 3, 1, 2, 3, 4])             # white sum 5: r5 (blue), y5 (green), g5, b5
    assert g.options(0) == ["pass", "r5", "y5", "g5", "b5"]
    g.choose(0, "pass")
    # action 2: white 2/3 + red 1 -> 3, 4 on red cells: y3 (red), g4 (red) ; +yellow 2 -> 4, 5:
    # yellow cells r4, b5 ; +green 3 -> 5, 6: green cells y5, y6 ; +blue 4 -> 6, 7: r6, r7
    assert sorted(g.options(0)) == sorted(["pass", "y3", "g4", "r4", "b5", "y5", "y6", "r6",
                                           "r7"])
    with pytest.raises(IllegalMove) as e:
        g.choose(0, "g5")                  # g5 is red: 5 cannot be made with the red die
    assert e.value.key == "not_dice_sum"


def test_mixx_a_removed_die_colour_still_crossable_with_white_sum():
    g = QwixxGame("mixx-a", players=1, seed=17)
    put(g, 0, "r", [2, 3, 4, 5, 6])
    g.roll([6, 6, 1, 1, 1, 1])
    g.choose(0, "r12")                     # locks the top row: the red die goes
    assert g.removed_dice == ["r"] and g.dice[2] is None
    g.choose(0, "pass")
    g.roll([3, 3, 1, 1, 1])                # white 6: b... g6 is a red cell in the green row
    assert "g6" in g.options(0)
    g.choose(0, "g6")
    # action 2: red cells (y2, y3, g5, g4, b10..b7) can no longer be made with a die
    assert not {"g5", "g4"} & set(g.options(0))


def test_mixx_b_lock_numbers():
    ed = edition("mixx-b")
    assert [row.lock_numbers for row in ed.rows] == [(11,), (10,), (3,), (4,)]
    g = QwixxGame("mixx-b", players=1, seed=18)
    put(g, 0, "y", [9, 12, 4, 6, 7])
    g.roll([5, 5, 1, 1, 1, 1])
    assert "y10" in g.options(0)
    g.choose(0, "y10")
    assert g.closed_rows == ["y"]


# -- Bonus A ---------------------------------------------------------------------------------
def test_bonus_a_green_11_bar_red_next_red_cell_rulebook_tim():
    g = QwixxGame("bonus-a", players=2, seed=19)
    put(g, 0, "r", [2, 4])
    g.roll([5, 6, 1, 1, 1, 1])
    everyone(g, "g11", "pass")
    sh = g.sheets[0]
    assert sh["rows"][2]["crossed"] == [11]
    assert sh["rows"][0]["crossed"] == [2, 4, 5]        # the first possible red cell
    assert sh["bar"][0] == "x" and sh["bar"][1] == ""
    bars = [e for e in g.log if e["event"] == "bar"]
    assert bars == [{"turn": 0, "action": 1, "player": 0, "event": "bar", "box": 0,
                     "row": "r", "number": 5}]


def test_bonus_a_chain_blue_5_then_yellow_10_rulebook_sarah():
    rules = Rules.of("bonus-a")
    sh = Sheet()
    sh.bar_pos, sh.bar_used = 6, [0, 1, 2, 3, 4, 5]
    for r, n in ((3, 6), (1, 9)):
        i = rules.index_of[r][n]
        sh.last[r], sh.count[r], sh.marks[r] = i, 3, 1 << i
    events: list = []
    rules.apply(sh, 0, (CELL, 0, rules.index_of[0][9], -1), events)   # red 9 is a bonus cell
    assert [e for e in events if e[0] == "bar"] == [
        ("bar", 6, 3, rules.index_of[3][5]), ("bar", 7, 1, rules.index_of[1][10])]
    assert sh.last[3] == rules.index_of[3][5] and sh.last[1] == rules.index_of[1][10]
    assert sh.bar_pos == 8


def test_bonus_a_struck_boxes_and_lost_cross():
    g = QwixxGame("bonus-a", players=2, seed=20)
    g.closed = 0b0001                       # red closed: red bar boxes are struck out
    g.roll([1, 2, 1, 1, 1])                 # sum 3: red 3 is a bonus cell but red is closed
    put(g, 0, "y", [2, 3, 4, 6, 7, 8, 9, 10, 11])   # 9 crosses; next yellow: 12 (lock, ok)
    g.sheets_state[0].marks[1] = 0          # (marks do not matter here)
    everyone(g, "g3", "pass")              # green 3 is not a bonus cell: no bar
    assert g.sheets[0]["bar"] == ["-", "", "", "", "", "-", "", "", "-", "", "", ""]
    g.choose(0, "pass")
    rules = g.rules
    sh = g.sheets_state[1]
    events: list = []
    # player 1 crosses yellow 5 (bonus): red box struck, next box yellow -> yellow 6
    rules.apply(sh, g.closed, (CELL, 1, rules.index_of[1][5], -1), events)
    assert ("bar", 1, 1, rules.index_of[1][6]) in events
    # a bar box whose row only offers a lock number the player may not take: cross lost
    sh2 = Sheet()
    i11 = rules.index_of[0][11]
    sh2.last[0], sh2.count[0] = i11, 2
    ev2: list = []
    rules.apply(sh2, 0, (CELL, 2, rules.index_of[2][11], -1), ev2)   # g11 bonus -> box red
    assert ev2[0] == ("bar", 0, 0, -1) and sh2.count[0] == 2 and sh2.bar_used == [0]


def test_bonus_a_bonus_cross_locks_and_ends_the_game():
    g = QwixxGame("bonus-a", players=2, seed=21)
    g.closed = 0b0100                       # green closed
    put(g, 0, "r", [2, 4, 5, 7, 8, 10, 11])  # red: next possible is red 12 (7 crosses)
    g.roll([5, 5, 1, 1, 1])                 # sum 10: blue 10 is a bonus cell -> box 0 red
    everyone(g, "b10", "pass")
    assert g.sheets_state[0].count[0] == 9
    assert g.is_over and g.end_reason == "locks" and g.closed_rows == ["r", "g"]


def test_bonus_crosses_do_not_avoid_a_penalty():
    g = QwixxGame("bonus-a", players=2, seed=22)
    g.roll([1, 1, 1, 1, 1, 1])
    everyone(g, "pass", "r2")               # player 1's cross is theirs only
    g.choose(0, "pass")
    assert g.sheets_state[0].penalties == 1


# -- Bonus B ---------------------------------------------------------------------------------
def test_bonus_b_no_penalty_pair_rulebook_sarah_green_5():
    g = QwixxGame("bonus-b", players=1, seed=23)
    put(g, 0, "y", [3])
    g.roll([2, 3, 6, 6, 6, 6])
    g.choose(0, "g5")
    assert g.sheets[0]["rewards"] == ["no-penalty"]
    assert {"turn": 0, "action": 1, "player": 0, "event": "reward",
            "reward": "no-penalty"} in g.log
    g.choose(0, "pass")                     # action 2 (crossed in action 1: no penalty)
    for _ in range(4):
        assert g.phase == ROLL
        g.roll([1, 1, 1, 1, 1, 1])
        g.choose(0, "pass")
        g.choose(0, "pass")
    assert g.is_over and g.end_reason == "penalties"   # the 4th penalty still ends it
    assert g.sheets_state[0].penalties == 4
    assert g.scores() == [row_points(1) + row_points(1)]  # penalties cost nothing


def test_bonus_b_each_row_reward_and_chain():
    g = QwixxGame("bonus-b", players=1, seed=24)
    put(g, 0, "y", [2, 3, 4, 5, 6, 7])      # y7 (each-row) done; y3 done too
    put(g, 0, "b", [12, 11, 10, 9, 8])      # b10 done; next blue cell 7
    g.sheets_state[0].count[2] = 0
    g.roll([3, 4, 6, 6, 6, 6])
    g.choose(0, "b7")                       # completes each-row: 1 cell in each row
    sh = g.sheets[0]
    assert sh["rows"][0]["crossed"] == [2]
    assert sh["rows"][1]["crossed"] == [2, 3, 4, 5, 6, 7, 8]
    assert sh["rows"][2]["crossed"] == [12]
    assert sh["rows"][3]["crossed"] == [12, 11, 10, 9, 8, 7, 6]
    assert g.sheets[0]["rewards"] == ["each-row"]


def test_bonus_b_two_crosses_tie_is_a_decision():
    g = QwixxGame("bonus-b", players=2, seed=25)
    put(g, 0, "y", [11])                    # y11 done; crossing g9 earns two crosses
    put(g, 0, "b", [12])
    g.roll([4, 5, 6, 6, 6, 6])              # sum 9
    opts = g.options(0)
    # after g9, red has 0 crosses: the only fewest row -> no choice needed
    assert "g9" in opts and not any(o.startswith("g9+") for o in opts)
    g2 = QwixxGame("bonus-b", players=2, seed=25)
    put(g2, 0, "y", [11])
    put(g2, 0, "g", [12])
    g2.roll([4, 5, 6, 6, 6, 6])
    opts = g2.options(0)
    # after g9: red 0, yellow 1, green 2, blue 0 -> red and blue tie
    assert "g9" not in opts and "g9+r" in opts and "g9+b" in opts and "g9+y" not in opts
    with pytest.raises(IllegalMove) as e:
        g2.choose(0, "g9")
    assert e.value.key == "tie_choice"
    with pytest.raises(IllegalMove):
        g2.choose(0, "g9+y")
    with pytest.raises(IllegalMove) as e:
        g2.choose(0, "y9+r")
    everyone(g2, "g9+b", "pass")
    assert g2.sheets[0]["rows"][3]["crossed"] == [12, 11]
    assert g2.sheets[0]["rows"][0]["crossed"] == []
    assert g2.sheets[0]["rewards"] == ["two-crosses"]


def test_bonus_b_plus_13_counts_at_the_end():
    g = QwixxGame("bonus-b", players=1, seed=26)
    put(g, 0, "r", [6])
    g.roll([2, 2, 6, 6, 6, 6])             # white 4: b4 completes plus-13 (r6, b4)
    g.choose(0, "b4")
    assert g.sheets[0]["rewards"] == ["plus-13"]
    assert g.scores() == [2]               # end rewards count once the game is over
    g.choose(0, "pass")
    for _ in range(4):
        g.roll([1, 1, 1, 1, 1, 1])
        g.choose(0, "pass")
        g.choose(0, "pass")
    assert g.is_over and g.scores() == [2 + 13 - 20]


def test_bonus_b_two_crosses_in_a_closed_row_are_lost():
    rules = Rules.of("bonus-b")
    sh = Sheet()
    y11, g9 = rules.index_of[1][11], rules.index_of[2][9]
    sh.marks[1], sh.last[1], sh.count[1] = 1 << y11, y11, 1
    sh.count[0] = 0                         # red: fewest, but closed below
    for r in (2, 3):
        sh.count[r] = 3
    sh.last[2] = g9 - 1
    events: list = []
    rules.apply(sh, 0b0001, (CELL, 2, g9, -1), events)
    assert ("reward", 0) in events
    assert [e for e in events if e[0] == "reward_cross"] == [("reward_cross", 0, 0, -1)] * 2
    assert sh.count[0] == 0


def test_bonus_b_double_counts_fewest_row_once():
    rules = Rules.of("bonus-b")
    sh = Sheet()
    sh.count = [3, 5, 3, 6]
    sh.rewards = [2]   # double
    assert rules.score(sh, final=True) == 6 + 15 + 6 + 21 + 6
    assert rules.score(sh) == 6 + 15 + 6 + 21


def test_bonus_b_reward_cross_locks_a_row_and_ends_the_game():
    g = QwixxGame("bonus-b", players=2, seed=27)
    g.closed = 0b0100                        # green closed earlier (player 1 locked it)
    put(g, 1, "g", [12, 11, 10, 9, 8, 2])
    g.sheets_state[1].count[2] += 1
    g.sheets_state[1].locked = 0b0100
    put(g, 0, "r", [2, 3, 4, 5, 7, 9, 10, 11])   # next red cell: 12, the lock number
    put(g, 0, "y", [2, 7])                   # y7: half of the each-row pair
    g.roll([3, 4, 6, 6, 6])                  # white 7: b7 completes each-row
    everyone(g, "b7", "pass")
    sh = g.sheets[0]
    assert sh["rewards"] == ["each-row"]
    assert sh["rows"][0]["crossed"][-1] == 12 and sh["rows"][0]["locked"]
    assert sh["rows"][1]["crossed"] == [2, 7, 8] and sh["rows"][2]["crossed"] == []
    assert g.is_over and g.end_reason == "locks" and g.closed_rows == ["r", "g"]
