"""The examples in the Qwixx engine's docstrings run as tests."""

import doctest
import importlib

import pytest

MODULES = ["qwixo.qwixx.editions", "qwixo.qwixx.rules", "qwixo.qwixx.game",
           "qwixo.qwixx.terminal"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
