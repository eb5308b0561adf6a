"""The examples in the docstrings of the server modules run as tests."""

import doctest
import importlib
import warnings

import pytest

MODULES = ["qwixo.server.app", "qwixo.server.botrunner", "qwixo.server.protocol",
           "qwixo.server.ratelimit", "qwixo.server.store", "qwixo.server.store_chat",
           "qwixo.server.store_pg", "qwixo.quixo.view", "qwixo.qwixx.view", "qwixo.bots",
           "qwixo.server.cli", "qwixo.server.reach", "qwixo.server.pairing",
           "qwixo.server.fairshare", "qwixo.server.creation", "qwixo.server.rematch"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
