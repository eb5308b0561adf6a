"""The examples in the docstrings of the core modules run as tests."""

import doctest
import importlib

import pytest

MODULES = ["qwixo", "qwixo.core", "qwixo.errors", "qwixo.i18n", "qwixo.paths", "qwixo.quixo.tables",
           "qwixo.gameinfo", "qwixo.bots", "qwixo.testing", "qwixo.engine",
           "qwixo.envs.codec", "qwixo.envs.quixo_codec", "qwixo.envs.qwixx_codec"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
