"""The registry and the error type of the public contract (docs/api.md)."""

import pytest

import qwixo
from qwixo import IllegalMove


def test_illegal_move_is_value_error_with_translations():
    err = IllegalMove("not_your_turn", player=3)
    assert isinstance(err, ValueError)
    assert "3" in str(err)
    assert err.translated("it") != str(err)


@pytest.mark.parametrize("bad", ["chess", "", None, 5])
def test_unknown_game_is_refused(bad):
    with pytest.raises(IllegalMove):
        qwixo.new_game(bad)


@pytest.mark.parametrize("text", ["", "not json", "[]", '{"x": 1}', '{"game": "chess"}',
                                  '{"game": "quixo", "format": 99}'])
def test_load_game_refuses_garbage(text):
    with pytest.raises(IllegalMove):
        qwixo.load_game(text)
