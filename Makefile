# Crescent: `make run` to play, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: run test lint package clean screenshot install

$(VENV)/.run-stamp: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-stamp: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,dev]"
	touch $@ $(VENV)/.run-stamp

run: $(VENV)/.run-stamp
	$(PY) main.py

lint: $(VENV)/.test-stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict crescent benchmarks tools tests
	$(VENV)/bin/lint-imports

test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

package: $(VENV)/.test-stamp
	$(VENV)/bin/pyinstaller --noconfirm --clean crescent.spec

screenshot: $(VENV)/.run-stamp
	SDL_VIDEODRIVER=dummy $(PY) main.py --code CR1-N-AAAAAAB --size 1280x800 \
		--play "P1-P11 P2-F7 P3-P7 P15-F6" --screenshot docs/screenshot.png

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
