"""The folders keep to themselves: the research scripts of experiments/ stay out of the product
(no package module, benchmark or test uses them), the benchmarks use no test and no test runs a
benchmark, and the package uses neither; ``make bench`` (benchmarks/run_all.py) runs the
benchmarks only."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: folder -> the folders none of its files may use
APART = {"src": ("benchmarks", "experiments", "tests"),
         "benchmarks": ("experiments", "tests"),
         "tests": ("benchmarks", "experiments")}


def modules(folder: str) -> set[str]:
    """The names a file of ``folder`` is imported by (its scripts and helpers)."""
    return {p.stem for p in (ROOT / folder).rglob("*.py")
            if p.stem not in ("__init__", "conftest") and not p.stem.startswith("test_")}


def uses(text: str, folder: str, names: set[str]) -> bool:
    """``text`` imports one of ``names`` or builds a path to ``folder`` (``/ "folder"``,
    ``"folder/..."``).

    >>> uses('p = ROOT / "benchmarks" / "x.py"', "benchmarks", {"x"})
    True
    >>> uses("import qwixx_outside", "experiments", {"qwixx_outside"})
    True
    >>> uses("from qwixo.qwixx import referee  # see benchmarks/x.py", "benchmarks", {"x"})
    False
    """
    pattern = re.compile(r"(^|\n)\s*(import|from)\s+(" + "|".join(sorted(names)) + r")\b"
                         + r"|/\s*[\"']" + folder + r"[\"'/]|[\"']" + folder + "/")
    return bool(pattern.search(text))


def test_no_folder_reaches_into_another():
    found = []
    for folder, others in APART.items():
        for p in (ROOT / folder).rglob("*.py"):
            if p == Path(__file__):
                continue
            text = p.read_text(encoding="utf-8")
            found += [(str(p.relative_to(ROOT)), o) for o in others
                      if uses(text, o, modules(o))]
    assert found == []


def test_a_reach_would_be_found():
    assert uses('sys.path.insert(0, str(ROOT / "tests" / "server"))', "tests", {"server_helpers"})
    assert uses("from accounts_helpers import establish", "tests", {"accounts_helpers"})
    assert uses('spec_from_file_location("m", "benchmarks/m.py")', "benchmarks", {"m"})
    assert not uses("from qwixo.envs import codec", "benchmarks", {"envs"})
    assert not uses('TOP = ("benchmarks", "tests")', "tests", {"x"})
    assert not uses("from qwixo.qwixx import referee  # see benchmarks/x.py", "benchmarks", {"x"})


def test_no_experiment_is_a_benchmark():
    scripts = {p.stem for p in (ROOT / "benchmarks").glob("*.py")}
    experiments = {p.stem for p in (ROOT / "experiments").glob("*.py")}
    assert experiments and "run_all" in scripts and "contract_speed" in scripts
    assert not experiments & scripts  # a research script is not a benchmark
