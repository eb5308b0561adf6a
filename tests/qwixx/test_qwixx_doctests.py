"""The examples in the Qwixx engine's docstrings run as tests."""

import doctest
import importlib

import pytest

MODULES = ["qwixo.qwixx.editions", "qwixo.qwixx.rules", "qwixo.qwixx.game",
           "qwixo.qwixx.saving", "qwixo.qwixx.display", "qwixo.qwixx.events",
           "qwixo.qwixx.terminal"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_docs_engine_facts_examples():
    """The examples of docs/qwixx.md ("Engine facts for views") run as tests."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "qwixx.md"
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
