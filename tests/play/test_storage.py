"""crescent.play.storage: the database of a data folder; games whole, bad databases set
aside, newer ones kept, refusing disks said, kill -9 while saving."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import pytest

from crescent.play import database
from crescent.play.database import DB_FILE, MAX_DB_BYTES
from crescent.play.history import GameEnd, Result
from crescent.play.settings import Settings
from crescent.play.stats import Stats
from crescent.play.storage import Notice, SavedGame, Store, default_data_dir, new_game_id
from crescent.rules.engine import Game
from tests.helpers_cli import run_main
from tests.helpers_kill import child_env, drain, spawn_ready

REPO = Path(__file__).resolve().parents[2]
HELPER = Path(__file__).resolve().parents[1] / "helpers_crashsave.py"
FIXED_TIME = datetime(2026, 11, 30, 18, 25, 12, tzinfo=UTC)


def sample_game() -> Game:
    """A face-down game with a redeal and some undo history behind it."""
    game = Game.deal(4242, "D")
    rng = random.Random(7)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    game.redeal()
    for _ in range(5):
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves))
    assert game.can_undo
    return game


def sample_settings() -> Settings:
    return Settings(language="ca", variant="F", four_colour=True, window_size=(1280, 800))


def a_win(game_id: str = "w1") -> GameEnd:
    return GameEnd(
        id=game_id,
        code="CR1-N-AAAAAAB",
        mode="N",
        variant="N",
        result=Result.WON,
        moves=90,
        seconds=300.5,
        ended=0.0,
        end_day="2026-12-01",
    )


def clock() -> datetime:
    return FIXED_TIME


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A data folder holding a game in progress, a won game and settings."""
    folder = tmp_path / "data"
    store = Store(folder)
    assert store.save_game(SavedGame(sample_game(), 75.25, game_id="g1"))
    assert store.end_game(a_win())
    assert store.save_settings(sample_settings())
    assert store.take_notices() == []
    store.close()
    return folder


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# -- round trips ----------------------------------------------------------------


def test_saved_game_loads_back_identical(tmp_path: Path) -> None:
    game = sample_game()
    store = Store(tmp_path / "a" / "b")
    assert store.save_game(SavedGame(game, 61.5, idle_abandoned=True, game_id="x1"))
    loaded = Store(tmp_path / "a" / "b").load_game()
    assert loaded is not None
    assert loaded.game.to_dict() == game.to_dict()
    assert (loaded.elapsed, loaded.idle_abandoned, loaded.game_id) == (61.5, True, "x1")
    # The undo history came back too: undo works on the loaded game.
    assert loaded.game.history == game.history
    assert loaded.game.undo()


def test_the_game_in_progress_is_the_engines_json_in_the_database(root: Path) -> None:
    conn = sqlite3.connect(root / DB_FILE)
    (raw,) = conn.execute("SELECT game FROM current").fetchone()
    conn.close()
    d = json.loads(raw)
    assert d == Game.from_dict(d).to_dict() == sample_game().to_dict()


def test_settings_and_statistics_load_back(root: Path) -> None:
    store = Store(root)
    assert store.load_settings() == sample_settings()
    st = store.load_stats().get("N")
    assert (st.played, st.won, st.best_time) == (1, 1, 300.5)
    assert store.take_notices() == []


def test_clear_game_removes_only_the_game(root: Path) -> None:
    store = Store(root)
    assert store.clear_game()
    assert store.load_game() is None
    assert store.clear_game()  # nothing left to clear is fine
    assert store.load_settings() == sample_settings()
    assert store.load_stats().get("N").won == 1
    assert store.take_notices() == []


def test_store_touches_no_disk_until_used(tmp_path: Path) -> None:
    root = tmp_path / "deep" / "er"
    Store(root)
    assert not (tmp_path / "deep").exists()
    store = Store(root)
    assert store.load_game() is None
    assert store.load_stats() == Stats()
    assert store.load_settings() == Settings()
    assert store.take_notices() == []  # a missing database is a first start, not a fault
    assert (root / DB_FILE).is_file()


def test_saving_a_non_finite_elapsed_is_a_caller_bug(tmp_path: Path) -> None:
    store = Store(tmp_path)
    with pytest.raises(ValueError, match="elapsed"):
        store.save_game(SavedGame(sample_game(), float("nan"), game_id="x"))
    with pytest.raises(ValueError, match="elapsed"):
        store.save_game(SavedGame(sample_game(), -1.0, game_id="x"))
    assert store.load_game() is None


def test_a_read_only_store_changes_nothing(root: Path) -> None:
    before = files(root)
    store = Store(root, read_only=True)
    assert store.load_game() is not None
    assert store.save_game(SavedGame(Game.from_code("CR1-N-AAAAAAB"), 1.0, game_id="t"))
    assert store.end_game(a_win("w2"))
    assert store.load_stats().get("N").won == 2  # in its copy
    store.close()
    assert files(root) == before
    assert Store(root).load_stats().get("N").won == 1


# -- the database checked at start ---------------------------------------------------------


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _huge(path: Path) -> None:
    with path.open("wb") as f:
        f.write(database.HEADER)
        f.truncate(MAX_DB_BYTES + 1)  # sparse


def _random(path: Path) -> None:
    path.write_bytes(random.Random(5).randbytes(8192))


def _truncated(path: Path) -> None:
    store = Store(path.parent)
    for i in range(200):
        store.end_game(a_win(f"w{i}"))
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _pages_overwritten(path: Path) -> None:
    store = Store(path.parent)
    for i in range(200):
        store.end_game(a_win(f"w{i}"))
    store.close()
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 4] = random.Random(9).randbytes(8192)
    path.write_bytes(bytes(data))


def _another_application(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    conn.execute("INSERT INTO contacts VALUES ('Ada', '555')")
    conn.commit()
    conn.close()


BAD_DATABASES: dict[str, Callable[[Path], None]] = {
    "a FIFO": _fifo,
    "a folder": _folder,
    "a link to /dev/zero": _link_to_zero,
    "huge": _huge,
    "random bytes": _random,
    "truncated": _truncated,
    "pages overwritten": _pages_overwritten,
    "another application's database": _another_application,
}


READABLE = {"pages overwritten"}
"""Damaged databases of ours whose games can still be read."""


@pytest.mark.parametrize("case", list(BAD_DATABASES))
def test_a_bad_database_is_set_aside_and_a_fresh_one_used(tmp_path: Path, case: str) -> None:
    path = tmp_path / DB_FILE
    BAD_DATABASES[case](path)
    result: list[object] = []
    store = Store(tmp_path, clock=clock)
    worker = threading.Thread(target=lambda: result.append(store.load_game()), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive(), "opening the database blocked"
    assert result == [None]
    (detail,) = store.details()
    kept = f"{DB_FILE}.corrupt-20261130T182512Z"
    assert f"kept as {kept}" in detail
    if case in READABLE:  # what could be read of it is kept, and said
        assert store.take_notices() == [Notice.REPAIRED]
        assert "kept 200 games" in detail
    else:
        assert store.take_notices() == [Notice.CORRUPT]
        assert "not used" in detail  # what was lost
    assert os.path.lexists(tmp_path / kept)
    # The fresh database works, and the set-aside file is never touched again.
    assert store.end_game(a_win("new"))
    assert Store(tmp_path).load_stats().get("N").won == (201 if case in READABLE else 1)
    assert Store(tmp_path).take_notices() == []


def test_set_aside_names_are_made_unique(tmp_path: Path) -> None:
    for _ in range(3):
        _random(tmp_path / DB_FILE)
        Store(tmp_path, clock=clock).load_game()
    names = sorted(p.name for p in tmp_path.glob(f"{DB_FILE}.corrupt-*[0-9Z]"))
    stamp = "20261130T182512Z"
    assert names == [
        f"{DB_FILE}.corrupt-{stamp}",
        f"{DB_FILE}.corrupt-{stamp}-2",
        f"{DB_FILE}.corrupt-{stamp}-3",
    ]


def _set_current(folder: Path, change: Callable[[dict[str, object]], None]) -> None:
    conn = sqlite3.connect(folder / DB_FILE)
    (raw,) = conn.execute("SELECT game FROM current").fetchone()
    d = json.loads(raw)
    change(d)
    conn.execute("UPDATE current SET game = ?, played = '?'", (json.dumps(d),))
    conn.commit()
    conn.close()


def _rules_redeals_99(d: dict[str, object]) -> None:
    rules = d["rules"]
    assert isinstance(rules, dict)
    rules["redeals"] = 99
    d["redeals_left"] = 99


def _code_of_another_deal(d: dict[str, object]) -> None:
    d["code"] = "CR1-N-AAAAAAC"
    d["variant"] = "N"


@pytest.mark.parametrize(
    ("change", "why"),
    [(_rules_redeals_99, "rules"), (_code_of_another_deal, "code")],
)
def test_a_game_in_progress_that_fails_its_checks_is_not_resumed(
    tmp_path: Path, change: Callable[[dict[str, object]], None], why: str
) -> None:
    store = Store(tmp_path)
    game = Game.from_code("CR1-N-AAAAAAB")
    assert store.save_game(SavedGame(game, 1.0, game_id="g", played=[]))
    store.close()
    _set_current(tmp_path, change)
    again = Store(tmp_path)
    assert again.load_game() is None
    assert again.take_notices() == [Notice.CORRUPT_GAME]
    assert why in again.details()[0] or "cards" in again.details()[0]


def test_a_position_its_logged_moves_do_not_make_is_not_resumed(tmp_path: Path) -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    game.play_text("P1-P11")
    store = Store(tmp_path)
    assert store.save_game(SavedGame(game, 1.0, game_id="g", played=["P2-F7"]))
    assert store.load_game() is None
    assert "moves make" in store.details()[0]
    assert store.save_game(SavedGame(game, 1.0, game_id="g", played=["P1-P11"]))
    loaded = store.load_game()
    assert loaded is not None
    assert loaded.played == ["P1-P11"]


def test_a_newer_versions_database_is_left_alone(root: Path) -> None:
    conn = sqlite3.connect(root / DB_FILE)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = files(root)
    store = Store(root)
    assert store.load_game() is None  # not ours to read: the defaults are used
    assert not store.end_game(a_win("w9"))  # never written
    assert not store.save_settings(Settings())
    assert store.take_notices() == [Notice.NEWER]
    store.close()
    assert files(root) == before


# -- refusing disks --------------------------------------------------------------------------


def _refusing_folder(folder: Path) -> None:
    """A folder whose database cannot be written, even by root: its journal and WAL
    names are taken by folders."""
    folder.mkdir(parents=True, exist_ok=True)
    for suffix in ("-journal", "-wal"):
        (folder / f"{DB_FILE}{suffix}").mkdir()


def test_a_refused_write_records_one_notice_and_keeps_trying(tmp_path: Path) -> None:
    _refusing_folder(tmp_path)
    store = Store(tmp_path)
    for i in range(3):
        assert not store.save_game(SavedGame(sample_game(), float(i), game_id="g"))
        assert store.failing
    assert not store.end_game(a_win())
    assert store.take_notices() == [Notice.CANNOT_SAVE]
    assert store.take_notices() == []
    assert store.load_stats().get("N").won == 1  # the session goes on, in memory
    assert Store(tmp_path).load_stats() == Stats()  # but nothing reached the disk


def test_a_folder_that_cannot_be_created_records_one_notice(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    store = Store(tmp_path / "file" / "data")
    assert store.load_game() is None
    assert not store.save_game(SavedGame(sample_game(), 1.0, game_id="g")) or store.refused
    assert store.take_notices() == [Notice.CANNOT_SAVE]


def test_a_run_whose_result_cannot_be_stored_exits_2_with_one_line(tmp_path: Path) -> None:
    _refusing_folder(tmp_path)
    done = run_main(["--data-dir", str(tmp_path), "--new", "--frames", "1"], tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1
    assert "cannot save" in done.stderr


def test_a_store_shared_between_threads_keeps_every_game(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = sample_game()

    def writer(k: int) -> None:
        for i in range(15):
            store.save_game(SavedGame(game, float(k * 100 + i), game_id=f"g{k}"))
            store.end_game(a_win(f"w{k}-{i}"))

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.take_notices() == []
    assert Store(tmp_path).load_stats().get("N").won == 60
    loaded = Store(tmp_path).load_game()
    assert loaded is not None
    assert loaded.game.to_dict() == game.to_dict()


def test_one_process_per_folder(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path\n"
        "from crescent.play.storage import Store, FolderBusy\n"
        "try:\n    Store(Path(sys.argv[1])).open()\n"
        "except FolderBusy as e:\n    print(e); sys.exit(2)\n"
    )
    holder = Store(tmp_path)
    holder.open()
    busy = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], cwd=REPO, env=child_env(), capture_output=True
    )
    assert busy.returncode == 2
    holder.close()
    free = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], cwd=REPO, env=child_env(), capture_output=True
    )
    assert free.returncode == 0, free.stdout


# -- the rest --------------------------------------------------------------------------


def test_default_data_dir_is_platformdirs_user_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("XDG_DATA_HOME is honoured on Linux only")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "Crescent"
    assert not (tmp_path / "xdg").exists()


def test_importing_the_pure_modules_loads_no_pygame_nor_platformdirs() -> None:
    code = (
        "import sys, crescent.play.storage, crescent.play.stats, crescent.play.settings\n"
        "bad = [m for m in ('pygame', 'platformdirs') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, env=child_env())


def test_game_ids_are_unique_tokens() -> None:
    ids = {new_game_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(len(i) == 32 for i in ids)


# -- crash safety ------------------------------------------------------------------------


def _load_helper() -> ModuleType:
    spec = importlib.util.spec_from_file_location("helpers_crashsave", HELPER)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _positions(helper: ModuleType, seed: int, steps: int) -> Iterator[tuple[int, str]]:
    for saved in helper.positions(seed, steps):
        yield int(saved.elapsed), json.dumps(saved.game.to_dict(), sort_keys=True)


KILLS = 100
STEPS = 1_000_000  # far more than a child reaches before it is killed


@pytest.mark.slow
def test_killed_while_saving_the_database_holds_a_real_recent_position(tmp_path: Path) -> None:
    """Kill a saving process at random instants; the database must always hold a position
    the game passed through, no older than the last save that returned."""
    helper = _load_helper()
    rng = random.Random(20261130)
    reached: list[int] = []
    for run in range(KILLS):
        folder = tmp_path / f"run{run}"
        seed = 1000 + run
        child = spawn_ready(HELPER, str(folder), str(seed), str(STEPS))
        target = rng.randrange(0, 60)
        started = time.monotonic()
        seen: list[bytes] = []
        assert child.stdout is not None
        while len(seen) < target:
            line = child.stdout.readline()
            seen.append(line)
            if not line or line == b"failed\n":
                break  # the child ended early: the checks below say why
        per_step = (time.monotonic() - started) / target if target else 0.002
        time.sleep(rng.uniform(0.0, 2 * per_step))
        child.kill()
        out, err = drain(child)
        lines = b"".join([*seen, out]).decode().split()
        assert "failed" not in lines, err
        acked = int(lines[-1]) if lines else 0
        assert not list(folder.glob("*.tmp")) if folder.exists() else True
        store = Store(folder)
        loaded = store.load_game()
        assert store.take_notices() == []
        store.close()
        if loaded is None:
            assert acked == 0, f"run {run}: step {acked} was saved, the game is gone"
            reached.append(0)
            continue
        step = int(loaded.elapsed)
        assert loaded.elapsed == step >= 1
        # The last save that returned, or the one after it (committed, not yet reported).
        assert acked <= step <= acked + 1, f"run {run}: database at step {step}, acked {acked}"
        expected = dict(_positions(helper, seed, step))[step]
        assert json.dumps(loaded.game.to_dict(), sort_keys=True) == expected
        assert loaded.idle_abandoned == (step % 7 == 0)
        reached.append(step)
    assert sum(1 for s in reached if s > 0) > KILLS // 2
    assert len(set(reached)) > 5


def test_each_damage_says_what_was_kept(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.save_settings(Settings(language="fr"))
    store.close()
    conn = sqlite3.connect(tmp_path / DB_FILE)
    conn.execute("UPDATE settings SET value = '\"nope\"' WHERE name = 'sound'")
    conn.commit()
    conn.close()
    again = Store(tmp_path)
    # One bad value costs that value: the language stays, the sound is the default's.
    assert again.load_settings() == Settings(language="fr")
    assert again.take_notices() == [Notice.CORRUPT_SETTINGS]  # the statistics stay
    assert "the defaults are used for the bad ones" in again.details()[0]
    again.close()
    third = Store(tmp_path)
    assert third.load_settings() == Settings(language="fr")
    assert third.take_notices() == []  # written back: said once


def test_a_win_played_on_a_newer_versions_database_does_not_exit_0(root: Path) -> None:
    conn = sqlite3.connect(root / DB_FILE)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = (root / DB_FILE).read_bytes()
    code, line = (REPO / "tests" / "data" / "levels-won-line.txt").read_text().split("\n", 1)
    done = run_main(
        ["--data-dir", str(root), "--code", code, "--play", line.strip(), "--frames", "1"], root
    )
    assert done.returncode == 2, done.stderr  # the win could not be stored: said
    assert done.stderr.count("\n") == 1
    assert "cannot save" in done.stderr
    assert (root / DB_FILE).read_bytes() == before  # and the newer database is left alone


def test_a_database_connection_trusts_no_schema(tmp_path: Path) -> None:
    store = Store(tmp_path)
    assert store.read(lambda c: c.execute("PRAGMA trusted_schema").fetchone()[0]) == 0
    assert (
        Store(tmp_path, read_only=True).read(
            lambda c: c.execute("PRAGMA trusted_schema").fetchone()[0]
        )
        == 0
    )
