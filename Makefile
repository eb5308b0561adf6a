# qwixo — every target does its own setup on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
RUN_STAMP := $(VENV)/.run-stamp
UV     := $(VENV)/bin/uv
UV_VERSION := 0.13.9
HOST   ?= 127.0.0.1
# LAN=1: listen on the local network too; invite links and QR codes carry its address
LAN    ?=
PORT   ?= 8000

.PHONY: run test setup setup-run system browser lint bench clean lock

# `make run` installs only what the web app runs: the exact versions of requirements-run.lock
# (pyproject's base dependencies and its `web` extra, no research, RL, cluster or test tools),
# with uv (itself from PyPI, by pip): about ten seconds on a fresh clone instead of the several
# minutes of pip and the full lock. Installing (not syncing) leaves whatever `make test` added.
$(RUN_STAMP): pyproject.toml requirements-run.lock
	test -x $(PY) || python3 -m venv $(VENV)
	test -x $(UV) || $(PY) -m pip install -q uv==$(UV_VERSION)
	$(UV) pip install -q --python $(PY) -r requirements-run.lock
	$(UV) pip install -q --python $(PY) --no-deps -e .
	touch $(RUN_STAMP)

setup-run: $(RUN_STAMP)

# Everything else (`make test`, `lint`, `bench`): the whole development lock, requirements.lock
# (every extra and the test tools), by pip, which takes the CPU build of torch where it lies
# on disk. Both locks are made by `make lock` from pyproject.toml's ranges.
$(STAMP): pyproject.toml requirements.lock
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.lock
	$(PY) -m pip install -q --no-deps -e .
	touch $(STAMP)

setup: $(STAMP)

# Debian's packages the tests use: chromium and chromium-headless-shell (browser tests, in the
# headless shell: the same Chromium without the full browser's windows, a third of its CPU;
# playwright never downloads a browser),
# gettext (msgfmt --check of the catalogues), nginx and openssl (the TLS proxy test,
# tests/deploy), postgresql (the
# PostgreSQL store tests; its initdb/postgres are started by the tests themselves, on loopback).
SYSTEM_NEEDS := chromium:chromium chromium-headless-shell:chromium-headless-shell msgfmt:gettext nginx:nginx openssl:openssl
system:
	@missing=""; \
	for pair in $(SYSTEM_NEEDS); do \
	  cmd=$${pair%%:*}; pkg=$${pair##*:}; \
	  command -v $$cmd >/dev/null 2>&1 || [ -x /usr/sbin/$$cmd ] || missing="$$missing $$pkg"; \
	done; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages for the tests:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

browser: system

# The server answers its page at once and compiles the engines' kernels meanwhile (the rules
# first, then the bots in the bot worker: a fresh clone's first start, a second or two
# afterwards; the page says when the bots are ready). `qwixo warm-up` compiles them all ahead.
# LAN=1: listen on the local network, the machine's LAN address in invite links and QR codes
# Python's bytecode cache is on for the server even where the shell turns it off
# (PYTHONDONTWRITEBYTECODE): uv installs no .pyc files, and without them every start compiles
# the web framework's and the package's sources again (about 1.7 of the 2.5 CPU seconds of a
# start to the URL)
run: setup-run
	env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/qwixo serve $(if $(LAN),--lan,--host $(HOST)) --port $(PORT)

lint: setup
	$(VENV)/bin/ruff check src tests benchmarks tools

# JOBS test processes (pytest-xdist; a test file stays in one process: its module fixtures,
# servers and browser start once), after the kernels are compiled once (--warm-kernels). Three
# on two cores: a good part of the suite waits (servers starting, browsers drawing, clocks
# running out), and a third process uses that time
# Python's bytecode cache is on for the run even where the shell turns it off
# (PYTHONDONTWRITEBYTECODE): the ~150 servers, workers and commands the tests start would each
# compile the package's sources again (a quarter of a second each)
# --file-times 25: the run ends with its 25 longest files and when each process finished (the
# files that bound a process, for LONG_FILES_FIRST in tests/conftest.py)
JOBS ?= 3
test: setup system lint
	env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/pytest -q -n $(JOBS) --dist loadfile --warm-kernels --file-times 25

bench: setup
	$(PY) benchmarks/run_all.py

# Re-resolve both lock files after a change of pyproject.toml (keeps the pins it can keep):
# requirements.lock, everything (the `dev` extra), then requirements-run.lock, the base and the
# `web` extra held to the versions of the first (the same version of a package in both).
# uv reads torch's CUDA dependencies (nvidia-*, triton) from PyPI's metadata; the CPU build
# that pip takes from this disk needs none of them: delete them from requirements.lock after
# `make lock` (they are several GB).
lock:
	test -x $(PY) || python3 -m venv $(VENV)
	test -x $(UV) || $(PY) -m pip install -q uv==$(UV_VERSION)
	$(UV) pip compile pyproject.toml --extra dev --python-version 3.11 \
	  -o requirements.lock --custom-compile-command "make lock" -q
	$(UV) pip compile pyproject.toml --extra web --python-version 3.11 -c requirements.lock \
	  -o requirements-run.lock --custom-compile-command "make lock" -q

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
