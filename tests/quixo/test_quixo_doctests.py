"""The examples in the docstrings of the Quixo engine modules run as tests."""

import doctest
import importlib

import pytest

MODULES = ["qwixo.quixo.kernels", "qwixo.quixo.notation", "qwixo.quixo.game",
           "qwixo.quixo.terminal", "qwixo.quixo.cli", "qwixo.quixo.book"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
