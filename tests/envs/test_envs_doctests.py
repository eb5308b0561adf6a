"""The docstring examples of the research modules run as tests."""

import doctest
import importlib

import pytest

pytestmark = pytest.mark.research

MODULES = ["qwixo.envs.quixo_codec", "qwixo.envs.qwixx_codec", "qwixo.envs.vector",
           "qwixo.envs.pz", "qwixo.envs.quixo_v0", "qwixo.envs.qwixx_v0", "qwixo.envs.codec",
           "qwixo.envs.openspiel", "qwixo.envs.rewards", "qwixo.envs.quixo_vector_env",
           "qwixo.envs.qwixx_vector_env", "qwixo.quixo.oracle"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name == "qwixo.envs.openspiel":
        pytest.importorskip("pyspiel")
    elif name.endswith("_vector_env"):
        pytest.importorskip("gymnasium")
    elif name not in ("qwixo.envs.quixo_codec", "qwixo.envs.vector", "qwixo.envs.codec",
                      "qwixo.envs.rewards"):
        pytest.importorskip("pettingzoo")
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_the_core_does_not_import_the_research_extra():
    import subprocess
    import sys

    code = ("import sys, qwixo, qwixo.cli, qwixo.bots, qwixo.quixo.game, qwixo.qwixx.game; "
            "print(any(m.split('.')[0] in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel')"
            " for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
