"""The research scripts of experiments/ stay out of the product: no package module and no test
imports them, and ``make bench`` (benchmarks/run_all.py) runs the benchmarks only."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_package_module_or_test_uses_the_experiments():
    names = {p.stem for p in (ROOT / "experiments").glob("*.py")}
    assert names, "experiments/ holds the research scripts"
    # an import of one of them, or a path built to the folder ("experiments" as a string)
    pattern = re.compile(r"\b(import|from)\s+(" + "|".join(sorted(names)) + r")\b"
                         r"|[\"']experiments[\"'/]")
    found = [str(p.relative_to(ROOT)) for folder in ("src", "tests")
             for p in (ROOT / folder).rglob("*.py")
             if p != Path(__file__) and pattern.search(p.read_text(encoding="utf-8"))]
    assert found == []


def test_run_all_runs_every_benchmark_and_no_experiment():
    spec = importlib.util.spec_from_file_location("run_all", ROOT / "benchmarks" / "run_all.py")
    run_all = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run_all)
    scripts = {p.stem for p in (ROOT / "benchmarks").glob("*.py")
               if not p.name.startswith("_")} - {"run_all", "qwixx_td"}
    assert set(run_all.BENCHMARKS) == scripts and "contract_speed" in scripts
    experiments = {p.stem for p in (ROOT / "experiments").glob("*.py")}
    assert not experiments & scripts  # a research script is not a benchmark
    assert run_all.main(["no_such_benchmark"]) == 2
