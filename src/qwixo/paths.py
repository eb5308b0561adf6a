"""Where qwixo keeps its files: solver databases, policy tables, the web app's database.

``QWIXO_DATA`` overrides the per-user data directory (``platformdirs.user_data_dir``).

>>> data_dir("quixo", create=False).name
'quixo'
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir(*parts: str, create: bool = True) -> Path:
    """The data directory (or a sub-directory of it), created when missing."""
    base = os.environ.get("QWIXO_DATA")
    if not base:
        from platformdirs import user_data_dir

        base = user_data_dir("qwixo", appauthor=False)
    path = Path(base).joinpath(*parts)
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path
