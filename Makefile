# qwixo — every target does its own setup on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
# LAN=1: listen on the local network too; invite links and QR codes carry its address
LAN    ?=
PORT   ?= 8000

.PHONY: run test setup system browser lint bench clean lock

# Exact versions come from requirements.lock (made by `make lock` from pyproject.toml's ranges).
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

# `qwixo warm-up` compiles the engines' kernels once (a progress bar; about a minute of one core
# on a fresh clone, a second or two afterwards), so the server and its bot workers start at once
run: setup
	$(VENV)/bin/qwixo warm-up
	$(VENV)/bin/qwixo serve $(if $(LAN),--lan,--host $(HOST)) --port $(PORT)

lint: setup
	$(VENV)/bin/ruff check src tests benchmarks tools

# JOBS test processes (pytest-xdist; a test file stays in one process: its module fixtures,
# servers and browser start once), after the kernels are compiled once (--warm-kernels). Three
# on two cores: a good part of the suite waits (servers starting, browsers drawing, clocks
# running out), and a third process uses that time
# Python's bytecode cache is on for the run even where the shell turns it off
# (PYTHONDONTWRITEBYTECODE): the ~150 servers, workers and commands the tests start would each
# compile the package's sources again (a quarter of a second each)
JOBS ?= 3
test: setup system lint
	env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/pytest -q -n $(JOBS) --dist loadfile --warm-kernels

bench: setup
	$(PY) benchmarks/run_all.py

# Re-resolve the lock file after a change of pyproject.toml (keeps the pins it can keep).
lock:
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q uv
	$(VENV)/bin/uv pip compile pyproject.toml --extra dev --python-version 3.11 \
	  -o requirements.lock --custom-compile-command "make lock" -q

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
