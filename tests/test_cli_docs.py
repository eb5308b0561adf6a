"""docs/cli.md is generated from the parsers: it must match them."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_cli_reference_is_up_to_date():
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_cli_docs.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
