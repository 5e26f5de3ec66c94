"""Every test runs headless: no window, no sound device.

Under pytest-xdist (``make test``, ``make test-all``: ``-n auto --dist loadgroup``) the
tests that share something outside their own ``tmp_path`` run on one worker, one after
another (:data:`SHARED`); benchmarks run by a test write their results to a temporary
folder, never into ``benchmarks/results/``.
"""

import atexit
import os
import shutil
import tempfile

import pytest

pytest_plugins = ["tests.helpers_clock"]
"""Fixtures shared by every test folder (``searches_in_positions``)."""

SHARED: dict[str, str] = {
    # Real X windows driven with fixed waits (each on its own Xvfb, whose number the server
    # picks: benchmarks/xwindow.py's start_xvfb): one at a time, never two on the same core.
    "tests/ui/test_real_window.py::": "x-display",
    "tests/kiosk/test_kiosk_x11.py::": "x-display",
    "tests/kiosk/test_kiosk.py::test_real_kiosk_window_under_xvfb": "x-display",
    "tests/test_bench_kiosk_memory.py::": "x-display",
    "tests/test_bench_kiosk_storm.py::": "x-display",
    # They build from the checkout, which makes and removes build/ and its .egg-info in it
    # (`make deb` makes build/ and dist/).
    "tests/test_resources.py::test_finds_assets_from_an_installed_wheel": "source-tree",
    "tests/kiosk/test_deploy.py::test_make_install_is_headless_and_quiet": "source-tree",
    "tests/test_deb.py::": "source-tree",
}
"""Node id prefix -> the xdist group its tests run in (one worker per group)."""
BENCH_RESULTS = "CRESCENT_BENCH_RESULTS"
"""Where a benchmark records its figures (benchmarks/results.py)."""
_RESULTS_KEY = pytest.StashKey[tuple[str, str | None]]()


@pytest.hookimpl(tryfirst=True)  # before xdist's own, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        for prefix, group in SHARED.items():
            if item.nodeid.startswith(prefix):
                item.add_marker(pytest.mark.xdist_group(group))


def pytest_configure(config: pytest.Config) -> None:
    """A benchmark a test runs records its figures in a temporary folder (the variable is
    inherited by the processes the tests start), removed at the end."""
    folder = tempfile.mkdtemp(prefix="crescent-bench-results-")
    config.stash[_RESULTS_KEY] = (folder, os.environ.get(BENCH_RESULTS))
    os.environ[BENCH_RESULTS] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    folder, before = config.stash[_RESULTS_KEY]
    shutil.rmtree(folder, ignore_errors=True)
    if before is None:
        os.environ.pop(BENCH_RESULTS, None)
    else:
        os.environ[BENCH_RESULTS] = before


os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Kiosk mode refuses SDL's dummy driver (a real kiosk needs a display); the tests ask for it.
os.environ["CRESCENT_KIOSK_HEADLESS"] = "1"
# Card pictures are kept in a cache folder of the tests' own, never in the player's.
_CACHE = tempfile.mkdtemp(prefix="crescent-test-cache-")
os.environ["CRESCENT_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)
