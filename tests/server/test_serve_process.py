"""``qwixo.server.serve_process.ServeProcess``: its start-up deadline and failure report."""

from __future__ import annotations

import sys
import time

import pytest

from qwixo.server.serve_process import ServeProcess


def test_a_child_that_prints_nothing_fails_at_the_deadline(tmp_path, monkeypatch):
    """The deadline holds even when the child neither prints a line nor ends."""
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nexec sleep 60\n")
    silent.chmod(0o755)
    monkeypatch.setattr(sys, "executable", str(silent))
    t0 = time.monotonic()
    with pytest.raises(RuntimeError, match="did not start"):
        ServeProcess(timeout=1.0)
    assert time.monotonic() - t0 < 10


def test_a_server_that_ends_at_once_is_reported_with_its_output(tmp_path):
    with pytest.raises(RuntimeError, match="did not start") as e:
        ServeProcess("--analysis-seconds", "ten", env={"QWIXO_DATA": str(tmp_path)})
    assert "analysis-seconds" in str(e.value)
