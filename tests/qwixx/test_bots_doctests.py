"""The docstring examples of the Qwixx bot, batch and hint modules run as tests."""

import doctest
import importlib

import pytest

MODULES = ["qwixo.qwixx.bots", "qwixo.qwixx.rulebots", "qwixo.qwixx.strong", "qwixo.qwixx.batch",
           "qwixo.qwixx.playout", "qwixo.qwixx.td",
           "qwixo.qwixx.bots_cli"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
