"""The docstring examples of the tournament modules run as tests."""

import doctest
import importlib

import pytest

MODULES = ["qwixo.tournament", "qwixo.tournament.runner", "qwixo.tournament.stats",
           "qwixo.tournament.elo", "qwixo.tournament.plots", "qwixo.tournament.cli",
           "qwixo.tournament.ratings"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
