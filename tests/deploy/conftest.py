"""Deployment tests: nginx as a TLS proxy, backups."""

import warnings

warnings.filterwarnings("ignore", message=".*httpx2.*")
