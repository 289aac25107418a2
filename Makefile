# The two commands a newcomer needs: `make run` and `make test` (see README).
SHELL := /bin/bash
PY ?= $(shell for p in python3.13 python3.12 /root/.pyenv/versions/3.12.1/bin/python3.12; do \
        if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then command -v $$p; break; fi; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve test test-ml install test-deps worker fixtures migrate demo bench bench-ui backup clean

$(STAMP): pyproject.toml
	@test -n "$(PY)" || { echo "error: Python >= 3.12 not found (Django 6 needs it); set PY=/path/to/python3.12" >&2; exit 1; }
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(STAMP)

install: $(STAMP)

migrate: install
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput

demo: migrate
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py load_demo

run: demo
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py recover_jobs --stale-seconds 0
	DEBUG=$${DEBUG:-1} JOBS_MODE=$${JOBS_MODE:-thread} $(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production server: DEBUG off, settings from the environment (or ENV_FILE=deploy/production.env);
# collectstatic, migrate, then gunicorn on $$HOST:$$PORT. Needs an explicit SECRET_KEY.
ENV_FILE ?=
serve: install
	set -a; if [ -n "$(ENV_FILE)" ]; then . "$(ENV_FILE)"; fi; set +a; \
	  DEBUG=0 PYTHON=$(BIN)/python HOST=$${HOST:-$(HOST)} PORT=$${PORT:-$(PORT)} deploy/entrypoint.sh web

worker: install
	set -a; if [ -n "$(ENV_FILE)" ]; then . "$(ENV_FILE)"; fi; set +a; \
	  PYTHON=$(BIN)/python deploy/entrypoint.sh worker default

# A timestamped backup of the database and the export folder (docs/deployment.md).
backup: install
	set -a; if [ -n "$(ENV_FILE)" ]; then . "$(ENV_FILE)"; fi; set +a; \
	  $(BIN)/python manage.py backup --out $${BACKUP_ROOT:-backups}

fixtures: install
	$(BIN)/python fixtures/generate.py --out fixtures/hearings --count 20

# Debian's chromium for the browser tests (Playwright cannot download browsers here); espeak-ng and
# sox for the speech tests (recordings spoken by espeak-ng, fixtures/speech.py).
test-deps: install
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "installing Debian chromium for the browser tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	    || echo "warning: could not install chromium; browser tests will be skipped"; \
	fi
	@if ! command -v espeak-ng >/dev/null 2>&1 || ! command -v sox >/dev/null 2>&1; then \
	  echo "installing Debian espeak-ng and sox for the speech tests (spoken test hearings)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng sox >/dev/null) \
	    || echo "warning: could not install espeak-ng/sox; speech tests that need them will be skipped"; \
	fi

PG_URL ?= postgres://postgres@127.0.0.1:5432/test

# pytest-xdist: the tests in PYTEST_WORKERS processes, by default one per core, at most 4 (each loads the
# models); each has its own test database (test_test_gw0, ... on PostgreSQL). The live Redis tests share
# Redis databases: a file lock runs them one at a time (tests/conftest.py). PYTEST_WORKERS=0 runs
# serially in one process, as does PYTEST_ARGS="-n 0" (it comes last).
PYTEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n > 4 ? 4 : n )))
XDIST := $(if $(filter-out 0 1,$(PYTEST_WORKERS)),-n $(PYTEST_WORKERS),)

# Everything on SQLite, then the database tests once more against the real PostgreSQL.
test: test-deps test-ml
	$(BIN)/python -m pytest $(XDIST) $(PYTEST_ARGS)
	@if $(BIN)/python -c "import socket; socket.create_connection(('127.0.0.1', 5432), 2)" 2>/dev/null; then \
	  echo "== the Django tests again on PostgreSQL ($(PG_URL))"; \
	  DATABASE_URL=$(PG_URL) $(BIN)/python -m pytest -m "django and not browser" -p no:cacheprovider $(XDIST) $(PYTEST_ARGS); \
	else \
	  echo "SKIPPED the PostgreSQL run: nothing listens on 127.0.0.1:5432"; \
	fi

# The optional Stanza / transformers / zero-shot backends on tiny models the tests build, in
# their own Python 3.11 venv: torch is a local CPU wheel for 3.11 (PyPI's pulls CUDA).
PY311 ?= $(shell for p in python3.11 /root/.pyenv/versions/3.11.7/bin/python3.11; do \
        if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; then command -v $$p; break; fi; done)
TORCH_WHEELS ?= /opt/wheels
ML_VENV := .venv-ml
ML_STAMP := $(ML_VENV)/.installed

$(ML_STAMP): requirements-ml.txt
	test -x $(ML_VENV)/bin/python || $(PY311) -m venv $(ML_VENV)
	$(ML_VENV)/bin/pip install --quiet --upgrade pip
	$(ML_VENV)/bin/pip install --quiet --find-links $(TORCH_WHEELS) -r requirements-ml.txt
	touch $(ML_STAMP)

test-ml:
	@if [ -z "$(PY311)" ]; then \
	  echo "SKIPPED the ML backend tests: no Python 3.11 found (set PY311=/path/to/python3.11)"; \
	elif [ ! -f $(ML_STAMP) ] && ! ls $(TORCH_WHEELS)/torch-2.13.0+cpu-cp311-*.whl >/dev/null 2>&1; then \
	  echo "SKIPPED the ML backend tests: no CPU torch wheel in $(TORCH_WHEELS) (torch-2.13.0+cpu, cp311)"; \
	else \
	  echo "== the ML backend tests (Python 3.11, $(ML_VENV))"; \
	  $(MAKE) --no-print-directory $(ML_STAMP) && $(ML_VENV)/bin/python -m pytest -c tests/ml/pytest.ini tests/ml -q; \
	fi

bench: install
	$(BIN)/python benchmarks/autopass.py

bench-ui: test-deps
	$(BIN)/python benchmarks/review_ui.py

clean:
	rm -rf $(VENV) .pytest_cache db.sqlite3
