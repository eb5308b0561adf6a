# qwixo — every target does its own setup on a fresh machine.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test setup browser gettext lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# Debian's chromium for the end-to-end browser tests (browsers cannot be downloaded by playwright).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

# Debian's gettext: msgfmt --check validates the translation catalogues (tests/test_i18n.py).
gettext:
	@command -v msgfmt >/dev/null 2>&1 || { \
	  echo "installing Debian's gettext for the catalogue checks"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq gettext >/dev/null; }

run: setup
	$(VENV)/bin/qwixo serve --host $(HOST) --port $(PORT)

lint: setup
	$(VENV)/bin/ruff check src tests benchmarks tools

test: setup browser gettext lint
	$(VENV)/bin/pytest -q

bench: setup
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
