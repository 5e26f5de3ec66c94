"""Files of earlier versions come along: imported once into the database, kept renamed.

``tests/data/saves-0.1`` holds the files of the version before modes (0.1.0,
commit a414014); ``tests/data/saves-0.9`` those of the last version with JSON
files (bbe0282): statistics with game ids and the daily streak, a levels game
in progress, the deals proven winnable, a kiosk's PIN wait and venue days.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from crescent.kiosk.state import KioskState, VenueStats
from crescent.play import history, queries
from crescent.play.session import Session
from crescent.play.storage import Store
from crescent.rules.modes import CRESCENT_FOUR, FACE_DOWN, STANDARD
from tests.helpers_kill import child_env, drain, spawn_ready

DATA = Path(__file__).resolve().parents[1] / "data"
OLD = DATA / "saves-0.1"
LAST = DATA / "saves-0.9"
REPO = Path(__file__).resolve().parents[2]


def _copy(source: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for f in source.iterdir():
        shutil.copy(f, folder / f.name)
    return folder


def test_a_game_settings_and_statistics_from_before_modes_resume(tmp_path: Path) -> None:
    _copy(OLD, tmp_path)
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings.mode is CRESCENT_FOUR
    assert settings.language == "fr"
    s = Session(store, settings, background_saves=False)
    s.start()
    assert s.notices() == []
    assert s.game.code == "CR1-D-AAAAAAB"
    assert s.mode is FACE_DOWN
    assert (s.game.moves, s.game.redeals_left, s.elapsed) == (2, 2, 42.5)
    assert s.game.rules == FACE_DOWN.rules_for_level(1)
    assert s.stats.get(CRESCENT_FOUR.stats_key).won == 1
    assert s.stats.get(STANDARD.stats_key).played == 1
    s.new_game()  # leaving it counts as played, in its own mode's statistics
    assert s.stats.get(FACE_DOWN.stats_key).played == 1
    assert s.mode is CRESCENT_FOUR
    for name in ("game.json", "stats.json", "settings.json"):
        assert not (tmp_path / name).exists()
        assert (tmp_path / f"{name}.imported").read_bytes() == (OLD / name).read_bytes()


def test_every_file_of_the_last_json_version_is_imported(tmp_path: Path) -> None:
    _copy(LAST, tmp_path)
    store = Store(tmp_path)
    stats = store.load_stats()
    n, levels, four = stats.get("N"), stats.get("L"), stats.get("F")
    assert (n.played, n.won, n.current_streak, n.best_streak, n.best_time) == (2, 1, 1, 1, 321.5)
    assert (n.fewest_moves, n.average_time) == (140, 321.5)
    assert (levels.played, levels.best_level) == (1, 3)
    assert (four.played, four.won) == (1, 0)
    assert (stats.daily.won, stats.daily.last_day) == (1, date(2026, 11, 19))
    # The totals had no games behind them: shown as imported.
    assert set(store.read(history.imported)) == {"F", "L", "N"}
    assert store.read(queries.last_games, 10) == []
    settings = store.load_settings()
    assert (settings.language, settings.variant, settings.window_size) == ("ca", "L", (1280, 800))
    assert store.load_winnable() == {"N": [1234], "F": [77]}
    assert KioskState.of(store.load_operator()) == KioskState(4, 1796000000.0, 120.0)
    venue = VenueStats.of(store.read(queries.venue_days))
    assert venue.to_csv().splitlines()[1:] == [
        "2026-11-18,1,1,0",
        "2026-11-19,1,0,1",
        "2026-11-20,1,0,0",
    ]
    s = Session(store, settings, background_saves=False)
    s.venue = True
    s.start()
    assert (s.game.code, s.game.moves, s.elapsed) == ("CR1-L-LEVELSA", 1, 30.0)
    s.play(s.game.legal_moves()[0])
    s.close()
    # The resumed game's start was counted in venue.json: not again.
    assert VenueStats.of(store.read(queries.venue_days)).totals().started == 3
    assert sorted(p.name for p in tmp_path.glob("*.imported")) == sorted(
        f"{p.name}.imported" for p in LAST.iterdir()
    )
    assert s.notices() == []


def test_the_files_are_never_imported_twice(tmp_path: Path) -> None:
    _copy(LAST, tmp_path)
    store = Store(tmp_path)
    assert store.load_stats().get("N").played == 2
    store.close()
    shutil.copy(LAST / "stats.json", tmp_path / "stats.json")  # an older version ran again
    again = Store(tmp_path)
    assert again.load_stats().get("N").played == 2
    assert (tmp_path / "stats.json").exists()  # left alone


IMPORT_CHILD = """
import sys, time
from pathlib import Path
from crescent.play import legacy, storage
real = legacy.import_files
def slow(*args):
    found = real(*args)
    sys.stdout.write("imported\\n"); sys.stdout.flush()
    time.sleep(0.02)
    return found
legacy.import_files = slow
real_keep = storage.keep_imported_files
def slow_keep(*args):
    sys.stdout.write("committed\\n"); sys.stdout.flush()
    time.sleep(0.02)
    real_keep(*args)
storage.keep_imported_files = slow_keep
sys.stdout.write("ready\\n"); sys.stdout.flush()
storage.Store(Path(sys.argv[1])).open()
sys.stdout.write("opened\\n"); sys.stdout.flush()
time.sleep(0.02)
"""


@pytest.mark.slow
def test_an_import_killed_at_any_instant_is_done_once(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(IMPORT_CHILD)
    rng = random.Random(20261203)
    states = set()
    for run in range(20):
        folder = _copy(LAST, tmp_path / f"f{run}")
        child = spawn_ready(script, str(folder))
        assert child.stdout is not None
        # Lines to wait for: none, "imported", "committed", or "opened" (the files renamed;
        # the first run waits for it, so that a loaded machine sees that state too).
        for _ in range(3 if run == 0 else rng.randrange(4)):
            child.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.03))
        child.kill()
        _, err = drain(child)
        assert not err, err.decode(errors="replace")
        states.add(len(list(folder.glob("*.imported"))))
        store = Store(folder)
        assert store.load_stats().get("N").played == 2
        assert VenueStats.of(store.read(queries.venue_days)).totals().started == 3
        assert store.load_game() is not None
        store.close()
        assert len(list(folder.glob("*.json"))) == 0
        assert not list(folder.glob("*.tmp"))
    assert {0, 6} <= states  # killed before the commit, and after the renames


def test_stats_on_an_old_folder_shows_what_the_first_start_imports_and_writes_nothing(
    tmp_path: Path,
) -> None:
    _copy(LAST, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    out = subprocess.run(
        [sys.executable, "-m", "crescent", "--stats", "--data-dir", str(tmp_path)],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    report = json.loads(out.stdout)
    assert report["modes"]["N"]["played"] == 2
    assert report["imported_totals"]["N"]["played"] == 2
    assert report["venue"]["days"][0] == {"day": "2026-11-18", "started": 1, "won": 1, "idle": 0}
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
