"""``--stats``: the statistics as JSON, read only (the database opened read-only, the
folder neither created nor changed)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

from crescent.play.database import DB_FILE
from crescent.play.report import EXIT_UNREADABLE
from crescent.play.session import Session
from crescent.play.storage import Store
from crescent.rules.engine import Game
from tests.helpers_cli import run_main
from tests.helpers_kill import child_env
from tests.play.test_session import CODE, _nearly_won

REPO = Path(__file__).resolve().parents[2]


def stats_of(folder: Path) -> tuple[dict[str, Any], subprocess.CompletedProcess[str]]:
    out = subprocess.run(
        [sys.executable, "-m", "crescent", "--stats", "--data-dir", str(folder)],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout), out


def _play(folder: Path, *, venue: bool) -> None:
    s = Session(Store(folder), background_saves=False, today=lambda: date(2026, 12, 3))
    s.venue = venue
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.new_game()  # abandoned: played, not won
    s.game = Game.from_dict(_nearly_won())
    s.play_text("P1-F4")  # won
    s.new_game(code=CODE)
    s.play_text("P1-P11")  # in progress
    s.close()
    assert s.store is not None
    s.store.close()


def test_stats_prints_every_modes_figures_and_changes_nothing(tmp_path: Path) -> None:
    _play(tmp_path, venue=False)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    report, out = stats_of(tmp_path)
    assert out.stderr == ""
    n = report["modes"]["N"]
    assert (n["played"], n["won"], n["current_streak"], n["best_streak"]) == (2, 1, 1, 1)
    assert (n["fewest_moves"], n["win_rate_last_100"]) == (91, 0.5)
    assert set(report["modes"]) >= {"N", "F", "D", "L"}
    assert report["modes"]["F"]["played"] == 0
    assert report["game"] == {"code": CODE, "moves": 1, "elapsed": 0.0, "idle_abandoned": False}
    assert "venue" not in report  # not a kiosk's folder
    # Read only: no -wal or -shm made, not a byte changed.
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_stats_of_a_kiosks_folder_gives_its_days(tmp_path: Path) -> None:
    _play(tmp_path, venue=True)
    report, _ = stats_of(tmp_path)
    assert report["venue"]["days"] == [{"day": "2026-12-03", "started": 3, "won": 1, "idle": 0}]


def test_stats_of_a_missing_folder_creates_nothing(tmp_path: Path) -> None:
    report, _ = stats_of(tmp_path / "none")
    assert report["modes"]["N"]["played"] == 0
    assert not (tmp_path / "none").exists()


def test_stats_while_the_game_runs_reads_what_is_committed(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.open()  # a running game holds the folder
    s = Session(store, background_saves=False)
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.new_game()
    report, _ = stats_of(tmp_path)
    assert report["modes"]["N"]["played"] == 1
    store.close()
    assert (tmp_path / DB_FILE).exists()


def test_a_win_played_by_play_records_no_time(tmp_path: Path) -> None:
    """Issue 46 item 5: ``--play`` wins with the clock never running; the win counts, its
    0 seconds are no best, average or median time (they showed "Best time 00:00")."""
    s = Session(Store(tmp_path), background_saves=False)
    s.start(code=CODE)
    s.game = Game.from_dict(_nearly_won())
    s.save()
    s.close()
    assert s.store is not None
    s.store.close()
    r = run_main(["--play", "P1-F4", "--frames", "1", "--data-dir", str(tmp_path)], tmp_path)
    assert r.returncode == 0, r.stderr
    n = stats_of(tmp_path)[0]["modes"]["N"]
    assert (n["best_time"], n["average_time"], n["median_time"]) == (None, None, None)
    assert (n["won"], n["untimed_won"]) == (1, 1)


# -- issue 43: --stats says when it cannot read, and writes nothing --------------------------


def _stats_refused(folder: Path) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "crescent", "--stats", "--data-dir", str(folder)],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == EXIT_UNREADABLE, out.stdout
    assert out.stdout == ""  # never figures of nothing
    assert out.stderr.count("\n") == 1
    assert out.stderr.startswith("crescent: cannot read the statistics in ")
    return out.stderr


def test_stats_of_a_newer_versions_database_says_it_cannot_read_it(tmp_path: Path) -> None:
    _play(tmp_path, venue=False)
    conn = sqlite3.connect(tmp_path / DB_FILE)
    conn.execute("PRAGMA user_version = 9")
    conn.close()
    assert "newer version" in _stats_refused(tmp_path)


def test_stats_of_a_database_another_program_locks_reads_its_figures(tmp_path: Path) -> None:
    _play(tmp_path, venue=False)
    other = sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        report, _ = stats_of(tmp_path)  # a copy is read: the lock is not in the way
        assert (report["modes"]["N"]["played"], report["modes"]["N"]["won"]) == (2, 1)
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_stats_of_a_database_with_other_pages_reads_it(tmp_path: Path) -> None:
    _play(tmp_path, venue=False)
    conn = sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA page_size = 1024")
    conn.execute("VACUUM")
    conn.close()
    report, _ = stats_of(tmp_path)
    assert (report["modes"]["N"]["played"], report["modes"]["N"]["won"]) == (2, 1)


def test_stats_while_the_game_runs_writes_nothing_not_even_its_shm(tmp_path: Path) -> None:
    _play(tmp_path, venue=False)
    running = Session(Store(tmp_path), background_saves=False)
    assert running.store is not None
    running.store.open()
    running.start()
    running.play(running.game.legal_moves()[0])  # the -wal and -shm of a game running
    try:
        before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
        assert f"{DB_FILE}-shm" in before
        report, _ = stats_of(tmp_path)
        assert report["modes"]["N"]["played"] == 2
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    finally:
        running.close()
        running.store.close()
