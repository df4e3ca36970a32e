# Hand Scorekeeper — developer commands. Needs GNU make and Python 3.11+.

HOST ?= 0.0.0.0
PORT ?= 8000
PYTHON ?= python3
VENV = .venv
BIN = $(VENV)/bin
PIP = $(BIN)/python -m pip --disable-pip-version-check --no-input -q

# The app reads DATABASE_URL (default: SQLite in instance/); pass it through if given.
ifdef DATABASE_URL
export DATABASE_URL
endif

# NO_QR=1 skips printing the QR code of the address (scorekeeper/address.py reads it).
NO_QR ?=
ifdef NO_QR
export NO_QR
endif

# The browser tests drive Debian's Chromium: `playwright install` would download a browser
# build of its own, which cannot be fetched here. DejaVu Sans draws the Arabic and the card
# suits. sudo resets the environment, hence `env` after it.
CHROMIUM = /usr/bin/chromium
BROWSER_FONT = /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
SUDO = $(if $(filter 0,$(shell id -u)),,sudo)
APT_GET = $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -q -y

.DEFAULT_GOAL := help
.PHONY: help run test test-deep test-newest lint lock typecheck browser postgres clean translations messages

help: ## List the targets
	@echo "Hand Scorekeeper — make targets:"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-13s %s\n", $$1, $$2}'
	@echo "Variables: HOST=$(HOST) PORT=$(PORT) PYTHON=$(PYTHON) DATABASE_URL NO_QR"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

# The exact versions come from the lock files (requirements/, made by `make lock` from the
# ranges in pyproject.toml); the app itself is installed on top without resolving again,
# and built with the setuptools the lock pins rather than whichever pip would fetch (a
# Python 3.12+ virtualenv has none of its own).
# Stamp files: reinstall only when a lock file or pyproject.toml changes.
INSTALL_APP = $(PIP) install --no-deps --no-build-isolation -e .

# A phone serving its table from Termux has no compiler by default, and the extras
# (brotli, Pillow, python-bidi) would need one there: it installs the plain-Python packages
# only (requirements/phone.txt), and the app does without the extras (docs/phone-host.md).
RUN_LOCK = $(if $(findstring com.termux,$(PREFIX)),requirements/phone.txt,requirements/run.txt)

$(VENV)/.run-installed: $(RUN_LOCK) pyproject.toml | $(BIN)/python
	$(PIP) install -r $(RUN_LOCK)
	$(INSTALL_APP)
	@touch $@

$(VENV)/.test-installed: requirements/test.txt pyproject.toml | $(BIN)/python
	$(PIP) install -r requirements/test.txt
	$(INSTALL_APP)
	@touch $@

# Renew the lock files from pyproject.toml's ranges, on Python 3.11 (the oldest we run), in
# a virtualenv of its own so pip-tools and its dependencies never mix with the app's.
# setuptools is pinned too (--allow-unsafe), as the installs above build with it. The test
# lock is constrained by the run lock, so both install the same version of what they share.
# PIP_COMPILE_ARGS=--upgrade takes the newest versions the ranges allow.
LOCK_PYTHON ?= python3.11
LOCK_VENV = .venv-lock
PIP_COMPILE = $(LOCK_VENV)/bin/pip-compile -q --strip-extras --allow-unsafe \
	--build-deps-for wheel --build-deps-for editable \
	--no-emit-index-url --no-emit-find-links $(PIP_COMPILE_ARGS)

$(LOCK_VENV)/bin/pip-compile:
	$(LOCK_PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip --disable-pip-version-check -q install 'pip-tools>=7.4'

lock: $(LOCK_VENV)/bin/pip-compile ## Renew requirements/*.txt, the exact versions installed
	$(PIP_COMPILE) --extra compact --extra picture -o requirements/run.txt pyproject.toml
	$(PIP_COMPILE) -c requirements/run.txt -o requirements/phone.txt pyproject.toml
	$(PIP_COMPILE) --extra compact --extra picture --extra test -c requirements/run.txt -o requirements/test.txt pyproject.toml
	$(PIP_COMPILE) --extra compact --extra picture --extra serve -c requirements/run.txt -o requirements/serve.txt pyproject.toml

# Waitress reads a whole body (to a temporary file) before the app sees it: one over 1 MiB
# is refused there, at once, unread, and the app answers that refusal as its own
# (scorekeeper/waitress_refusal.py). The app's own limit is 64 KiB (413, with the JSON
# error under /api/v1); bodies between the two reach it and get that answer. Idle or half-sent
# connections (a phone gone to sleep mid-request) are closed after 20 s, and up to 500 are
# held open at once, so a hundred of them do not stop the others (tests/test_run.py).
WAITRESS_LIMITS = --max-request-body-size=1048576 --channel-timeout=20 --cleanup-interval=5 --connection-limit=500
# No "Server: waitress" header: it is on every answer, and nothing a phone needs (issue 40:
# a first load counts its headers).
WAITRESS_IDENT = --ident=

run: $(VENV)/.run-installed translations ## Serve the app with waitress on HOST:PORT (default 0.0.0.0:8000)
	$(BIN)/flask --app scorekeeper db upgrade
	@$(BIN)/python -m scorekeeper.address --host $(HOST) --port $(PORT)
	exec $(BIN)/waitress-serve --host=$(HOST) --port=$(PORT) $(WAITRESS_LIMITS) $(WAITRESS_IDENT) --call scorekeeper:serving_app

# The production way to serve it (docs/deploy.md): gunicorn with WORKERS processes of
# THREADS threads each, after the migrations. Several workers need PostgreSQL
# (DATABASE_URL=postgresql://...): the default is one per core then (more only queue for
# the same cores: 4 workers on 2 cores served fewer pages than 2), and 1 on SQLite, which
# takes one server process at a time (docs/durability.md). Behind a reverse proxy, set
# TRUSTED_PROXIES=1 (see docs/deploy.md). No control socket (gunicornc): its default
# path in $HOME would be shared by every gunicorn the user runs. tests/test_serve.py
# runs this very target.
WORKERS ?= $(if $(filter postgres%,$(DATABASE_URL)),$(shell nproc 2>/dev/null || echo 2),1)
THREADS ?= 4
.PHONY: serve

$(VENV)/.serve-installed: requirements/serve.txt pyproject.toml | $(BIN)/python
	$(PIP) install -r requirements/serve.txt
	$(INSTALL_APP)
	@touch $@

serve: $(VENV)/.serve-installed translations ## Serve for many tables: gunicorn, WORKERS processes (PostgreSQL via DATABASE_URL)
	$(BIN)/flask --app scorekeeper db upgrade
	@$(BIN)/python -m scorekeeper.address --host $(HOST) --port $(PORT)
	exec $(BIN)/gunicorn --workers $(WORKERS) --threads $(THREADS) --bind $(HOST):$(PORT) --access-logfile - --no-control-socket 'scorekeeper:serving_app()'

# The .po catalogues are in git, the .mo Flask-Babel reads are compiled from them (and
# ignored by git). Listed after the install step in `run` and `test`, which brings Babel.
TRANSLATIONS = scorekeeper/translations
CATALOGUES := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po)

translations: $(CATALOGUES:.po=.mo) ## Compile the translation catalogues (.po to .mo)

$(TRANSLATIONS)/%/LC_MESSAGES/messages.mo: $(TRANSLATIONS)/%/LC_MESSAGES/messages.po | $(BIN)/python
	$(BIN)/python -m scorekeeper.catalogues compile

messages: $(VENV)/.run-installed ## Re-extract marked strings into the catalogues, to translate
	$(BIN)/python -m scorekeeper.catalogues update

# Runs apt-get only when something is missing, so a machine that has both never needs root.
browser: ## Install Debian's Chromium and a font for the browser tests, if missing
	@if [ ! -x $(CHROMIUM) ] || [ ! -f $(BROWSER_FONT) ]; then \
		set -x; \
		$(APT_GET) update && \
		$(APT_GET) install --no-install-recommends chromium fonts-dejavu-core; \
	fi

# PostgreSQL's server programs, for the tests that serve the app on PostgreSQL or check what
# only PostgreSQL does (tests/pgserver.py starts a throwaway server; nothing runs as a
# service).
PG_CTL = $(firstword $(wildcard /usr/lib/postgresql/*/bin/pg_ctl))
postgres: ## Install Debian's PostgreSQL server programs for the tests, if missing
	@if [ -z "$(PG_CTL)" ]; then \
		set -x; \
		$(APT_GET) update && \
		$(APT_GET) install --no-install-recommends postgresql; \
	fi

# The whole package, strictly (pyproject.toml's [tool.mypy]).
TYPECHECK = $(BIN)/mypy scorekeeper

# pytest spreads the tests over every core (-n auto in pyproject.toml); PYTEST_ARGS adds
# options, e.g. PYTEST_ARGS='-m "not browser"'.
PYTEST_ARGS ?=

test: $(VENV)/.test-installed translations browser postgres ## Lint with ruff, type-check (mypy --strict), then run pytest (with browser tests)
	$(BIN)/ruff check .
	$(TYPECHECK)
	$(BIN)/pytest $(PYTEST_ARGS)

# Ten times the examples of every property and of Schemathesis (tests/depth.py): for a
# night before a release, not for every change; CI does not run it.
test-deep: $(VENV)/.test-installed translations browser postgres ## Run every test with ten times the property and fuzzing examples (slow)
	HYPOTHESIS_PROFILE=deep $(BIN)/pytest $(PYTEST_ARGS)

# CI runs the suite on Python 3.11 (the oldest supported) and on the newest 3.x found here,
# each in its own virtualenv: on the PATH, or installed by pyenv but not selected (its shims
# then refuse to run it). Looked up when asked for, not at every make.
PYENV_VERSIONS = $(or $(PYENV_ROOT),$(HOME)/.pyenv)/versions
NEWEST_PYTHON = $(shell for v in 3.16 3.15 3.14 3.13 3.12; do \
	if python$$v -c '' 2>/dev/null; then echo python$$v; break; fi; \
	p=$$(ls -d $(PYENV_VERSIONS)/$$v.*/bin/python$$v 2>/dev/null | sort -V | tail -n 1); \
	if [ -n "$$p" ]; then echo $$p; break; fi; done)

# The browser tests are left to the 3.11 pass: they drive Chromium against the same
# server code the rest of the suite runs on this Python through Flask's test client (every
# page, form and API answer), and what they add is the browser's side — HTML, CSS and
# JavaScript, which no Python version changes (docs/performance.md, "The test suite").
test-newest: ## Run `make test` again on the newest Python 3 found (in .venv-newest), browser tests aside
	@if [ -z "$(NEWEST_PYTHON)" ]; then echo "No Python newer than 3.11 found."; exit 1; fi
	@echo "Testing on $$($(NEWEST_PYTHON) --version)"
	$(MAKE) test PYTHON=$(NEWEST_PYTHON) VENV=.venv-newest PYTEST_ARGS='-m "not browser"'

lint: $(VENV)/.test-installed ## Lint with ruff only
	$(BIN)/ruff check .

typecheck: $(VENV)/.test-installed ## Type-check the package with mypy --strict
	$(TYPECHECK)

clean: ## Remove the virtualenv and caches (keeps instance/ data)
	rm -rf $(VENV) .venv-newest $(LOCK_VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis build dist *.egg-info
	find . -name __pycache__ -type d -not -path './.git/*' -prune -exec rm -rf {} +
