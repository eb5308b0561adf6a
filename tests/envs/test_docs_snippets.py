"""Every ```python block of docs/research.md runs as written (blocks needing a library that
is not installed are skipped)."""

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.research

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_python_blocks():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_docs_snippet_runs(i, capsys):
    code = BLOCKS[i]
    for lib in ("pettingzoo", "gymnasium", "pyspiel", "sb3_contrib", "torch", "jax"):
        if re.search(rf"^\s*(import|from) {lib}\b", code, re.M):
            pytest.importorskip(lib)
    exec(compile(code, f"docs/research.md block {i}", "exec"), {"__name__": "__doc_block__"})
