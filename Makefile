# Crescent: `make run` to play, `make test` to check (under 5 minutes), `make test-all` for
# every test (the slow ones too: CI runs it), `make test-load` for the fast suite twice with
# the CPU loaded to twice the cores. docs/CONTRIBUTING.md lists the targets.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: run test test-all test-fast test-load lint package clean screenshot install

# setup.py builds the solver's search core (crescent/solver/_core.c) where a C compiler is.
$(VENV)/.run-stamp: pyproject.toml setup.py crescent/solver/_core.c
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-stamp: pyproject.toml setup.py crescent/solver/_core.c
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,dev]"
	touch $@ $(VENV)/.run-stamp

# Dask (the survey's --cluster test) only for the full suite: 21 packages `make test` skips.
$(VENV)/.cluster-stamp: $(VENV)/.test-stamp
	$(PY) -m pip install --quiet -e ".[test,dev,cluster]"
	touch $@

run: $(VENV)/.run-stamp
	$(PY) main.py

lint: $(VENV)/.test-stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict crescent benchmarks tools tests
	$(VENV)/bin/lint-imports

# Parallel workers, one per core; the tests that share something (real X windows, timed
# by fixed waits; the checkout's build folder) run on one worker (tests/conftest.py).
# Every worker must collect the same test ids, and some ids show a set: the workers share
# one hash seed, a new one each run (printed; PYTHONHASHSEED=N repeats a run). pytest's
# exit code 5 (no test collected) fails the target like any other.
PYTEST = seed=$${PYTHONHASHSEED:-$$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}; \
	echo "PYTHONHASHSEED=$$seed"; \
	PYTHONHASHSEED=$$seed SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
	$(PY) -m pytest -n auto --dist loadgroup

# Every behaviour test but the long ones (marked slow: soak, kill loops, races, real X windows,
# searches that take seconds, a real `make install`).
test: lint test-fast

test-fast: $(VENV)/.test-stamp
	@$(PYTEST) -m "not slow"

# Every test.
test-all: lint $(VENV)/.cluster-stamp
	@$(PYTEST)

# The fast suite twice in a row with 2 busy processes per core (stopped by pid after): what
# CI meets on a shared machine.
test-load: lint
	@$(PY) tools/under_load.py --times 2 -- $(MAKE) --no-print-directory test-fast

# The one-file executable, made from a copy of the sources in build/package: the solver's
# search core is built there (crescent/solver/build.py), or the search stays pure Python
# when that fails (no C compiler).
STAGE := build/package
package: $(VENV)/.test-stamp
	rm -rf $(STAGE) && mkdir -p $(STAGE)
	tar -c --exclude=__pycache__ --exclude='*.so' --exclude='*.pyd' \
		main.py crescent.spec crescent assets | tar -x -C $(STAGE)
	$(PY) -m crescent.solver.build $(STAGE) >/dev/null || true  # it says when it cannot
	cd $(STAGE) && $(CURDIR)/$(VENV)/bin/pyinstaller --noconfirm --clean \
		--distpath $(CURDIR)/dist --workpath $(CURDIR)/build/pyinstaller crescent.spec

screenshot: $(VENV)/.run-stamp
	SDL_VIDEODRIVER=dummy $(PY) main.py --code CR1-N-AAAAAAD --size 1280x800 \
		--play "P16-F6 P13-F3 P14-F3 P12-F6" --screenshot docs/screenshot.png

# A kiosk's install: headless (opens no window), quiet, into its own venv under PREFIX.
# PREFIX/bin/crescent is the game; the deploy/ files go to PREFIX/share/crescent/deploy.
PREFIX ?= /opt/crescent
PIP_QUIET := --quiet --disable-pip-version-check --no-warn-script-location
install:
	test -x "$(PREFIX)/bin/python" || $(PYTHON) -m venv "$(PREFIX)"
	"$(PREFIX)/bin/python" -m pip install $(PIP_QUIET) --upgrade .
	rm -rf build crescent.egg-info
	mkdir -p "$(PREFIX)/share/crescent"
	cp -R deploy README.md docs "$(PREFIX)/share/crescent/"
	@echo "installed: $(PREFIX)/bin/crescent (deploy files: $(PREFIX)/share/crescent/deploy)"

clean:
	rm -rf build dist $(VENV)
